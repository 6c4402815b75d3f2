// Issue 26, item 14: what a gh user types first. `jobs view` and `jobs edit` are aliases, `jobs
// close` suggests `jobs status`, `lookup job-functions` is `lookup functions`, `jobs get` takes a
// job code, `recruit version` prints the version, and `--status open` suggests the open statuses.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { useSandbox } from '../../helpers/sandbox.js';

describe('gh habits', () => {
  const sandbox = useSandbox();
  const run = (args: string[]) => runCli([...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });

  it('jobs view is jobs get; jobs get takes a job code', async () => {
    const get = await run(['jobs', 'get', '3']);
    expect(get.code).toBe(0);
    expect(await run(['jobs', 'view', '3'])).toEqual(get);
    expect(await run(['jobs', 'get', 'JOB-00003'])).toEqual(get);
    expect(await run(['jobs', 'get', 'job-00003'])).toEqual(get);
    const none = await run(['jobs', 'get', 'NO-SUCH-CODE']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no job has the code "NO-SUCH-CODE"');
  });

  it('jobs edit is jobs update', async () => {
    const edit = await run(['jobs', 'edit', '3', '--experience', '4', '--dry-run']);
    expect(edit.code, edit.stderr).toBe(0);
    const update = await run(['jobs', 'update', '3', '--experience', '4', '--dry-run']);
    expect(edit.stdout).toBe(update.stdout);
    const seconds = (text: string) => text.replace(/\(\d+\.\d s\)/, '(… s)');
    expect(seconds(edit.stderr)).toBe(seconds(update.stderr));
  });

  it('jobs close suggests jobs status with the ids given', async () => {
    const close = await run(['jobs', 'close', '3', '9']);
    expect(close.code).toBe(2);
    expect(close.stderr).toContain('`recruit jobs status 3 9 closed`');
  });

  it('lookup job-functions is lookup functions', async () => {
    const functions = await run(['lookup', 'functions', '--industry', '1']);
    expect(functions.code).toBe(0);
    expect(await run(['lookup', 'job-functions', '--industry', '1'])).toEqual(functions);
  });

  it('recruit version prints the version, as --version does', async () => {
    const version = await runCli(['version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toBe((await runCli(['--version'])).stdout);
  });

  it('--status open suggests the statuses of open jobs', async () => {
    const open = await run(['jobs', 'list', '--status', 'open']);
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('did you mean "in-progress" or "new"?');
    expect(open.stderr).not.toMatch(/hint:.*pending-approval/);
  });
});
