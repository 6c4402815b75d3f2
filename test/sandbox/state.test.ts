// Durable sandbox state (stateFile): what survives a restart, torn writes, file mode and reset.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, validJob } from '../helpers/sandbox.js';

const SEEDED_JOBS = 21;

describe('sandbox state file', () => {
  const root = mkdtempSync(join(tmpdir(), 'recruit-sandbox-state-'));
  let dir: string;
  let stateFile: string;
  const running = new Set<RunningSandbox>();

  async function start(): Promise<RunningSandbox> {
    const sandbox = await startSandbox({ port: 0, stateFile });
    running.add(sandbox);
    return sandbox;
  }

  async function stop(sandbox: RunningSandbox): Promise<void> {
    running.delete(sandbox);
    await sandbox.close();
  }

  async function restart(sandbox: RunningSandbox): Promise<RunningSandbox> {
    await stop(sandbox);
    return start();
  }

  beforeEach(() => {
    dir = mkdtempSync(join(root, 'case-'));
    stateFile = join(dir, 'nested', 'state.ndjson');
  });
  afterEach(async () => {
    for (const sandbox of running) await sandbox.close();
    running.clear();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the state file, and its directory, with mode 0600', async () => {
    expect(existsSync(stateFile)).toBe(false);
    const sandbox = await start();
    expect(existsSync(stateFile)).toBe(true);
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    await call(sandbox, 'POST', '/v1/jobs', { body: validJob(), idempotencyKey: 'state-mode' });
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
  });

  it('keeps created, updated and status-changed jobs across a restart', async () => {
    let sandbox = await start();
    const created = await call(sandbox, 'POST', '/v1/jobs', {
      body: validJob({ title: 'Persisted Job' }),
      idempotencyKey: 'state-create-1',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await call(sandbox, 'PATCH', `/v1/jobs/${id}`, { body: { title: 'Persisted Job (edited)' }, idempotencyKey: 'state-edit-1' }))
        .status,
    ).toBe(200);
    expect((await call(sandbox, 'PATCH', `/v1/jobs/${id}/status`, { body: { status: 2 }, idempotencyKey: 'state-status-1' })).status).toBe(
      200,
    );
    expect((await call(sandbox, 'PATCH', '/v1/jobs/1', { body: { title: 'Edited Seed Job' } })).status).toBe(200);
    const approval = await call(sandbox, 'POST', '/_sandbox/jobs/14/approve', { token: null });
    expect(approval.status).toBe(200);
    const before = await call(sandbox, 'GET', `/v1/jobs/${id}`);

    sandbox = await restart(sandbox);

    const after = await call(sandbox, 'GET', `/v1/jobs/${id}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(after.body).toMatchObject({ title: 'Persisted Job (edited)', status: 2, statusLabel: 'New' });
    expect((await call(sandbox, 'GET', '/v1/jobs/1')).body.title).toBe('Edited Seed Job');
    expect((await call(sandbox, 'GET', '/v1/jobs/14', { token: 'sbx_approval_full' })).body).toMatchObject({
      status: 5,
      approvalStatus: 1,
    });

    // Ids continue after the persisted ones.
    const next = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'After Restart' }), idempotencyKey: 'state-create-2' });
    expect(next.status).toBe(201);
    expect(next.body.id).toBe(id + 1);
  });

  it('replays an idempotent creation after a restart without creating a second job', async () => {
    let sandbox = await start();
    const body = validJob({ title: 'Replayed After Restart' });
    const original = await call(sandbox, 'POST', '/v1/jobs', { body, idempotencyKey: 'state-replay' });
    expect(original.status).toBe(201);
    // A later change does not alter what the replay returns: the original result.
    await call(sandbox, 'PATCH', `/v1/jobs/${original.body.id}`, { body: { title: 'Changed Later' }, idempotencyKey: 'state-replay-edit' });
    const countBefore = (await call(sandbox, 'GET', '/v1/jobs')).body.meta.pagination.totalItems as number;

    sandbox = await restart(sandbox);

    const replay = await call(sandbox, 'POST', '/v1/jobs', { body, idempotencyKey: 'state-replay' });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers.location).toBe(original.headers.location);
    expect(replay.body).toEqual(original.body);
    expect((await call(sandbox, 'GET', '/v1/jobs')).body.meta.pagination.totalItems).toBe(countBefore);

    const reused = await call(sandbox, 'POST', '/v1/jobs', {
      body: validJob({ title: 'Another Body' }),
      idempotencyKey: 'state-replay',
    });
    expect(reused.status).toBe(422);
  });

  it('ignores a torn last line and keeps what came before it', async () => {
    let sandbox = await start();
    const created = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Before The Tear' }), idempotencyKey: 'state-torn-1' });
    expect(created.status).toBe(201);
    await stop(sandbox);
    appendFileSync(stateFile, '{"job":{"id":99,"title":"Torn Wri');

    sandbox = await start();
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).body.title).toBe('Before The Tear');
    expect((await call(sandbox, 'GET', '/v1/jobs/99')).status).toBe(404);

    // What is written after the torn line survives the next restart too.
    const later = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'After The Tear' }), idempotencyKey: 'state-torn-2' });
    expect(later.status).toBe(201);
    sandbox = await restart(sandbox);
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).body.title).toBe('Before The Tear');
    const afterTear = await call(sandbox, 'GET', `/v1/jobs/${later.body.id}`);
    expect(afterTear.status).toBe(200);
    expect(afterTear.body.title).toBe('After The Tear');
  });

  it('keeps a complete last line that lacks its newline, and what is written after it', async () => {
    let sandbox = await start();
    const created = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'No Newline' }), idempotencyKey: 'state-nl-1' });
    expect(created.status).toBe(201);
    await stop(sandbox);
    const text = readFileSync(stateFile, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    writeFileSync(stateFile, text.slice(0, -1));

    sandbox = await start();
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).body.title).toBe('No Newline');
    const later = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'After No Newline' }), idempotencyKey: 'state-nl-2' });
    expect(later.status).toBe(201);
    sandbox = await restart(sandbox);
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).body.title).toBe('No Newline');
    expect((await call(sandbox, 'GET', `/v1/jobs/${later.body.id}`)).body.title).toBe('After No Newline');
  });

  it('empties the file on reset, and a restart then starts from the seed', async () => {
    let sandbox = await start();
    const created = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Reset Me' }), idempotencyKey: 'state-reset' });
    expect(created.status).toBe(201);
    await call(sandbox, 'PATCH', '/v1/jobs/1', { body: { title: 'Reset Me Too' } });
    expect(readFileSync(stateFile, 'utf8')).not.toBe('');

    expect((await call(sandbox, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
    expect(readFileSync(stateFile, 'utf8')).toBe('');
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);

    sandbox = await restart(sandbox);
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).status).toBe(404);
    expect((await call(sandbox, 'GET', '/v1/jobs/1')).body.title).toBe('Senior Backend Engineer');
    const again = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'New After Reset' }), idempotencyKey: 'state-reset' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.id).toBe(SEEDED_JOBS + 1);
  });

  it('keeps what is written after a reset', async () => {
    let sandbox = await start();
    expect((await call(sandbox, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
    const created = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Written After Reset' }), idempotencyKey: 'state-post-reset' });
    expect(created.status).toBe(201);
    sandbox = await restart(sandbox);
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).body.title).toBe('Written After Reset');
  });
});

describe('two sandboxes on one state file (two commands in two terminals)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-sandbox-shared-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('each request sees what the other wrote, and the file is read again only when the other changed it', async () => {
    const { FailingFs } = await import('./failing-fs.js');
    const stateFile = join(dir, 'state.ndjson');
    const counted = new FailingFs();
    let reads = 0;
    const readFile = counted.readFileSync;
    counted.readFileSync = (path: string) => {
      reads++;
      return readFile(path);
    };
    const waiting = await startSandbox({ port: 0, stateFile, stateFs: counted });
    const other = await startSandbox({ port: 0, stateFile });
    try {
      const created = await call<{ id: number }>(waiting, 'POST', '/v1/jobs', { token: 'sbx_approval_full', body: validJob() });
      expect(created.status).toBe(201);
      for (let i = 0; i < 20; i++) expect((await call(waiting, 'GET', `/v1/jobs/${created.body.id}`, { token: 'sbx_approval_full' })).status).toBe(200);
      expect(reads).toBe(1); // at start only: its own writes are not read back
      expect((await call(other, 'POST', `/_sandbox/jobs/${created.body.id}/approve`, { token: null })).status).toBe(200);
      const seen = await call<{ status: number; approvalStatus: number }>(waiting, 'GET', `/v1/jobs/${created.body.id}`, { token: 'sbx_approval_full' });
      expect(seen.body).toMatchObject({ status: 5, approvalStatus: 1 });
      expect(reads).toBe(2);
      // A reset by the other empties the file: the seeded state, and the next id is 22 again in both.
      expect((await call(other, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
      const next = await call<{ id: number }>(waiting, 'POST', '/v1/jobs', { token: 'sbx_direct_full', body: validJob() });
      expect(next.body.id).toBe(SEEDED_JOBS + 1);
      expect((await call(other, 'GET', `/v1/jobs/${next.body.id}`, { token: 'sbx_direct_full' })).status).toBe(200);
    } finally {
      await waiting.close();
      await other.close();
    }
  });
});
