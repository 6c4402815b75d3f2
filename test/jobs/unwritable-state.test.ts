// A one-shot `jobs create` whose submission cannot be saved: a state directory
// below a regular file (ENOTDIR), on a read-only disk (EROFS) or on a full one (ENOSPC). Nothing is
// sent, the message says the submission could not be saved, it offers no `--resume` (there is
// nothing to resume), exits 6, and leaves no temporary file. And when the outcome cannot be saved
// after a 201, the job is reported all the same, and the record says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { LocalStateError } from '../../src/core/errors.js';
import { SubmissionStore } from '../../src/jobs/submissions.js';
import { newSubmission, sendSubmission } from '../../src/jobs/submit.js';
import { runCli } from '../helpers/cli.js';
import { FaultyFs, filesUnder } from '../helpers/faulty-fs.js';
import { useSandbox, validJob, words } from '../helpers/sandbox.js';
import { useScriptedProxy } from '../helpers/scripted-proxy.js';
import { skipNote, useTmpfs } from '../helpers/tmpfs.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);
const home = join(process.env.RECRUIT_STATE_DIR!, '..');
const descriptionFile = join(home, 'description.txt');
writeFileSync(descriptionFile, words(120));

const readOnly = useTmpfs('recruit-readonly-state', 'size=1m,mode=0700', 'ro');
const full = useTmpfs('recruit-full-state', 'size=64k,mode=0700');
if (full.mounted) {
  beforeAll(() => {
    // Fill it: what is left cannot hold a submission.
    try {
      writeFileSync(join(full.dir, 'filler'), Buffer.alloc(1024 * 1024));
    } catch {
      // ENOSPC: full, as wanted
    }
  });
}

const create = (title: string, stateDir: string, extra: string[] = []) =>
  runCli(
    [
      '--base-url', proxy.baseUrl, 'jobs', 'create', '--title', title, '--description-file', descriptionFile,
      '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504', ...extra,
    ],
    { env: { RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: stateDir } },
  );

function expectNothingSentNorKept(res: { code: number; stdout: string; stderr: string }, stateDir: string, why: string): void {
  expect(res.code, res.stderr).toBe(6);
  expect(res.stderr).toMatch(new RegExp(`could not save the submission to .*: ${why.replace(/[()]/g, '\\$&')}; nothing was sent`));
  expect(res.stderr).not.toContain('--resume');
  expect(res.stderr).not.toContain('Nothing was lost');
  expect(res.stdout).toBe('');
  expect(proxy.creates()).toEqual([]);
  expect(filesUnder(stateDir, /\.tmp$/)).toEqual([]);
}

describe('jobs create with a state directory that cannot be written', () => {
  it('below a regular file (ENOTDIR): exit 6, nothing sent, no --resume advice', async () => {
    const file = join(home, 'not-a-directory');
    writeFileSync(file, 'x');
    proxy.reset();
    const res = await create('Unsaved ENOTDIR', join(file, 'state'));
    expectNothingSentNorKept(res, home, 'a part of the path is not a directory (ENOTDIR)');

    // --json: the error as JSON, with its code.
    proxy.reset();
    const json = await create('Unsaved ENOTDIR', join(file, 'state'), ['--json']);
    expect(json.code).toBe(6);
    expect(JSON.parse(json.stderr.trim().split('\n').at(-1)!).error).toMatchObject({ code: 'local_state', status: null });
    expect(proxy.creates()).toEqual([]);
  });

  it.skipIf(!readOnly.mounted)(`on a read-only disk (EROFS): exit 6, nothing sent, nothing left${skipNote(readOnly)}`, async () => {
    proxy.reset();
    const res = await create('Unsaved EROFS', readOnly.dir);
    expectNothingSentNorKept(res, readOnly.dir, 'the file system is read-only (EROFS)');
  });

  it.skipIf(!full.mounted)(`on a full disk (ENOSPC): exit 6, nothing sent, no temporary file left${skipNote(full)}`, async () => {
    proxy.reset();
    const res = await create('Unsaved ENOSPC', full.dir);
    expectNothingSentNorKept(res, full.dir, 'the disk is full (ENOSPC)');
  });
});

describe('sendSubmission on a failing disk', () => {
  const target = () => ({ profile: 'default', baseUrl: sandbox.current.baseUrl });
  const api = () => new ApiClient({ baseUrl: sandbox.current.baseUrl, token: 'sbx_direct_full', userAgent: 'recruit-test' });
  const countTitled = (title: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.title === title).length;

  it('a submission that cannot be saved is not sent', async () => {
    const stateDir = join(home, 'state-unsaved');
    const faulty = new FaultyFs();
    faulty.budget = 100; // the record is larger: a short write, then ENOSPC
    const store = new SubmissionStore({ RECRUIT_STATE_DIR: stateDir }, faulty.fs);
    const submission = newSubmission('unsaved-key-0001', validJob({ title: 'Never Sent' }), target(), 'flags', new Date());
    const client = api();
    await expect(sendSubmission(client, store, submission, () => new Date())).rejects.toThrow(
      /could not save the submission to .*unsaved-key-0001\.json: the disk is full \(ENOSPC\); nothing was sent/,
    );
    await client.close();
    expect(countTitled('Never Sent')).toBe(0);
    expect(filesUnder(stateDir, /./)).toEqual(['submissions']);
  });

  it('after a 201 whose outcome cannot be saved, the job is returned with `unrecorded`; resuming replays it, still one job', async () => {
    const stateDir = join(home, 'state-unrecorded');
    mkdirSync(stateDir);
    // The first save (before the request) succeeds; the second (the outcome) cannot open its temporary file.
    const faulty = new FaultyFs().fail('openSync', 'ENOSPC', { match: (path) => path.endsWith('.tmp'), skip: 1 });
    const store = new SubmissionStore({ RECRUIT_STATE_DIR: stateDir }, faulty.fs);
    const submission = newSubmission('unrecorded-key-0001', validJob({ title: 'Created But Unrecorded' }), target(), 'flags', new Date());
    const client = api();
    const sent = await sendSubmission(client, store, submission, () => new Date());
    expect(sent.job.id).toBeGreaterThan(0);
    expect(sent.job.title).toBe('Created But Unrecorded');
    expect(sent.unrecorded).toBeInstanceOf(LocalStateError);
    expect(sent.unrecorded!.message).toMatch(/could not record the outcome in .*unrecorded-key-0001\.json: the disk is full \(ENOSPC\); the saved submission still says pending/);
    expect(countTitled('Created But Unrecorded')).toBe(1);
    // On disk it is still pending, with its key: resuming it is safe.
    const healthy = new SubmissionStore({ RECRUIT_STATE_DIR: stateDir });
    const kept = healthy.get('unrecorded-key-0001')!;
    expect(kept.state).toBe('pending');
    expect(filesUnder(stateDir, /\.tmp$/)).toEqual([]);

    const resumed = await sendSubmission(client, healthy, kept, () => new Date());
    await client.close();
    expect(resumed.unrecorded).toBeUndefined();
    expect(resumed.job.id).toBe(sent.job.id);
    expect(countTitled('Created But Unrecorded')).toBe(1);
    expect(healthy.get('unrecorded-key-0001')!.state).toBe('created');
  });
});
