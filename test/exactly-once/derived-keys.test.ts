/* eslint-disable @typescript-eslint/no-explicit-any -- results are read as parsed JSON */
// Idempotency-Keys two machines agree on (derived-key.ts), over real HTTP against the sandbox: two
// applies of one content from two paths and two state directories at once, a copy of a batch file
// run from another state directory, --restart and a SIGKILL of the restarted run.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { batchKey, deriveKey, jobState, NO_SUCH_CODE } from '../../src/exactly-once/derived-key.js';
import { BIN, runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { useScriptedProxy } from '../helpers/scripted-proxy.js';

const sandbox = useSandbox({ activeJobLimit: 5000 });
const proxy = useScriptedProxy(sandbox);
const dir = mkdtempSync(join(tmpdir(), 'recruit-keys-'));

/** A machine of its own: a state and config directory nobody else uses. */
function machine(name: string): NodeJS.ProcessEnv {
  const home = join(dir, name);
  mkdirSync(home, { recursive: true });
  return { HOME: home, RECRUIT_STATE_DIR: join(home, 'state'), RECRUIT_CONFIG_DIR: join(home, 'config'), RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' };
}

function recruit(env: NodeJS.ProcessEnv, args: string[]): Promise<CliResult> {
  return runCli([...args, '--base-url', proxy.baseUrl], { env });
}

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const jobsTitled = (prefix: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.title.startsWith(prefix));
const withCode = (code: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.jobCode === code);

beforeEach(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  proxy.reset();
  proxy.script = undefined;
});

describe('derived keys', () => {
  const intent = { operation: 'apply-update', target: 17, body: { title: 'A', experience: 2 }, state: 'updatedAt 2026-05-01T10:00:00.000Z' };

  it('are the same for the same request planned from the same state, body key order aside', () => {
    const key = deriveKey(intent);
    expect(key).toMatch(/^rk1-[0-9a-f]{64}$/);
    expect(key).toMatch(/^[\x21-\x7e]{1,255}$/); // what the service accepts
    expect(deriveKey({ ...intent, body: { experience: 2, title: 'A' } })).toBe(key);
  });

  it('hash the version, operation, target, canonical body and state, and nothing else: no base URL, no token', () => {
    const text = JSON.stringify(['rk1', 'apply-update', '17', '{"experience":2,"title":"A"}', 'updatedAt 2026-05-01T10:00:00.000Z']);
    expect(deriveKey(intent)).toBe(`rk1-${createHash('sha256').update(text).digest('hex')}`);
    expect(batchKey('ab.0', 'g')).toBe(`rk1-${createHash('sha256').update(JSON.stringify(['rk1', 'create', 'ab.0', 'null', 'generation g'])).digest('hex')}`);
  });

  it('differ for an identical change planned from another state, and for another operation, target or body', () => {
    const key = deriveKey(intent);
    const others = [
      deriveKey({ ...intent, state: 'updatedAt 2026-05-01T10:00:01.000Z' }),
      deriveKey({ ...intent, operation: 'update' }),
      deriveKey({ ...intent, target: 18 }),
      deriveKey({ ...intent, body: { title: 'A', experience: 3 } }),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
  });

  it('of a batch item change with the --restart generation; the state of a job is its updatedAt, else what was read', () => {
    expect(batchKey('ab.0', '')).toBe(batchKey('ab.0', ''));
    expect(batchKey('ab.0', 'g2')).not.toBe(batchKey('ab.0', ''));
    expect(batchKey('ab.1', '')).not.toBe(batchKey('ab.0', ''));
    expect(jobState({ id: 1, status: 2, approvalStatus: null, updatedAt: 'T1' })).toBe('updatedAt T1');
    const read = jobState({ id: 1, status: 2, approvalStatus: null, title: 'x' });
    expect(read).toMatch(/^read [0-9a-f]{64}$/);
    expect(jobState({ id: 1, status: 5, approvalStatus: null, title: 'x' })).not.toBe(read);
    expect(jobState({ id: 1, status: 2, approvalStatus: null, title: 'x', updatedAt: '' })).toMatch(/^read /);
    expect(jobState({ id: 1, status: 2, approvalStatus: null, title: 'x', updatedAt: 7 })).toMatch(/^read /);
    expect(NO_SUCH_CODE).toBe('no such code');
  });
});

describe('two machines', () => {
  it('two applies of one content from two paths and two state directories at once create each code once, and both say so truthfully', async () => {
    const items = Array.from({ length: 40 }, (_, i) => validJob({ jobCode: `TWO-${i}`, title: `Two machines ${i}` }));
    const content = JSON.stringify(items);
    const [a, b] = await Promise.all([
      recruit(machine('apply-a'), ['jobs', 'apply', '--file', file('checkout-a.json', content), '--yes', '--json']),
      recruit(machine('apply-b'), ['jobs', 'apply', '--file', file('checkout-b.json', content), '--yes', '--json']),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    for (let i = 0; i < 40; i++) expect(withCode(`TWO-${i}`), `TWO-${i}`).toHaveLength(1);

    // Each code is reported created by one run at most; the other names the same job.
    const results = (r: CliResult): any[] => (r.stdout.trim().startsWith('[') ? JSON.parse(r.stdout) : []);
    const byCode = new Map<string, any[]>();
    for (const item of [...results(a), ...results(b)]) byCode.set(item.jobCode, [...(byCode.get(item.jobCode) ?? []), item]);
    let replays = 0;
    for (const [code, reported] of byCode) {
      const job = withCode(code)[0]!;
      expect(reported.filter((r) => r.result === 'changed').length, code).toBeLessThanOrEqual(1);
      for (const r of reported) expect(r.jobId, code).toBe(job.id);
      const other = reported.filter((r) => r.createdByAnotherRun === true);
      for (const r of other) expect(r.result).toBe('unchanged');
      replays += other.length;
    }
    // Both runs planned every create (they listed the account before either sent): the second of
    // each pair got the service's replay of the first's job.
    if (byCode.size === 40 && [...byCode.values()].every((r) => r.length === 2)) expect(replays).toBe(40);
  });

  it('a copy of a batch file under another path, run from another state directory, creates no second job', async () => {
    const items = Array.from({ length: 5 }, (_, i) => JSON.stringify(validJob({ title: `Copied ${i}` })));
    const first = file('batch-a.ndjson', `${items.join('\n')}\n`);
    const one = await recruit(machine('batch-a'), ['jobs', 'create', '--file', first]);
    expect(one.code, one.stderr).toBe(0);
    expect(jobsTitled('Copied ')).toHaveLength(5);

    const copy = join(dir, 'elsewhere.ndjson');
    copyFileSync(first, copy);
    const two = await recruit(machine('batch-b'), ['jobs', 'create', '--file', copy]);
    expect(two.code, two.stderr).toBe(0);
    expect(jobsTitled('Copied ')).toHaveLength(5);
    expect(two.stderr).toContain('note: 5 jobs were already created by another run of the same items');
    expect(two.stderr).toMatch(/^5 jobs: 5 created \(5 in an earlier run\)/m);
    // The copy sent the keys the first run sent: the service answered each with the job it had created.
    const keys = proxy.creates().map((e) => e.key);
    expect(keys).toHaveLength(10);
    expect(new Set(keys.slice(5))).toEqual(new Set(keys.slice(0, 5)));
  });

  it('--restart creates again, and a re-run after a SIGKILL of the restarted run creates no third', { timeout: 60_000 }, async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) throw new Error('needs `npm run build` first');
    const COUNT = 120; // more than a block of keys (key-book.ts): the last ones are derived by the re-run
    const path = file('restart.ndjson', `${Array.from({ length: COUNT }, (_, i) => JSON.stringify(validJob({ title: `Restart ${i}` }))).join('\n')}\n`);
    const env = machine('restart');
    // Every run at one address (the journal is the address's).
    const first = await runCli(['jobs', 'create', '--file', path, '--base-url', sandbox.current.baseUrl], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(jobsTitled('Restart ')).toHaveLength(COUNT);

    const killed = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'jobs', 'create', '--file', path, '--restart', '--concurrency', '1', '--base-url', sandbox.current.baseUrl], {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      const poll = setInterval(() => {
        if (jobsTitled('Restart ').length >= COUNT + 5) child.kill('SIGKILL');
      }, 2);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearInterval(poll);
        resolve({ code, signal });
      });
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(jobsTitled('Restart ').length).toBeLessThan(2 * COUNT);

    const again = await runCli(['jobs', 'create', '--file', path, '--base-url', sandbox.current.baseUrl], { env });
    expect(again.code, again.stderr).toBe(0);
    const counts = new Map<string, number>();
    for (const job of jobsTitled('Restart ')) counts.set(job.title, (counts.get(job.title) ?? 0) + 1);
    expect(counts.size).toBe(COUNT);
    expect([...counts.values()].every((n) => n === 2)).toBe(true);
  });
});
