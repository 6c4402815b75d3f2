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

  it('is left out of the created line, and reads "none" everywhere else: tables, pipes, CSV, batch results, jobs wait', async () => {
    const descriptionFile = join(process.env.RECRUIT_STATE_DIR!, '..', 'approval-null.txt');
    writeFileSync(descriptionFile, words(120));
    const created = await run(['jobs', 'create', '--title', 'No Approval', '--description-file', descriptionFile, '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created job \d+ "No Approval": In Progress \(5\)\n$/);

    const everywhere = [
      await run(['jobs', 'list'], true),
      await run(['jobs', 'list']),
      await run(['jobs', 'list', '--csv']),
      await run(['jobs', 'get', '3'], true),
      await run(['jobs', 'get', '3']),
      await run(['jobs', 'get', '3', '--csv']),
      await run(['jobs', 'wait', '3', '--until', 'approved'], true),
    ];
    for (const res of everywhere) {
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout + res.stderr).not.toContain('Unknown');
    }
    const [table, piped, csv, view, pipedView, csvView, waited] = everywhere.map((r) => r.stdout + r.stderr);
    expect(table).toMatch(/^\d+ +JOB-\d+ +No Approval +In Progress +none /m);
    expect(piped).toMatch(/^\d+\tJOB-\d+\tNo Approval\tIn Progress\tnone\t/m);
    expect(csv).toMatch(/^\d+,JOB-\d+,No Approval,In Progress,none,/m);
    expect(view).toMatch(/^Approval +none$/m);
    expect(pipedView).toMatch(/^approvalStatusLabel\tnone$/m);
    expect(csvView).toMatch(/^3,JOB-\d+,[^,]+,[^,]+,none,/m);
    expect(waited).toContain('approval none');

    const file = join(process.env.RECRUIT_STATE_DIR!, '..', 'approval-null.ndjson');
    writeFileSync(file, `${JSON.stringify({ title: 'No Approval Batch', description: words(120), location: 'Berlin, Germany', jobFunctionId: 103, employerTypeId: 504 })}\n`);
    const batch = [await run(['jobs', 'create', '--file', file], true), await run(['jobs', 'create', '--file', file]), await run(['jobs', 'create', '--file', file, '--csv'])];
    for (const res of batch) {
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).not.toContain('Unknown');
    }
    // On a terminal the report leaves out the APPROVAL column when no job has one.
    expect(batch[0]!.stdout).toMatch(/^ITEM +JOB ID +STATUS +RESULT +TITLE\n#0 +\d+ +In Progress +created +No Approval Batch$/m);
    expect(batch[1]!.stdout).toMatch(/^0\tNo Approval Batch\tcreated earlier\t\d+\tIn Progress\tnone\t/m);
    expect(batch[2]!.stdout).toMatch(/^0,No Approval Batch,,created earlier,\d+,In Progress,none,$/m);

    // JSON keeps the service's value: approvalStatus null.
    const json = await run(['jobs', 'get', '3', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ approvalStatus: null });
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
