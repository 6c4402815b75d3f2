// One job sent from its persisted submission (field flags, a clone, --resume) comes back as a value:
// the job, and what to say with it; nothing of the sending writes on stdout. The command prints it
// (src/commands/jobs/create/print-created.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { printCreated } from '../../src/commands/jobs/create/print-created.js';
import type { Context } from '../../src/context/context.js';
import { createContext } from '../../src/context/create-context.js';
import { sendPersisted } from '../../src/jobs/send-persisted.js';
import { SubmissionStore } from '../../src/jobs/submissions.js';
import { newSubmission } from '../../src/jobs/submit.js';
import { targetOf } from '../../src/jobs/target.js';
import type { IO } from '../../src/terminal/io.js';
import { Capture } from '../helpers/cli.js';
import { FaultyFs } from '../helpers/faulty-fs.js';
import { useSandbox, validJob } from '../helpers/sandbox.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const contexts: Context[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.dispose();
});

function setup(json = false) {
  const stdout = new Capture(false);
  const stderr = new Capture(false);
  const stdin = Readable.from([]) as IO['stdin'];
  stdin.isTTY = false;
  const stateDir = mkdtempSync(join(tmpdir(), 'recruit-send-'));
  const env = { ...process.env, RECRUIT_STATE_DIR: stateDir, RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' };
  const ctx = createContext({ stdin, stdout, stderr }, env, { color: false, json });
  contexts.push(ctx);
  return { ctx, stdout, stderr, env };
}

describe('sendPersisted', () => {
  it('returns the created job and prints nothing; the command prints the summary', async () => {
    const { ctx, stdout, env } = setup();
    const api = await ctx.api();
    const submission = newSubmission('returned-key-0001', validJob({ title: 'Returned Not Printed' }), targetOf(ctx, api), 'flags', new Date());
    const created = await sendPersisted(ctx, api, new SubmissionStore(env), submission);
    expect(created.job).toMatchObject({ id: expect.any(Number), title: 'Returned Not Printed' });
    expect(created.warning).toBeUndefined();
    expect(created.error).toBeUndefined();
    expect(stdout.text).toBe('');
    await printCreated(ctx, created);
    expect(stdout.text).toBe(`Created job ${created.job.id} "Returned Not Printed": In Progress (5)\n`);
  });

  it('an outcome that could not be recorded is a warning, said after the job is printed', async () => {
    const { ctx, stdout, stderr, env } = setup(true);
    const api = await ctx.api();
    // The first save (before the request) succeeds; the second (the outcome) cannot open its temporary file.
    const faulty = new FaultyFs().fail('openSync', 'ENOSPC', { match: (path) => path.endsWith('.tmp'), skip: 1 });
    const submission = newSubmission('returned-key-0002', validJob({ title: 'Returned Unrecorded' }), targetOf(ctx, api), 'flags', new Date());
    const created = await sendPersisted(ctx, api, new SubmissionStore(env, faulty.fs), submission);
    expect(created.warning).toMatch(/the saved submission still says pending; `recruit jobs pending` may still list it: resuming it is safe/);
    expect(stdout.text + stderr.text).toBe('');
    await printCreated(ctx, created);
    expect(JSON.parse(stdout.text)).toMatchObject({ id: created.job.id, title: 'Returned Unrecorded' });
    expect(stderr.text).toContain('resuming it is safe, the service replays the job');
  });
});
