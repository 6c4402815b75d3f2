// A state file that cannot be written (a full disk, a short write, a failed truncate): the sandbox
// answers 503 state_not_saved and keeps nothing of the change, in memory or in the file.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { call, validJob, type ApiResponse } from '../helpers/sandbox.js';
import { FailingFs } from './failing-fs.js';

const SEEDED_ACTIVE = new SandboxStore().activeJobCount('direct');

describe('sandbox state file that cannot be written', () => {
  let stateFile: string;
  let disk: FailingFs;
  let logged: string[];
  const running = new Set<RunningSandbox>();

  async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
    const sandbox = await startSandbox({ port: 0, stateFile, stateFs: disk, log: (line) => logged.push(line), ...options });
    running.add(sandbox);
    return sandbox;
  }

  /** Stops the sandbox and starts another from the same file on the real file system. */
  async function restart(sandbox: RunningSandbox): Promise<RunningSandbox> {
    running.delete(sandbox);
    await sandbox.close();
    return start({ stateFs: undefined });
  }

  beforeEach(() => {
    stateFile = join(mkdtempSync(join(tmpdir(), 'state-write-')), 'state.ndjson');
    disk = new FailingFs();
    logged = [];
  });
  afterEach(async () => {
    for (const sandbox of running) await sandbox.close();
    running.clear();
  });

  function expectNotSaved(res: ApiResponse): void {
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: { code: 'state_not_saved' } });
    expect(res.headers['retry-after']).toBe('1');
  }

  /** The one line the sandbox logged: it names the file and the error code, and is no stack trace. */
  function expectOneLogLine(code: string): void {
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(stateFile);
    expect(logged[0]).toContain(`(${code})`);
    expect(logged[0]).not.toContain('\n');
    expect(logged[0]).not.toMatch(/\bat .+:\d+/);
  }

  async function titles(sandbox: RunningSandbox): Promise<string[]> {
    const res = await call(sandbox, 'GET', '/v1/jobs?pageSize=100');
    return (res.body.data as Array<{ title: string }>).map((j) => j.title);
  }

  function everyLineParses(): void {
    const text = readFileSync(stateFile, 'utf8');
    expect(text === '' || text.endsWith('\n')).toBe(true);
    for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
  }

  it('answers a creation it cannot save with 503 state_not_saved, keeps no job, no key and no id', async () => {
    let sandbox = await start();
    const first = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Saved First' }), idempotencyKey: 'w-1' });
    expect(first.status).toBe(201);
    const fileBefore = readFileSync(stateFile);

    disk.full = true;
    const body = validJob({ title: 'Not Saved' });
    expectNotSaved(await call(sandbox, 'POST', '/v1/jobs', { body, idempotencyKey: 'w-2' }));
    expectOneLogLine('ENOSPC');
    expect(await titles(sandbox)).not.toContain('Not Saved');
    expect((await call(sandbox, 'GET', `/v1/jobs/${first.body.id + 1}`)).status).toBe(404);
    expect(readFileSync(stateFile)).toEqual(fileBefore);

    // The client's retry with the same key is a first attempt, not a replay, and gets the next id.
    disk.full = false;
    const retry = await call(sandbox, 'POST', '/v1/jobs', { body, idempotencyKey: 'w-2' });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body.id).toBe(first.body.id + 1);
    expect((await titles(sandbox)).filter((t) => t === 'Not Saved')).toHaveLength(1);

    sandbox = await restart(sandbox);
    expect((await titles(sandbox)).filter((t) => t === 'Not Saved')).toHaveLength(1);
    expect((await call(sandbox, 'GET', `/v1/jobs/${retry.body.id}`)).body).toEqual(retry.body);
    const replay = await call(sandbox, 'POST', '/v1/jobs', { body, idempotencyKey: 'w-2' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('cuts a short write that the disk then refuses back off the file, leaving no torn line', async () => {
    let sandbox = await start();
    expect((await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Before Short' }) })).status).toBe(201);
    const fileBefore = readFileSync(stateFile);

    disk.writes = ['half', 'ENOSPC'];
    expectNotSaved(await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Half Written' }), idempotencyKey: 'short-1' }));
    expectOneLogLine('ENOSPC');
    expect(readFileSync(stateFile)).toEqual(fileBefore);

    expect((await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'After Short' }) })).status).toBe(201);
    everyLineParses();
    sandbox = await restart(sandbox);
    expect(await titles(sandbox)).toEqual(expect.arrayContaining(['Before Short', 'After Short']));
    expect(await titles(sandbox)).not.toContain('Half Written');
  });

  it('completes short writes instead of failing them', async () => {
    let sandbox = await start();
    disk.writes = ['half', 'half', 'half'];
    const created = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Written In Pieces' }), idempotencyKey: 'pieces' });
    expect(created.status).toBe(201);
    expect(disk.writes).toEqual([]);
    expect(logged).toEqual([]);
    everyLineParses();
    sandbox = await restart(sandbox);
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).body).toEqual(created.body);
  });

  it('changes nothing for an update it cannot save, and its key stays unused', async () => {
    let sandbox = await start();
    const before = await call(sandbox, 'GET', '/v1/jobs/1');
    const patch = { title: 'Renamed Unsaved', publishToFreeJobBoards: true };

    disk.full = true;
    expectNotSaved(await call(sandbox, 'PATCH', '/v1/jobs/1', { body: patch, idempotencyKey: 'upd-1' }));
    expect((await call(sandbox, 'GET', '/v1/jobs/1')).body).toEqual(before.body);

    disk.full = false;
    const retry = await call(sandbox, 'PATCH', '/v1/jobs/1', { body: patch, idempotencyKey: 'upd-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body).toMatchObject({ title: 'Renamed Unsaved', publishToFreeJobBoards: true });
    sandbox = await restart(sandbox);
    expect((await call(sandbox, 'GET', '/v1/jobs/1')).body).toEqual(retry.body);
  });

  it('keeps the active-job count of a creation or status change it cannot save', async () => {
    const sandbox = await start({ activeJobLimit: SEEDED_ACTIVE + 1 });
    disk.full = true;
    expectNotSaved(await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Unsaved Active' }) }));
    disk.full = false;
    // The failed creation gave its slot back: the last one is free.
    const last = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Last Slot' }) });
    expect(last.status).toBe(201);

    disk.full = true;
    expectNotSaved(await call(sandbox, 'PATCH', `/v1/jobs/${last.body.id}/status`, { body: { status: 1 }, idempotencyKey: 'close-1' }));
    expect((await call(sandbox, 'GET', `/v1/jobs/${last.body.id}`)).body.status).toBe(5);
    disk.full = false;
    // The failed close freed no slot.
    expect((await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'No Slot' }) })).status).toBe(409);
  });

  it('changes nothing for an approval or rejection it cannot save', async () => {
    const sandbox = await start();
    const pending = await call(sandbox, 'GET', '/v1/jobs/14', { token: 'sbx_approval_full' });
    expect(pending.body).toMatchObject({ status: 3, approvalStatus: 0 });

    disk.full = true;
    expectNotSaved(await call(sandbox, 'POST', '/_sandbox/jobs/14/approve', { token: null }));
    expectNotSaved(await call(sandbox, 'POST', '/_sandbox/jobs/14/reject', { token: null }));
    expect((await call(sandbox, 'GET', '/v1/jobs/14', { token: 'sbx_approval_full' })).body).toEqual(pending.body);

    disk.full = false;
    expect((await call(sandbox, 'POST', '/_sandbox/jobs/14/approve', { token: null })).status).toBe(200);
  });

  it('refuses every change after a failed write it could not cut back, until a restart', async () => {
    let sandbox = await start();
    const kept = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Kept Before Damage' }) });
    expect(kept.status).toBe(201);

    disk.writes = ['half', 'EIO'];
    disk.truncateFails = 'EIO';
    expectNotSaved(await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Torn By Damage' }) }));
    expectOneLogLine('EIO');
    expect(logged[0]).toContain('refused until the sandbox restarts');

    // The disk is fine again, but the file ends in a torn line the log could not remove.
    disk.truncateFails = undefined;
    expectNotSaved(await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Refused After Damage' }) }));
    expect((await call(sandbox, 'GET', `/v1/jobs/${kept.body.id}`)).status).toBe(200);

    // A restart cuts the torn last line off and keeps what was answered 201.
    sandbox = await restart(sandbox);
    const after = await titles(sandbox);
    expect(after).toContain('Kept Before Damage');
    expect(after).not.toContain('Torn By Damage');
    expect(after).not.toContain('Refused After Damage');
    everyLineParses();
  });

  it('answers a reset that cannot empty the file with 503 and keeps every job', async () => {
    const sandbox = await start();
    const created = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'Survives Failed Reset' }) });
    disk.truncateFails = 'EROFS';
    expectNotSaved(await call(sandbox, 'POST', '/_sandbox/reset', { token: null }));
    expectOneLogLine('EROFS');
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).status).toBe(200);
  });

  it('starts with a log it cannot compact (a full disk), and goes on appending to it', async () => {
    const job = new SandboxStore().jobs.get(1)!;
    // Many snapshots of one job: the log is due for compaction on start.
    writeFileSync(stateFile, Array.from({ length: 1200 }, (_, i) => `${JSON.stringify({ job: { ...job, title: `Version ${i}` } })}\n`).join(''));
    disk.writes = ['ENOSPC'];
    let sandbox = await start();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('not compacted (ENOSPC)');
    expect(readdirSync(join(stateFile, '..'))).toEqual(['state.ndjson']);
    expect((await call(sandbox, 'GET', '/v1/jobs/1')).body.title).toBe('Version 1199');

    const created = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title: 'After Failed Compaction' }) });
    expect(created.status).toBe(201);
    sandbox = await restart(sandbox);
    expect((await call(sandbox, 'GET', `/v1/jobs/${created.body.id}`)).status).toBe(200);
    expect((await call(sandbox, 'GET', '/v1/jobs/1')).body.title).toBe('Version 1199');
  });
});
