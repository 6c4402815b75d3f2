// `recruit jobs get` against a real sandbox over loopback.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const sandbox = useSandbox();
/** Nothing listens there: a request would end in exit 5 after retries. */
const DEAD_URL = 'http://127.0.0.1:9/v1';

function get(args: string[], options: { token?: string; tty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  return runCli(['jobs', 'get', ...args, '--base-url', sandbox.current.baseUrl], {
    tty: options.tty,
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1', ...options.env },
  });
}

async function setFaults(spec: string, queue: string[] = []): Promise<void> {
  const res = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec, queue } });
  expect(res.status).toBe(200);
}

describe('recruit jobs get', () => {
  it('prints the job exactly as the API returned it with --json', async () => {
    const result = await get(['3', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const api = await call(sandbox.current, 'GET', '/v1/jobs/3');
    expect(JSON.parse(result.stdout)).toEqual(api.body);
  });

  it('prints an aligned listing with labels on a terminal', async () => {
    const result = await get(['3'], { tty: true });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'ID                  3',
      'Title               Data Engineer',
      'Code                JOB-00003',
      'Status              New (2)',
      'Approval            Unknown',
      'Location            Toronto, ON, Canada',
      'Published           career page no, free boards no',
    ]);
    expect(result.stdout).toMatch(/^Skills {14}Communication, Teamwork$/m);
    expect(result.stdout).toMatch(/^Experience \(years\) {2}4$/m);
    expect(result.stdout).not.toMatch(/^Customer/m); // null fields are left out
    expect(lines.slice(-2)).toEqual(['Created             2026-01-07T09:00:00.000Z', 'Updated             2026-01-07T09:00:00.000Z']);
    expect(result.stdout).not.toContain('\t');
    // The description wraps to the terminal's 100 columns, under its first line.
    const description = lines.findIndex((l) => l.startsWith('Description'));
    expect(lines[description]).toMatch(/^Description {9}We are looking for a Data Engineer/);
    expect(lines[description + 1]).toMatch(/^ {20}\S/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
  });

  it('shows a pending approval with its code', async () => {
    const result = await get(['14'], { tty: true, token: 'sbx_approval_full' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Status +Pending Approval \(3\)$/m);
    expect(result.stdout).toMatch(/^Approval +Pending \(0\)$/m);
  });

  it('colours the status only when colour is on', async () => {
    const env = { NO_COLOR: undefined };
    const coloured = await get(['1'], { tty: true, env: { ...env, FORCE_COLOR: '1' } });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain('\u001b[32mIn Progress (5)\u001b[39m');
    const plain = await get(['1'], { tty: true, env: { ...env, FORCE_COLOR: '0' } });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^Status +In Progress \(5\)$/m);
    expect(plain.stdout).not.toContain('\u001b');
  });

  it('prints field<TAB>value lines with API names when piped', async () => {
    const result = await get(['1'], { env: { NO_COLOR: undefined, FORCE_COLOR: '0' } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 10)).toEqual([
      'id\t1',
      'title\tSenior Backend Engineer',
      'jobCode\tJOB-00001',
      'status\t5',
      'statusLabel\tIn Progress',
      'approvalStatus\t',
      'approvalStatusLabel\tUnknown',
      'location\tAustin, TX, USA',
      'publishToCareerPage\ttrue',
      'publishToFreeJobBoards\tfalse',
    ]);
    expect(lines).toContain('skills\t["Communication","Teamwork"]');
    expect(lines.at(-1)).toBe('updatedAt\t2026-01-05T09:00:00.000Z');
    expect(lines.every((l) => l.split('\t').length === 2)).toBe(true);
  });

  it('escapes control characters of a title in the listing and in a pipe', async () => {
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      body: validJob({ title: 'Evil \u001b[31mRed\u0007 title' }),
      idempotencyKey: 'jobs-get-evil-title',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const tty = await get([id], { tty: true });
    expect(tty.stdout).toMatch(/^Title +Evil \\e\[31mRed\\x07 title$/m);
    expect(tty.stdout).not.toContain('\u001b');
    const piped = await get([id]);
    expect(piped.stdout).toContain('title\tEvil \\e[31mRed\\x07 title\n');
    expect(piped.stdout).not.toContain('\u001b');
    expect(piped.stdout).not.toContain('\u0007');
  });

  it('refuses an id that is not a positive integer before sending anything (exit 2)', async () => {
    for (const id of ['abc', '0', '1.5', '12abc', '']) {
      const result = await runCli(['jobs', 'get', id, '--base-url', DEAD_URL], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
      expect(result.code, id).toBe(2);
      expect(result.stderr).toContain('job id must be a positive integer');
    }
  });

  it('says what the server said for an unknown job or one of another account (exit 1)', async () => {
    const unknown = await get(['9999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No job with id 9999');
    expect(unknown.stdout).toBe('');
    expect((await get(['17'])).code).toBe(1); // a staffing-account job
  });

  it('reports errors as JSON on stderr with --json', async () => {
    const result = await get(['9999', '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'not_found', status: 404, retryable: false } });
  });

  it('exits 3 for a bad token (401) and for a token without jobs.read (403)', async () => {
    const bad = await get(['1'], { token: 'sbx_nobody_full' });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('401');
    const forbidden = await get(['1'], { token: 'sbx_direct_lookups' });
    expect(forbidden.code).toBe(3);
    expect(forbidden.stderr).toContain('403');
  });

  it('waits out a 429 (Retry-After: 1) and succeeds', async () => {
    await setFaults('', ['429']);
    const started = Date.now();
    const result = await get(['2', '--json']);
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 2, title: 'DevOps Engineer' });
  });

  it('gives up with exit 5 when every attempt gets a 503', async () => {
    await setFaults('503=1');
    try {
      const result = await get(['2']);
      expect(result.code).toBe(5);
      expect(result.stderr).toContain('gave up after 5 attempts');
      expect(result.stdout).toBe('');
    } finally {
      await setFaults('');
    }
  });

  it('prints request and response lines with --verbose, never the token', async () => {
    const result = await get(['2', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/v1\/jobs\/2 attempt=1$/m);
    expect(result.stderr).toMatch(/^< 200 GET .*\/v1\/jobs\/2 \d+ms attempt=1$/m);
    expect(result.stdout + result.stderr).not.toContain('sbx_direct_full');
  });
});
