// `jobs list` with what the service lacks: -L/--limit, -s/-q, and the filters that read
// every page and keep the matching jobs here (--customer, --industry, --job-function, --department,
// --hiring-manager, --created-since, --updated-since), against the sandbox over HTTP.
import { describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { BIN, runCli } from '../helpers/cli.js';
import type { FakeClock } from '../helpers/clock.js';
import { skippingClock } from '../helpers/clock.js';
import { spawnCollect } from '../helpers/spawn.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const ids = (stdout: string) => (JSON.parse(stdout) as Array<{ id: number }>).map((j) => j.id);
const requests = (stderr: string) => stderr.match(/^> GET .*\/v1\/jobs\?.*$/gm) ?? [];

describe('recruit jobs list: --limit, short flags, filters (sandbox)', () => {
  const sandbox = useSandbox();
  const list = (args: string[], options: { token?: string; clock?: FakeClock; tty?: boolean } = {}) =>
    runCli(['jobs', 'list', ...args, '--base-url', sandbox.current.baseUrl], {
      env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1' },
      clock: options.clock,
      tty: options.tty,
    });

  it('-L 3 lists the newest three with one request of three', async () => {
    const result = await list(['-L', '3', '--json', '--verbose']);
    expect(result.code).toBe(0);
    expect(ids(result.stdout)).toEqual([12, 11, 10]);
    expect(requests(result.stderr)).toEqual([expect.stringMatching(/jobs\?pageSize=3&page=1 /)]);
  });

  it('--limit follows pages as needed and asks for no page more', async () => {
    const result = await list(['--limit', '7', '--page-size', '5', '--json', '--verbose']);
    expect(ids(result.stdout)).toEqual([12, 11, 10, 9, 8, 7, 6]);
    expect(requests(result.stderr)).toHaveLength(2);
  });

  it('-s and -q are --status and --search', async () => {
    const short = await list(['-s', 'new', '-q', 'engineer', '--json']);
    const long = await list(['--status', 'new', '--search', 'engineer', '--json']);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(long.stdout);
    expect(ids(short.stdout)).toEqual([3]);
  });

  it('--limit must be a whole number; with --page it is a usage error; nothing sent', async () => {
    for (const args of [['--limit', '0'], ['-L', 'x'], ['-L', '2', '--page', '2'], ['--customer', '1201', '--page', '2']]) {
      const result = await list([...args, '--verbose']);
      expect(result.code, args.join(' ')).toBe(2);
      expect(requests(result.stderr)).toEqual([]);
    }
  });

  it('--industry and --job-function by id or name; a job function named in several industries matches any', async () => {
    const byName = await list(['--industry', 'Healthcare', '--json', 'id']);
    expect(byName.code, byName.stderr).toBe(0);
    expect(ids(byName.stdout)).toEqual([8]);
    expect((await list(['--industry', '2', '--json', 'id'])).stdout).toBe(byName.stdout);
    const fn = await list(['--job-function', 'Quality Assurance', '--json', 'id,jobFunctionId']);
    expect(ids(fn.stdout)).toEqual([4]);
    // Several values: any of them.
    expect(ids((await list(['--industry', '2', '--industry', '3', '--json', 'id'])).stdout)).toEqual([9, 8]);
  });

  it('an unknown name is exit 2 with the closest names', async () => {
    const result = await list(['--industry', 'Helthcare']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Healthcare/);
  });

  it('--created-since takes a date or an age back from the clock', async () => {
    const date = await list(['--created-since', '2026-01-13', '--json', 'id,createdAt']);
    expect(ids(date.stdout)).toEqual([12, 11, 10, 9]);
    const clock = skippingClock();
    const now = Date.parse('2026-01-20T09:00:00Z');
    const aged = await list(['--created-since', '7d', '--json', 'id'], { clock: { ...clock, now: () => now } });
    expect(ids(aged.stdout)).toEqual([12, 11, 10, 9]);
    const bad = await list(['--updated-since', 'last week']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--updated-since must be a date');
  });

  it('filters read every page, in pages of 100, and --limit stops them early', async () => {
    const all = await list(['--industry', '1', '--json', 'id', '--verbose']);
    expect(ids(all.stdout)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(requests(all.stderr)).toEqual([expect.stringMatching(/pageSize=100&page=1 /)]);
    const two = await list(['--industry', '1', '-L', '2', '--page-size', '2', '--json', 'id', '--verbose']);
    expect(ids(two.stdout)).toEqual([7, 6]);
    expect(requests(two.stderr)).toHaveLength(4); // 12 11 | 10 9 | 8 7 | 6 5: stops on the page of the second match
  });

  it('on a terminal: a table, and how many of the jobs read matched', async () => {
    const result = await list(['--industry', '2'], { tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Registered Nurse');
    expect(result.stderr).toContain('1 of the 12 jobs read match');
  });

  it('works with --csv and --jq', async () => {
    const csv = await list(['--industry', '2', '--csv']);
    expect(csv.stdout.trim().split('\r\n')).toHaveLength(2);
    const jq = await list(['--industry', '2', '--jq', '.[].title']);
    expect(jq.stdout).toBe('Registered Nurse\n');
  });
});

describe('done when: jobs list --all --customer "Acme Logistics" --json id | jobs status - closed', () => {
  const sandbox = useSandbox();

  it('closes exactly that customer\'s jobs, through a shell pipe of the built CLI', async () => {
    await ensureFreshBuild();
    const create = async (customerId: number, title: string) => {
      const res = await call(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_staffing_full', idempotencyKey: `k-${title.replace(/ /g, "-")}`, body: validJob({ customerId, title }) });
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    const acme = [await create(1201, 'Acme one'), await create(1201, 'Acme two')];
    const other = await create(1202, 'Northwind one');
    const env = { ...process.env, RECRUIT_TOKEN: 'sbx_staffing_full', RECRUIT_BASE_URL: sandbox.current.baseUrl, NO_COLOR: '1' };
    const recruit = `"${process.execPath}" "${BIN}"`;
    const { code, stdout, stderr } = await spawnCollect('sh', ['-c', `${recruit} jobs list --all --customer "Acme Logistics" --json id | ${recruit} jobs status - closed`], {
      env,
      timeoutMs: 30_000,
    }).done;
    expect({ code, stderr }).toMatchObject({ code: 0 });
    const rows = stdout.trim().split('\n');
    expect(rows.map((r) => Number(r.split('\t')[0])).sort()).toEqual([17, ...acme].sort());
    expect(rows.every((r) => r.split('\t')[2] === 'changed')).toBe(true);
    const statusOf = async (id: number) => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: 'sbx_staffing_full' })).body.status;
    // The seeded Acme job (17) and the two new ones are closed; the others are as they were.
    for (const id of [17, ...acme]) expect(await statusOf(id), `job ${id}`).toBe(1);
    expect(await statusOf(other)).toBe(5);
    expect(await statusOf(18)).toBe(5);
  });
});
