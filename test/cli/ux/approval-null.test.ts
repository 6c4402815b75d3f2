// An account without approval (the service sends approvalStatus null and the
// label "Unknown") shows no "approval Unknown" to people, and no approval advice in the wizard.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { useSandbox, words } from '../../helpers/sandbox.js';

describe('approval null', () => {
  const sandbox = useSandbox({ activeJobLimit: 1000 });
  const run = (args: string[], tty = false) =>
    runCli([...args, '--base-url', sandbox.current.baseUrl], { tty, env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });

  it('is left out of the created line, shown as "-" in jobs list and jobs get on a terminal', async () => {
    const descriptionFile = join(process.env.RECRUIT_STATE_DIR!, '..', 'approval-null.txt');
    writeFileSync(descriptionFile, words(120));
    const created = await run(['jobs', 'create', '--title', 'No Approval', '--description-file', descriptionFile, '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created job \d+ "No Approval": In Progress \(5\)\n$/);

    const list = await run(['jobs', 'list'], true);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain('Unknown');
    const get = await run(['jobs', 'get', '3'], true);
    expect(get.stdout).toMatch(/^Approval +-$/m);
    // A pipe keeps the service's label, for scripts.
    expect((await run(['jobs', 'list'])).stdout).toContain('\tUnknown\t');
  });
});

describe('the approval caveat of the wizard', () => {
  it('is not shown on the sandbox accounts without approval, and is on the approval account', async () => {
    const { FakePrompter } = await import('../../helpers/fake-prompter.js');
    const { classification, details, publication, review } = await import('../../wizard/scripts.js');
    const seenOn = async (account: string) => {
      const prompter = new FakePrompter([
        ...classification(),
        ...details(`Caveat ${account}`),
        ...publication('No'),
        review('Submit'),
      ]);
      const result = await runCli(['--sandbox', '--sandbox-account', account, 'jobs', 'create'], { tty: true, prompter, env: { NO_COLOR: '1', CI: undefined } });
      expect(result.code, result.stderr).toBe(0);
      return prompter.seen.find((s) => s.message === 'Publish on the career page?')!.descriptions;
    };
    expect(await seenOn('direct')).toMatchObject({ No: undefined, Yes: undefined });
    expect((await seenOn('approval'))?.No).toContain('needs approval');
  });
});
