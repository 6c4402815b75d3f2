// The completion cache holds one account's values (switching accounts drops the
// other's), whole lists when a command fetched them whole, and the one-word names of lookups.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCache } from '../../src/completion/cache.js';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox } from '../helpers/sandbox.js';

const stateDirWith = () => mkdtempSync(join(tmpdir(), 'recruit-cache-'));

describe('the completion cache per account', () => {
  const sandbox = useSandbox();
  const cli = (args: string[], dir: string, token = 'sbx_direct_full') =>
    runCli(['--base-url', sandbox.current.baseUrl, ...args], { env: { RECRUIT_STATE_DIR: dir, RECRUIT_TOKEN: token }, tty: true });
  const cached = (dir: string, kind: Parameters<typeof readCache>[1]) => readCache({ RECRUIT_STATE_DIR: dir }, kind, new Date());

  it("drops another account's jobs once a command runs for this one", async () => {
    const dir = stateDirWith();
    expect((await cli(['jobs', 'list'], dir)).code).toBe(0);
    expect(cached(dir, 'jobs').length).toBeGreaterThan(0);
    expect((await cli(['lookup', 'industries'], dir, 'sbx_staffing_full')).code).toBe(0);
    expect(cached(dir, 'jobs')).toEqual([]);
    // The same account again keeps what it has.
    expect((await cli(['jobs', 'list'], dir, 'sbx_staffing_full')).code).toBe(0);
    const staffing = cached(dir, 'jobs').length;
    expect((await cli(['lookup', 'industries'], dir, 'sbx_staffing_full')).code).toBe(0);
    expect(cached(dir, 'jobs')).toHaveLength(staffing);
  });

  it('follows the canonical base URL, and gets the statuses back from the job options cache after another base URL', async () => {
    const dir = stateDirWith();
    const at = (baseUrl: string, args: string[]) => runCli(['--base-url', baseUrl, ...args], { env: { RECRUIT_STATE_DIR: dir, RECRUIT_TOKEN: 'sbx_direct_full' }, tty: true });
    const a = sandbox.current.baseUrl;
    const b = a.replace('127.0.0.1', 'localhost');
    expect(b).not.toBe(a);
    expect((await at(a, ['lookup', 'job-options'])).code).toBe(0);
    expect(cached(dir, 'statuses').length).toBeGreaterThan(0);
    // Another spelling of the same base URL is the same scope.
    expect((await at(`${a}/`, ['jobs', 'list'])).code).toBe(0);
    expect(cached(dir, 'statuses').length).toBeGreaterThan(0);
    // Another base URL empties it; back on the first, its job options (cached for a day) fill it again.
    expect((await at(b, ['jobs', 'list'])).code).toBe(0);
    expect(cached(dir, 'statuses')).toEqual([]);
    const back = await at(a, ['jobs', 'list', '--status', 'closed', '--verbose']);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).not.toMatch(/GET \S*\/job-options/);
    expect(cached(dir, 'statuses').map((e) => e.value)).toContain('in-progress');
  });

  it('keeps every industry once a command read them all, and their one-word names as values', async () => {
    const dir = stateDirWith();
    const all = await call(sandbox.current, 'GET', '/v1/industries?pageSize=100');
    const total = (all.body as { data: unknown[] }).data.length;
    expect((await cli(['lookup', 'industries'], dir)).code).toBe(0);
    expect(cached(dir, 'industries').filter((e) => /^\d+$/.test(e.value)).length).toBeLessThan(total);
    expect((await cli(['jobs', 'get', '3'], dir)).code).toBe(0);
    const values = cached(dir, 'industries').map((e) => e.value);
    expect(values.filter((v) => /^\d+$/.test(v))).toHaveLength(total);
    expect(cached(dir, 'industries')).toContainEqual({ value: 'Healthcare', description: 'id 2' });
  });
});
