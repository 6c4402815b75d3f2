// The journal: a finished file creates nothing again; --restart does; a request that was in
// flight when the run died is re-sent with its original key; edits change only what they touch.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { credentialFingerprint } from '../../src/api/client.js';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkJobInput } from '../../src/jobs/job-input.js';
import { bodyHash } from '../../src/exactly-once/canonical-json.js';
import { inputPart, journalFile } from '../../src/exactly-once/journal-files.js';
import { accountLock, lockOf } from '../helpers/run-lock.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { batch, countTitle, jobs, journalEntries, journalPath, parseJson, posts, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

describe('batch re-runs', () => {
  it('a re-run of a finished file creates nothing and says so; --restart creates every job again', async () => {
    const file = writeJobs('finished.ndjson', jobs('Finished Job', 3));
    const first = await batch(proxy.baseUrl, file, ['--verbose']);
    expect(first.code, first.stderr).toBe(0);
    const journal = journalPath(first.stderr);
    expect(journalEntries(journal).filter((e) => e.type === 'created')).toHaveLength(3);

    proxy.reset();
    const again = await batch(proxy.baseUrl, file, ['--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(0);
    expect(again.stderr).toContain('nothing to send: 3 of 3 jobs were created in an earlier run; use --restart to create them again');
    const results = parseJson(again.stdout);
    expect(results.map((r: { result: string; ok: boolean }) => [r.result, r.ok])).toEqual(Array(3).fill(['already_created', true]));
    expect(results[0].jobId).toBe([...sandbox.current.store.jobs.values()].find((j) => j.title === 'Finished Job 0')!.id);

    proxy.reset();
    const restart = await batch(proxy.baseUrl, file, ['--restart']);
    expect(restart.code, restart.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(3);
    for (let i = 0; i < 3; i++) expect(countTitle(sandbox.current, `Finished Job ${i}`)).toBe(2);
    const kept = readdirSync(dirname(journal)).filter((f) => f.startsWith(journal.split('/').at(-1)!.replace('.ndjson', '.replaced-')));
    expect(kept).toHaveLength(1);

    // The restarted journal is the one a further re-run resumes.
    proxy.reset();
    const after = await batch(proxy.baseUrl, file);
    expect(after.code).toBe(0);
    expect(posts(proxy)).toHaveLength(0);
  });

  it('re-sends an item that was sent but never answered with its original key: the service replays, nothing new', async () => {
    const items = jobs('In Flight Job', 2);
    const file = writeJobs('in-flight.ndjson', items);
    // The state a crash leaves: the key is in the journal and the service created the job, but
    // the answer never arrived.
    const key = 'crash-key-0001';
    const body = checkJobInput(items[0], { accountType: 'auto' }).body;
    const journal = journalFile(join(process.env.RECRUIT_STATE_DIR!, 'journals'), realpathSync(file), { baseUrl: proxy.baseUrl, credential: credentialFingerprint('sbx_direct_full') });
    mkdirSync(dirname(journal), { recursive: true });
    appendFileSync(journal, `${JSON.stringify({ type: 'sent', id: `${bodyHash(body)}.0`, key, index: 0 })}\n`);
    const created = await call(sandbox.current, 'POST', '/v1/jobs', { body, idempotencyKey: key });
    expect(created.status).toBe(201);
    expect(countTitle(sandbox.current, 'In Flight Job 0')).toBe(1);

    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('1 unanswered earlier, re-sent with their original key');
    const sent = posts(proxy).find((p) => p.key === key);
    expect(sent).toMatchObject({ status: 201, replayed: true });
    expect(parseJson(res.stdout)[0]).toMatchObject({ result: 'created', jobId: created.body.id });
    expect(countTitle(sandbox.current, 'In Flight Job 0')).toBe(1);
    expect(countTitle(sandbox.current, 'In Flight Job 1')).toBe(1);
  });

  it('keeps the identity of unchanged items when the file is edited: a changed item gets a new key, an inserted one is new', async () => {
    const items = jobs('Edited Job', 3);
    const file = writeJobs('edited.ndjson', items);
    proxy.reset();
    expect((await batch(proxy.baseUrl, file)).code).toBe(0);
    const firstKeys = posts(proxy).map((p) => p.key);

    // Insert a job at the top and change the last one.
    const edited = [jobs('Edited Job New', 1)[0]!, items[0]!, items[1]!, { ...items[2]!, title: 'Edited Job 2 (renamed)' }];
    writeJobs('edited.ndjson', edited);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(parseJson(res.stdout).map((r: { result: string }) => r.result)).toEqual(['created', 'already_created', 'already_created', 'created']);
    expect(posts(proxy)).toHaveLength(2);
    expect(posts(proxy).every((p) => !firstKeys.includes(p.key))).toBe(true);
    expect(countTitle(sandbox.current, 'Edited Job 0')).toBe(1);
    expect(countTitle(sandbox.current, 'Edited Job 2 (renamed)')).toBe(1);
  });

  it('counts identical items: each copy is its own job, once', async () => {
    const [job] = jobs('Twin Job', 1);
    const file = writeJobs('twins.ndjson', [job, job]);
    expect((await batch(proxy.baseUrl, file)).code).toBe(0);
    expect(countTitle(sandbox.current, 'Twin Job 0')).toBe(2);
    expect((await batch(proxy.baseUrl, file)).code).toBe(0);
    expect(countTitle(sandbox.current, 'Twin Job 0')).toBe(2);
    writeJobs('twins.ndjson', [job, job, job]);
    proxy.reset();
    expect((await batch(proxy.baseUrl, file)).code).toBe(0);
    expect(posts(proxy)).toHaveLength(1);
    expect(countTitle(sandbox.current, 'Twin Job 0')).toBe(3);
  });

  it('keeps one journal per target: the same file against another base URL starts fresh, and its keys (no address in them) get the replay', async () => {
    const file = writeJobs('two-targets.ndjson', jobs('Two Targets Job', 1));
    expect((await batch(proxy.baseUrl, file)).code).toBe(0);
    // The proxy and the sandbox behind it: two addresses of one service.
    const direct = await batch(sandbox.current.baseUrl, file, ['--json']);
    expect(direct.code, direct.stderr).toBe(0);
    expect(direct.stderr).toContain('note: 1 job of this file was created earlier with another token or at another address');
    expect(direct.stderr).toContain('note: 1 job was already created by another run of the same items');
    expect(parseJson(direct.stdout)[0]).toMatchObject({ ok: true, result: 'already_created' });
    expect(countTitle(sandbox.current, 'Two Targets Job 0')).toBe(1);
    const journals = readdirSync(join(process.env.RECRUIT_STATE_DIR!, 'journals')).filter((n) => n.startsWith(`${inputPart(realpathSync(file))}-`));
    expect(journals).toHaveLength(2);
  });

  it('refuses a second run of the same file while one is running, and takes over the lock of a dead run', async () => {
    const file = writeJobs('locked.ndjson', jobs('Locked Job', 1));
    const lock = accountLock(proxy.baseUrl);
    mkdirSync(dirname(lock), { recursive: true });
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lock, lockOf(other.pid!, 'recruit jobs apply', 'other.json'));
      proxy.reset();
      const refused = await batch(proxy.baseUrl, file);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`another run is changing the jobs of this account: \`recruit jobs apply\` for other.json (process ${other.pid}, started `);
      expect(posts(proxy)).toHaveLength(0);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const taken = await batch(proxy.baseUrl, file);
    expect(taken.code, taken.stderr).toBe(0);
    expect(countTitle(sandbox.current, 'Locked Job 0')).toBe(1);
    expect(existsSync(lock)).toBe(false);
  });
});

