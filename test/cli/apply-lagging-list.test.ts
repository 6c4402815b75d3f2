// `jobs apply` when the list of jobs lags writes (an eventually consistent index): a proxy in front
// of the sandbox hides chosen jobs from GET /jobs. What the apply journal records as created wins
// over the list: the job is read by id and planned as it is, never created again.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { useScriptedProxy } from '../helpers/scripted-proxy.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);
const dir = mkdtempSync(join(tmpdir(), 'recruit-lagging-'));

/** Job ids GET /jobs does not show yet. */
const hidden = new Set<number>();

function lagging(): void {
  proxy.script = (req) => {
    if (req.method !== 'GET' || !/^\/jobs\/?(\?|$)/.test(req.path)) return undefined;
    return {
      forward: true,
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: (upstream) => {
        const page = JSON.parse(upstream!) as { data: { id: number }[]; meta: { pagination: { totalItems: number } } };
        const shown = page.data.filter((j) => !hidden.has(j.id));
        page.meta.pagination.totalItems -= page.data.length - shown.length;
        return JSON.stringify({ ...page, data: shown });
      },
    };
  };
}

function apply(path: string, extra: string[] = []): Promise<CliResult> {
  return runCli(['jobs', 'apply', '--file', path, '--yes', ...extra, '--base-url', proxy.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
}

const withCode = (code: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.jobCode === code);

beforeEach(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  proxy.reset();
  hidden.clear();
  lagging();
});

describe('jobs apply with a list that lags writes', () => {
  it('a re-run plans the jobs its journal created from GET /jobs/{id}, and creates nothing', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `LAG-${i}`);
    const path = join(dir, 'lag.json');
    writeFileSync(path, JSON.stringify(codes.map((code) => validJob({ jobCode: code, title: `Lagging ${code}` }))));
    const first = await apply(path);
    expect(first.code, first.stderr).toBe(0);
    for (const code of codes) {
      expect(withCode(code)).toHaveLength(1);
      hidden.add(withCode(code)[0]!.id); // the index has not caught up with the creates
    }
    proxy.reset();

    const again = await apply(path, ['--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(proxy.creates()).toEqual([]);
    for (const code of codes) expect(withCode(code)).toHaveLength(1);
    expect(again.stderr).toContain(`note: LAG-0 is not in the list of jobs yet, but an earlier apply created it as job ${withCode('LAG-0')[0]!.id}`);
    expect(again.stderr).toContain('nothing to change: 10 jobs unchanged');
    const reads = proxy.exchanges.filter((e) => e.method === 'GET' && /^\/jobs\/\d+$/.test(e.path)).map((e) => Number(e.path.slice(6)));
    expect(reads.sort((a, b) => a - b)).toEqual([...hidden].sort((a, b) => a - b));
  });

  it('an edit of a hidden job is planned as an update of that job', async () => {
    const path = join(dir, 'lag-edit.json');
    writeFileSync(path, JSON.stringify([validJob({ jobCode: 'LAG-E', title: 'Lagging edit' })]));
    expect((await apply(path)).code).toBe(0);
    const [job] = withCode('LAG-E');
    hidden.add(job!.id);
    writeFileSync(path, JSON.stringify([validJob({ jobCode: 'LAG-E', title: 'Lagging edit (senior)' })]));
    proxy.reset();
    const again = await apply(path);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Plan: 0 to create, 1 to update, 0 unchanged');
    expect(proxy.creates()).toEqual([]);
    expect(withCode('LAG-E')).toHaveLength(1);
    expect(withCode('LAG-E')[0]!.title).toBe('Lagging edit (senior)');
  });

  it('a journaled job that is gone (404) is said, and the code created again with a key of its own', async () => {
    const path = join(dir, 'lag-gone.json');
    writeFileSync(path, JSON.stringify([validJob({ jobCode: 'LAG-G', title: 'Lagging gone' })]));
    expect((await apply(path)).code).toBe(0);
    const [job] = withCode('LAG-G');
    const firstKey = proxy.creates()[0]!.key;
    sandbox.current.store.jobs.delete(job!.id); // deleted by other means than this API
    proxy.reset();
    const again = await apply(path);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`note: job ${job!.id}, created for LAG-G by an earlier apply, is gone (404 Not Found): LAG-G is planned as a create`);
    // Planned from another state than the first create: another key, so the service creates rather than replays job N.
    expect(proxy.creates()).toHaveLength(1);
    expect(proxy.creates()[0]!.key).not.toBe(firstKey);
    expect(withCode('LAG-G')).toHaveLength(1);
    expect(withCode('LAG-G')[0]!.id).not.toBe(job!.id);
  });
});
