// One run at a time changes the jobs of an account (docs/decisions.md, "One run per account"), over
// real HTTP with the built CLI: two containers sharing a state volume (two PID namespaces of one
// host name, both runs pid 1), two applies of one content from two paths, and an apply or a bulk
// change while a batch runs.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin, runCli, type CliResult } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { accountLock } from '../helpers/run-lock.js';
import { validJob, useSandbox } from '../helpers/sandbox.js';
import { jobs, titlesWithPrefix, writeJobs } from './helpers.js';

// Every request takes 30 ms, so that a run of 200 jobs two at a time lasts some seconds.
const sandbox = useSandbox({ activeJobLimit: 10_000, faults: 'latency=30-30' });
const env = { RECRUIT_TOKEN: 'sbx_direct_full' };

beforeAll(() => ensureFreshBuild(), 60_000);

/** Why `unshare --pid --fork --mount-proc` cannot be used here, or undefined when it can. */
function noNamespaces(): string | undefined {
  if (process.platform !== 'linux') return 'PID namespaces are Linux only';
  const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' });
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  return probe.status === 0 ? undefined : 'unshare --pid needs root or user namespaces, not allowed here';
}
const skipNamespaces = noNamespaces();

/** The built CLI as process 1 of a PID namespace of its own (a container sharing the state volume). */
function inNamespace(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, BIN, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() - start > 60_000) throw new Error(`timed out waiting for ${what}`);
  }
}

const count = (prefix: string) => {
  const titles = titlesWithPrefix(sandbox.current, prefix);
  return { jobs: [...titles.values()].reduce((a, b) => a + b, 0), distinct: titles.size };
};

describe('one run per account', () => {
  it.skipIf(skipNamespaces !== undefined)(
    `two runs of one batch in two PID namespaces of one host (both pid 1), one state directory, create each of 200 jobs once${skipNamespaces ? ` (skipped: ${skipNamespaces})` : ''}`,
    { timeout: 120_000 },
    async () => {
      const prefix = 'Namespace Job ';
      const file = writeJobs('namespaces.ndjson', jobs(prefix.trim(), 200));
      const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '2'];
      const first = inNamespace(args);
      await until(() => count(prefix).jobs > 0, 'the first run to create a job');
      const second = await inNamespace(args);
      const one = await first;
      expect(one.code, one.stderr).toBe(0);
      expect(second.code, second.stderr).toBe(2);
      expect(second.stderr).toContain(`error: another run is changing the jobs of this account: \`recruit jobs create --file\` for ${file} (process 1 in another PID namespace (container) of ${hostname()}, started `);
      expect(count(prefix)).toEqual({ jobs: 200, distinct: 200 });
      expect(existsSync(accountLock(sandbox.current.baseUrl))).toBe(false);
    },
  );

  it('two applies of one content from two paths at once create each code once: one is refused by the account lock', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-two-paths-'));
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, JSON.stringify(Array.from({ length: 40 }, (_, i) => validJob({ jobCode: `TWO-${i}`, title: `Two Paths ${i}` }))));
    copyFileSync(a, b);
    const apply = (path: string) => runBin(['--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', path, '--yes', '--concurrency', '2'], { env, timeoutMs: 60_000 });
    const runs = await Promise.all([apply(a), apply(b)]);
    expect(count('Two Paths ')).toEqual({ jobs: 40, distinct: 40 });
    expect(runs.map((r) => r.code).sort()).toEqual([0, 2]);
    const refused = runs.find((r) => r.code === 2)!;
    expect(refused.stderr).toMatch(/^error: another run is changing the jobs of this account: `recruit jobs apply` for .*[ab]\.json \(process \d+, started \d{4}-\d\d-\d\dT[\d:.]+Z\)$/m);
    expect(refused.stderr).toMatch(/^hint: wait for it to finish, or stop it/m);
  });

  it('an apply and a bulk change while a batch runs on the account are refused, naming the batch; nothing of theirs is sent', { timeout: 60_000 }, async () => {
    const prefix = 'Held Batch Job ';
    const file = writeJobs('held.ndjson', jobs(prefix.trim(), 100));
    const batch = runBin(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '1'], { env, timeoutMs: 60_000 });
    await until(() => count(prefix).jobs > 1, 'the batch to create two jobs');
    const [one, two] = [...sandbox.current.store.jobs.values()].filter((j) => j.title.startsWith(prefix));
    const statuses = [one!.status, two!.status];
    const applyFile = join(mkdtempSync(join(tmpdir(), 'recruit-held-')), 'apply.json');
    writeFileSync(applyFile, JSON.stringify([validJob({ jobCode: 'HELD-1', title: 'Held Apply' })]));
    const holder = new RegExp(`this account: \`recruit jobs create --file\` for ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(process \\d+, started `);

    const apply = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', applyFile, '--yes'], { env });
    expect(apply.code, apply.stderr).toBe(2);
    expect(apply.stderr).toMatch(holder);
    const bulk = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'status', String(one!.id), String(two!.id), 'closed'], { env });
    expect(bulk.code, bulk.stderr).toBe(2);
    expect(bulk.stderr).toMatch(holder);
    // A dry run takes no lock.
    const dry = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', applyFile, '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);

    const done = await batch;
    expect(done.code, done.stderr).toBe(0);
    expect(count('Held Apply').jobs).toBe(0);
    expect([one!, two!].map((j) => sandbox.current.store.jobs.get(j.id)!.status)).toEqual(statuses);
    expect(count(prefix)).toEqual({ jobs: 100, distinct: 100 });
  });
});
