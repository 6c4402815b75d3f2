/* eslint-disable @typescript-eslint/no-explicit-any -- results are read as parsed JSON */
// One account, however its base URL is written (docs/decisions.md, "keys two machines agree on"):
// over real HTTP against the sandbox, spellings of one address (case, a trailing slash, a port with a
// leading zero) share one journal and one lock, and two names of one service (localhost and
// 127.0.0.1), two state directories or two concurrent applies send the same keys, so every job is
// created once. A base URL with a query or a fragment is refused before anything is sent.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialFingerprint } from '../../src/api/credential.js';
import { bodyHash } from '../../src/exactly-once/canonical-json.js';
import { checkJobInput } from '../../src/jobs/job-input.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { batch, jobs, parseJson, posts, useRecordingProxy, writeJobs } from '../batch/helpers.js';

const sandbox = useSandbox({ activeJobLimit: 5000 });
const proxy = useRecordingProxy(sandbox);
const dir = mkdtempSync(join(tmpdir(), 'recruit-spellings-'));
const TOKEN = 'sbx_direct_full';

/** A state and config directory of its own: one HOME. */
function home(name: string): NodeJS.ProcessEnv {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  return { HOME: root, RECRUIT_STATE_DIR: join(root, 'state'), RECRUIT_CONFIG_DIR: join(root, 'config'), NO_COLOR: '1' };
}

/** The proxy's port: every spelling below reaches the one sandbox through it. */
const port = () => new URL(proxy.baseUrl).port;
/** The sandbox's jobs whose title starts with `prefix`, counted per title. */
function counts(prefix: string): Map<string, number> {
  const byTitle = new Map<string, number>();
  for (const job of sandbox.current.store.jobs.values()) if (job.title.startsWith(prefix)) byTitle.set(job.title, (byTitle.get(job.title) ?? 0) + 1);
  return byTitle;
}

function expectOnce(prefix: string, n: number): void {
  const byTitle = counts(prefix);
  expect(byTitle.size, prefix).toBe(n);
  expect([...byTitle.values()].every((c) => c === 1), JSON.stringify([...byTitle])).toBe(true);
}

describe('one HOME, spellings of one address', () => {
  it('http://localhost:P/v1, http://LOCALHOST:P/v1/ and HTTP://LocalHost:P/v1 create each job once: the second and third runs send nothing', async () => {
    const env = home('three-spellings');
    const file = writeJobs('three-spellings.ndjson', jobs('Spelled', 10));
    const spellings = [`http://localhost:${port()}/v1`, `http://LOCALHOST:${port()}/v1/`, `HTTP://LocalHost:${port()}/v1`];
    proxy.reset();
    const first = await batch(spellings[0]!, file, [], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(10);
    for (const spelling of spellings.slice(1)) {
      proxy.reset();
      const again = await batch(spelling, file, [], { env });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('nothing to send: 10 of 10 jobs were created in an earlier run');
      expect(posts(proxy)).toHaveLength(0);
    }
    expectOnce('Spelled ', 10);
    // One journal and one lock name for the three.
    const journals = readdirSync(join(env.RECRUIT_STATE_DIR!, 'journals')).filter((n) => n.endsWith('.ndjson'));
    expect(journals).toHaveLength(1);
  });

  it('a port with a leading zero and an upper-case scheme are the same address: the journal is found, and status shows the canonical URL', async () => {
    const env = home('leading-zero');
    const file = writeJobs('leading-zero.ndjson', jobs('Zero Port', 4));
    proxy.reset();
    const first = await batch(`HTTP://127.0.0.1:0${port()}/v1/`, file, [], { env });
    expect(first.code, first.stderr).toBe(0);
    proxy.reset();
    const again = await batch(`http://127.0.0.1:${port()}/v1`, file, [], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to send: 4 of 4 jobs were created in an earlier run');
    expect(posts(proxy)).toHaveLength(0);
    expectOnce('Zero Port ', 4);

    const auth = await runCli(['auth', 'status', '--json', '--base-url', `HTTP://LOCALHOST:0${port()}/v1/`], { env: { ...env, RECRUIT_TOKEN: TOKEN } });
    expect(auth.code, auth.stderr).toBe(0);
    expect(JSON.parse(auth.stdout).baseUrl).toBe(`http://localhost:${port()}/v1`);
    const status = await runCli(['status', '--json', '--base-url', `HTTP://LOCALHOST:0${port()}/v1/`], { env: { ...env, RECRUIT_TOKEN: TOKEN } });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`http://localhost:${port()}/v1 (profile default)`);
    expect(status.stdout).not.toContain('LOCALHOST');
  });

  it('localhost:P then 127.0.0.1:P: the second run sends the same keys and is answered with replays; each job once', async () => {
    const env = home('two-names');
    const file = writeJobs('two-names.ndjson', jobs('Two Names', 6));
    proxy.reset();
    const first = await batch(`http://localhost:${port()}/v1`, file, [], { env });
    expect(first.code, first.stderr).toBe(0);
    const firstKeys = posts(proxy).map((p) => p.key);
    proxy.reset();
    const second = await batch(`http://127.0.0.1:${port()}/v1`, file, ['--json'], { env });
    expect(second.code, second.stderr).toBe(0);
    expectOnce('Two Names ', 6);
    // Its own journal (another address), but the same keys: the service replayed each job.
    expect(new Set(posts(proxy).map((p) => p.key))).toEqual(new Set(firstKeys));
    expect(posts(proxy).every((p) => p.status === 201 && p.replayed)).toBe(true);
    expect(second.stderr).toContain('note: 6 jobs were already created by another run of the same items');
    expect(parseJson(second.stdout).every((r: any) => r.ok === true)).toBe(true);
  });
});

describe('two HOMEs', () => {
  it('http and HTTP from two state directories: each job once, the second answered with replays', async () => {
    const file = writeJobs('two-homes.ndjson', jobs('Two Homes', 6));
    const one = await batch(`http://127.0.0.1:${port()}/v1`, file, [], { env: home('home-a') });
    expect(one.code, one.stderr).toBe(0);
    proxy.reset();
    const two = await batch(`HTTP://127.0.0.1:${port()}/v1`, file, [], { env: home('home-b') });
    expect(two.code, two.stderr).toBe(0);
    expect(two.stderr).toContain('note: 6 jobs were already created by another run of the same items');
    expect(posts(proxy).every((p) => p.replayed)).toBe(true);
    expectOnce('Two Homes ', 6);
  });
});

describe('two concurrent applies, 127.0.0.1 and localhost', () => {
  it('create each code once; a run told 409 idempotency_key_in_use exits 5 and its re-run settles', async () => {
    const env = { ...home('concurrent-apply'), RECRUIT_TOKEN: TOKEN };
    const items = Array.from({ length: 20 }, (_, i) => validJob({ jobCode: `SPELL-${i}`, title: `Concurrent Spelling ${i}` }));
    const file = writeJobs('concurrent-apply.json', items, 'array');
    const urls = [`http://127.0.0.1:${port()}/v1`, `http://localhost:${port()}/v1`];
    const apply = (url: string): Promise<CliResult> => runCli(['--base-url', url, 'jobs', 'apply', '--file', file, '--yes', '--json'], { env });
    // Each request is held 30 ms in the sandbox, so the two runs' requests with one key overlap.
    sandbox.current.faults.configure('latency=30');
    const results = await Promise.all(urls.map(apply)).finally(() => sandbox.current.faults.configure(''));
    // Two addresses: two locks, so both run; the keys are the same, so no code is created twice.
    for (const r of results) expect([0, 5], r.stderr).toContain(r.code);
    for (let i = 0; i < 20; i++) expect([...sandbox.current.store.jobs.values()].filter((j) => j.jobCode === `SPELL-${i}`), `SPELL-${i}`).toHaveLength(1);
    // Both reports are true: a code is `changed` (created) by one run at most; the other names the
    // same job, created by another run (a replay), or leaves it unknown (409 while the first was in flight).
    const reported = results.flatMap((r) => (r.stdout.trim().startsWith('[') ? (parseJson(r.stdout) as any[]) : []));
    for (let i = 0; i < 20; i++) {
      const job = [...sandbox.current.store.jobs.values()].find((j) => j.jobCode === `SPELL-${i}`)!;
      const mine = reported.filter((r) => r.jobCode === `SPELL-${i}`);
      expect(mine.filter((r) => r.result === 'changed').length, `SPELL-${i}`).toBeLessThanOrEqual(1);
      for (const r of mine.filter((m) => m.jobId)) expect(r.jobId, `SPELL-${i}`).toBe(job.id);
      for (const r of mine.filter((m) => m.result === 'unknown')) expect(r.error.code, `SPELL-${i}`).toBe('idempotency_key_in_use');
      for (const r of mine.filter((m) => m.result === 'unchanged')) expect(r.createdByAnotherRun, `SPELL-${i}`).toBe(true);
    }
    for (const [i, r] of results.entries()) {
      if (r.code === 5) {
        expect(r.stderr).toMatch(/outcome unknown|idempotency_key_in_use/);
        const again = await apply(urls[i]!);
        expect(again.code, again.stderr).toBe(0);
      }
    }
    // Whoever ran first, each code is one job, and a last run of either spelling has nothing to do.
    for (let i = 0; i < 20; i++) expect([...sandbox.current.store.jobs.values()].filter((j) => j.jobCode === `SPELL-${i}`)).toHaveLength(1);
    const settled = await apply(urls[1]!);
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stderr).toContain('nothing to change: 20 jobs unchanged');
  });
});

describe('a query or a fragment in the base URL', () => {
  it.each([
    ['a query', '/v1?api_key=secret123'],
    ['a fragment', '/v1#secret123'],
    ['an empty query', '/v1?'],
  ])('%s: refused (exit 2), nothing sent, and what follows ? or # never printed', async (_name, tail) => {
    const file = writeJobs('query.ndjson', jobs('Query', 2));
    proxy.reset();
    const res = await batch(`http://127.0.0.1:${port()}${tail}`, file, [], { env: home('query') });
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain('the base URL must not have a query or a fragment');
    expect(res.stderr).not.toContain('secret123');
    expect(proxy.requests).toHaveLength(0);
  });
});

describe('journals of earlier versions', () => {
  it('a URL already lower-case without a default port keeps its journal name, and its unanswered key is re-sent as it is', async () => {
    const env = home('earlier-version');
    const items = jobs('Earlier Version', 2);
    const file = writeJobs('earlier-version.ndjson', items);
    const baseUrl = `http://127.0.0.1:${port()}/v1`;
    // What an earlier version wrote: the journal named after [baseUrl, credential], and the key of
    // item 0 derived with the base URL in it, sent (the job was created) but never answered.
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const name = `${sha(JSON.stringify(['input', realpathSync(file)])).slice(0, 16)}-${sha(JSON.stringify([baseUrl, credentialFingerprint(TOKEN)])).slice(0, 16)}.ndjson`;
    const journal = join(env.RECRUIT_STATE_DIR!, 'journals', name);
    const id = `${bodyHash(checkJobInput(items[0], { accountType: 'auto' }).body)}.0`;
    const oldKey = `rk1-${sha(JSON.stringify(['rk1', baseUrl, 'create', id, 'null', 'generation ']))}`;
    mkdirSync(dirname(journal), { recursive: true, mode: 0o700 });
    appendFileSync(journal, `${JSON.stringify({ type: 'sent', id, key: oldKey, index: 0 })}\n`);
    const created = await call(sandbox.current, 'POST', '/v1/jobs', { body: checkJobInput(items[0], { accountType: 'auto' }).body, idempotencyKey: oldKey });
    expect(created.status).toBe(201);

    proxy.reset();
    const res = await batch(`http://127.0.0.1:${port()}/v1/`, file, ['--json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('1 unanswered earlier, re-sent with their original key');
    expect(posts(proxy).find((p) => p.key === oldKey)).toMatchObject({ status: 201, replayed: true });
    expect(parseJson(res.stdout)[0]).toMatchObject({ result: 'created', jobId: created.body.id });
    expect(readdirSync(dirname(journal)).filter((n) => n.endsWith('.ndjson'))).toEqual([name]);
    expectOnce('Earlier Version ', 2);
  });
});
