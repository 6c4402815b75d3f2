// Output that fits a terminal of 80 columns without a word broken in two, and that is whole where
// there is no terminal: `jobs list` rows (the title cut as gh cuts it), `recruit jobs --help`, the
// notes the wizard prints, and the plan of `jobs apply` (whole values in a pipe or a CI log).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context/context.js';
import { displayWidth } from '../../src/core/text-width.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { runCli } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { classification, details, review } from '../wizard/scripts.js';
import { batch, writeJobs } from '../batch/helpers.js';
import { wizardContext } from '../wizard/wizard-context.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'recruit-narrow-'));
const contexts: Context[] = [];
const stateDirs: string[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.dispose();
});
afterAll(() => {
  for (const d of [dir, ...stateDirs]) rmSync(d, { recursive: true, force: true });
});

const LONG_TITLE = 'Senior Backend Engineer, Payments Platform (Remote within EMEA)';

function recruit(args: string[], options: { token?: string; tty?: boolean; columns?: number; env?: NodeJS.ProcessEnv } = {}) {
  return runCli([...args, '--base-url', sandbox.current.baseUrl], {
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1', CI: undefined, ...options.env },
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
    ...(options.columns !== undefined ? { columns: options.columns } : {}),
  });
}

/** Every line of `text` at most `width` columns wide. */
function expectFits(text: string, width: number): void {
  for (const line of text.replace(/\n$/, '').split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
}

async function createJob(token: string, key: string, overrides: Record<string, unknown>): Promise<number> {
  const created = await call(sandbox.current, 'POST', '/v1/jobs', { token, idempotencyKey: key, body: validJob(overrides) });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

describe('jobs list at 80 columns', () => {
  it('cuts the title with an ellipsis so that no row wraps; a pipe keeps every title whole', async () => {
    const id = await createJob('sbx_direct_full', 'narrow-list-long-title', { title: LONG_TITLE, publishToCareerPage: true, publishToFreeJobBoards: true });
    const tty = await recruit(['jobs', 'list'], { tty: true, columns: 80 });
    expect(tty.code, tty.stderr).toBe(0);
    expectFits(tty.stdout, 80);
    const row = tty.stdout.split('\n').find((l) => l.startsWith(`${id} `))!;
    expect(row).toMatch(new RegExp(`^${id} +JOB-\\d+ +Senior B\\S*…`));
    expect(row).toContain('career, boards');

    const piped = await recruit(['jobs', 'list']);
    expect(piped.stdout.split('\n')).toContain(`${id}\tJOB-${String(id).padStart(5, '0')}\t${LONG_TITLE}\tIn Progress\tnone\tcareer, boards`);
  });

  it('cuts the names too when the title alone is not enough (a staffing account: function and customer)', async () => {
    const token = 'sbx_staffing_full';
    const customer = (await call(sandbox.current, 'GET', '/v1/customers', { token })).body.data[0];
    const id = await createJob(token, 'narrow-list-staffing', { title: LONG_TITLE, customerId: customer.id, publishToCareerPage: true, publishToFreeJobBoards: true });
    const tty = await recruit(['jobs', 'list'], { token, tty: true, columns: 80 });
    expect(tty.code, tty.stderr).toBe(0);
    expectFits(tty.stdout, 80);
    expect(tty.stdout.split('\n')[0]).toMatch(/ +FUNCTION +CUSTOMER$/);
    expect(tty.stdout).toContain(`${id} `);
  });
});

describe('a batch report at 80 columns', () => {
  it('cuts long titles and job codes too, so that no row of the items needing attention wraps', async () => {
    const items = [998, 999].map((fn, i) => validJob({ title: `${LONG_TITLE} ${i}`, jobCode: `NARROW-BATCH-CODE-THAT-IS-LONG-${i}`, jobFunctionId: fn }));
    const res = await batch(sandbox.current.baseUrl, writeJobs('narrow-report.ndjson', items), ['--concurrency', '1'], { tty: true, columns: 80, env: { NO_COLOR: '1' } });
    expect(res.code, res.stderr).toBe(1);
    expectFits(res.stdout, 80);
    expect(res.stdout).toMatch(/^ITEM +TITLE +JOB CODE +RESULT +ERROR$/m);
    expect(res.stdout).toMatch(/^#0 +Senior Backend\S* .*… +NARROW-BATCH\S*… +refused +400 The request/m);
  });
});

describe('recruit jobs --help at 80 columns', () => {
  it('lists `jobs status` with its own usage and wraps every description between words', async () => {
    const help = await runCli(['jobs', '--help'], { tty: true, columns: 80 });
    expect(help.code).toBe(0);
    expectFits(help.stdout, 80);
    expect(help.stdout).toMatch(/^ {2}status \[options\] <jobId\.\.\.\|-> <status> /m);
    expect(help.stdout).not.toContain('moreJobIds');
    // The command's own help says the same.
    const own = await runCli(['jobs', 'status', '--help'], { tty: true, columns: 80 });
    expect(own.stdout).toMatch(/^Usage: recruit jobs status \[options\] <jobId\.\.\.\|-> <status>$/m);
    // Each description is whole once its lines are joined: no word was broken to fit.
    const status = help.stdout.slice(help.stdout.indexOf('  status ['));
    const description = status
      .split('\n')
      .slice(0, 4)
      .map((l) => l.trim())
      .join(' ');
    expect(description).toContain('change the lifecycle status of one job or many (ids, or - for stdin): a code (1, 2, 4, 5) or a label');
  });

  it('puts a description under its term where the terminal leaves too little room beside it', async () => {
    const help = await runCli(['jobs', '--help'], { tty: true, columns: 60 });
    expectFits(help.stdout, 60);
    expect(help.stdout).toMatch(/^ {2}status \[options\] <jobId\.\.\.\|-> <status>\n {6}change the lifecycle status/m);
  });
});

describe('the wizard on a narrow terminal', () => {
  it('breaks its notes between words', async () => {
    const w = wizardContext(sandbox.current, { accountType: 'direct' });
    contexts.push(w.ctx);
    stateDirs.push(w.stateDir);
    w.stderr.columns = 40;
    const prompter = new FakePrompter([...classification(), { kind: 'input', message: 'Job title', answer: 'Narrow Draft' }, { kind: 'multiline', message: 'Description', interrupt: true }]);
    await expect(runWizard(w.ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
    const note = w.stderr.text.slice(w.stderr.text.indexOf('Draft saved'));
    expect(note.split('\n').length).toBeGreaterThan(2);
    expectFits(note, 40);
    expect(note.replace(/\n/g, ' ')).toContain('Draft saved; run `recruit');
  });

  it('wraps a long answer of the review between words, under the answers', async () => {
    const w = wizardContext(sandbox.current, { accountType: 'direct' });
    contexts.push(w.ctx);
    stateDirs.push(w.stateDir);
    w.stderr.columns = 60;
    const prompter = new FakePrompter([...classification(), ...details(LONG_TITLE), review('Save draft and quit')]);
    await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    const shown = w.stderr.text.slice(w.stderr.text.indexOf('Review the job:'));
    const lines = shown.slice(0, shown.indexOf('\n\n')).split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60);
    const title = lines.findIndex((l) => /^ {2}Title +Senior/.test(l));
    const indent = lines[title]!.indexOf('Senior');
    expect(lines[title + 1]!.slice(0, indent).trim()).toBe('');
    expect([lines[title]!.slice(indent), lines[title + 1]!.trim()].join(' ')).toMatch(/^Senior Backend Engineer, Payments/);
  });
});

describe('the apply plan', () => {
  const file = (items: unknown[]) => {
    const path = join(dir, 'plan.json');
    writeFileSync(path, JSON.stringify(items));
    return path;
  };

  it('is whole in a pipe or a CI log, and fits a terminal', async () => {
    await createJob('sbx_direct_full', 'narrow-apply-job', { jobCode: 'NARROW-APPLY-CODE-THAT-IS-LONG', title: 'Backend Engineer' });
    const newTitle = `${LONG_TITLE}, and a title longer than any column`;
    const path = file([validJob({ jobCode: 'NARROW-APPLY-CODE-THAT-IS-LONG', title: newTitle }), validJob({ jobCode: 'NARROW-NEW', title: LONG_TITLE })]);

    const piped = await recruit(['jobs', 'apply', '--file', path, '--dry-run'], { columns: 80 });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain(`title: "Backend Engineer" → ${JSON.stringify(newTitle)}`);
    expect(piped.stdout).toContain('NARROW-APPLY-CODE-THAT-IS-LONG');
    expect(piped.stdout).toMatch(new RegExp(`create +NARROW-NEW +${LONG_TITLE.replace(/[()]/g, '\\$&')} +new job`));
    expect(piped.stdout).not.toContain('…');

    const tty = await recruit(['jobs', 'apply', '--file', path, '--dry-run'], { tty: true, columns: 80 });
    expect(tty.code, tty.stderr).toBe(0);
    expectFits(tty.stdout, 80);
    expect(tty.stdout).toContain('…');

    const ci = await recruit(['jobs', 'apply', '--file', path, '--yes'], { columns: 80, env: { CI: 'true' } });
    expect(ci.code, ci.stderr).toBe(0);
    expect(ci.stderr).toContain(JSON.stringify(newTitle));
  });
});
