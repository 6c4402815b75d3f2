// What a gh user types first. `jobs view` is an alias (`jobs edit` is a command of
// its own, test/cli/jobs-edit.test.ts), `jobs
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

  it('jobs edit opens an editor, as gh issue edit does, and says so without a terminal', async () => {
    const edit = await runCli(['jobs', 'edit', '3', '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', EDITOR: undefined, VISUAL: undefined } });
    expect(edit.code).toBe(2);
    expect(edit.stderr).toContain('jobs edit opens an editor, which needs a terminal');
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
