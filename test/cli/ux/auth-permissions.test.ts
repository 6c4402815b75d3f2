// `auth status` says what a token may do, found with requests that cannot
// change anything (a job creation without fields, a status change of no job), so a read-only
// token is told before the first change fails with 403.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { useSandbox } from '../../helpers/sandbox.js';

describe('auth status: what the token may do', () => {
  const sandbox = useSandbox();
  const status = (token: string, json = false) =>
    runCli(['auth', 'status', ...(json ? ['--json'] : [])], { env: { RECRUIT_TOKEN: token, RECRUIT_BASE_URL: sandbox.current.baseUrl, NO_COLOR: '1' } });

  it('names a read-only token as such, and a full one as able to change jobs; nothing changes', async () => {
    const before = JSON.stringify([...sandbox.current.store.jobs.values()]);
    const readonly = await status('sbx_direct_readonly');
    expect(readonly.code).toBe(0);
    expect(readonly.stdout).toMatch(/^Can\s+read jobs; not create or update jobs \(403\), not change statuses \(403\)$/m);
    expect(readonly.stderr).toContain('warning: the token can only read jobs');
    const full = await status('sbx_direct_full');
    expect(full.stdout).toMatch(/^Can\s+read jobs, create and update jobs, change statuses$/m);
    expect(full.stderr).toBe('');
    const nostatus = JSON.parse((await status('sbx_direct_nostatus', true)).stdout);
    expect(nostatus.permissions).toEqual({ readJobs: true, changeJobs: true, changeStatus: false });
    expect(JSON.stringify([...sandbox.current.store.jobs.values()])).toBe(before);
  });
});
