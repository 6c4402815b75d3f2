// --jq runs where it can be stopped (docs/reference/limits.md): a filter past its memory or its time
// is exit 2 naming the limit, and the command's peak RSS stays bounded; and the results of a
// command that changed jobs are never lost to a failing filter: they are printed on stderr,
// unfiltered, one a line, and the exit code is the command's own when it failed, else 2. Run on the
// built executable in a child process (before, these filters took it to 2.5 GB and a V8 crash, or
// spun for ever); the short limits come from RECRUIT_JQ_TIMEOUT and RECRUIT_JQ_MEMORY, so no test
// waits the 10 s default.
import { beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { runMeasured, type Measured } from '../helpers/peak-rss.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox } from '../helpers/sandbox.js';
import { countTitle, jobs, writeJobs } from '../batch/helpers.js';

/** jq's 256 MiB and the rest of the process (some 80 MB); before, 2 GB and more. */
const RSS_BOUND_BYTES = 450 * 1024 * 1024;
/** Killed only when hung (no peak RSS written then): a limit on hanging, not on speed. */
const HANG_MS = 60_000;

const sandbox = useSandbox({ activeJobLimit: 1000 });
beforeAll(ensureFreshBuild, 60_000);


function measured(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Measured> {
  return runMeasured(['--base-url', sandbox.current.baseUrl, ...args], { env: { RECRUIT_TOKEN: 'sbx_direct_full', ...env }, timeoutMs: HANG_MS });
}

/** The error --jq gives, as JSON (--jq makes errors JSON). */
function errorOf(stderr: string): { code: string; message: string } {
  const line = stderr.split('\n').findLast((l) => l.startsWith('{"error":'));
  expect(line, stderr).toBeDefined();
  return JSON.parse(line!).error;
}

/** The results printed on stderr after a failed filter: the lines after the note. */
function keptResults(stderr: string): Array<Record<string, unknown>> {
  const lines = stderr.split('\n');
  const at = lines.findIndex((l) => /^--jq failed \(.+\); the (result|\d+ results) of the command, unfiltered:$/.test(l));
  expect(at, stderr).toBeGreaterThanOrEqual(0);
  return lines
    .slice(at + 1)
    .filter((l) => l.startsWith('{') && !l.startsWith('{"error":'))
    .map((l) => JSON.parse(l));
}

describe('a --jq filter is stopped at its limit: exit 2 naming it, memory bounded', () => {
  it('last(range(1e12)) runs past its time: "ran longer than 0.5 s"', async () => {
    const result = await measured(['jobs', 'list', '--jq', 'last(range(1e12))'], { RECRUIT_JQ_TIMEOUT: '0.5' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(errorOf(result.stderr)).toMatchObject({ code: 'jq', message: expect.stringMatching(/^--jq stopped: the filter ran longer than 0\.5 s \(RECRUIT_JQ_TIMEOUT raises the limit; or pipe --json to a jq program\); the command itself ran$/) });
    expect(result.peakRssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(result.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  }, HANG_MS + 10_000);

  it('[range(1e9)] at the default memory limit: "used more than 256 MiB of memory"', async () => {
    const result = await measured(['jobs', 'list', '--jq', '[range(1e9)]'], { RECRUIT_JQ_TIMEOUT: '600' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(errorOf(result.stderr).message).toMatch(/^--jq stopped: the filter used more than 256 MiB of memory \(RECRUIT_JQ_MEMORY raises the limit/);
    expect(result.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  }, HANG_MS + 10_000);

  it('repeat(.), whose output counts against the memory too: "used more than 64 MiB of memory"', async () => {
    const result = await measured(['jobs', 'list', '--jq', 'repeat(.)'], { RECRUIT_JQ_MEMORY: '64', RECRUIT_JQ_TIMEOUT: '600' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    // The limit grows with the input (4 bytes a byte of it: the 12 jobs' 17 KB add nothing seen in MiB).
    expect(errorOf(result.stderr).message).toMatch(/^--jq stopped: the filter used more than 64 MiB of memory/);
    expect(result.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  }, HANG_MS + 10_000);

  it('an ordinary filter is untouched', async () => {
    const result = await measured(['jobs', 'list', '--jq', '.[0].id, (.[1] | debug | .id)']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('12\n11\n');
    expect(result.stderr).toContain('["DEBUG:",{"id":11,'); // jq's own messages on stderr
  }, HANG_MS + 10_000);
});

describe('the results of a command that changed jobs are never lost to a failing filter', () => {
  it('jobs create --file of 20 jobs with --jq repeat(.): created once, their results on stderr, exit 2', async () => {
    const file = writeJobs('jq-batch.ndjson', jobs('Kept Result', 20));
    const result = await measured(['jobs', 'create', '--file', file, '--jq', 'repeat(.)'], { RECRUIT_JQ_TIMEOUT: '1' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    for (let i = 0; i < 20; i++) expect(countTitle(sandbox.current, `Kept Result ${i}`)).toBe(1);
    const kept = keptResults(result.stderr);
    expect(kept).toHaveLength(20);
    expect(kept.map((r) => [r.result, r.ok])).toEqual(Array(20).fill(['created', true]));
    const ids = [...sandbox.current.store.jobs.values()].filter((j) => j.title.startsWith('Kept Result ')).map((j) => j.id);
    expect(kept.map((r) => r.jobId).sort()).toEqual(ids.sort());
    expect(errorOf(result.stderr).message).toMatch(/^--jq stopped: the filter ran longer than 1 s .*; the command itself ran, its results are above on stderr, unfiltered$/);

    // The journal kept them too: the same file again creates nothing.
    const again = await runBin(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--json'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to send: 20 of 20 jobs were created in an earlier run');
    for (let i = 0; i < 20; i++) expect(countTitle(sandbox.current, `Kept Result ${i}`)).toBe(1);
  }, 2 * HANG_MS);

  it('jobs status of several ids with --jq repeat(.): the jobs changed, their results on stderr, exit 2', async () => {
    const ids = [4, 6, 8];
    for (const id of ids) expect(sandbox.current.store.jobs.get(id)!.status).toBe(5);
    const result = await measured(['jobs', 'status', ...ids.map(String), 'closed', '--jq', 'repeat(.)'], { RECRUIT_JQ_TIMEOUT: '1' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    for (const id of ids) expect(sandbox.current.store.jobs.get(id)!.status).toBe(1);
    expect(keptResults(result.stderr).map((r) => [r.jobId, r.ok])).toEqual(ids.map((id) => [id, true]));
  }, HANG_MS + 10_000);

  it('a command that failed as well exits with its own code, not the filter\'s 2', async () => {
    // Job 99999 does not exist: the others change, and the command fails for that one.
    const plain = await runBin(['--base-url', sandbox.current.baseUrl, 'jobs', 'status', '10', '99999', 'closed', '--json'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(plain.code).not.toBe(0);
    expect(plain.code).not.toBe(2);
    const result = await measured(['jobs', 'status', '11', '99998', 'closed', '--jq', 'repeat(.)'], { RECRUIT_JQ_TIMEOUT: '1' });
    expect(result.code).toBe(plain.code);
    expect(sandbox.current.store.jobs.get(11)!.status).toBe(1);
    expect(keptResults(result.stderr).map((r) => [r.jobId, r.ok])).toEqual([
      [11, true],
      [99998, false],
    ]);
  }, HANG_MS + 10_000);

  it('one job created from flags, a filter that fails at run time: the job on stderr, exit 2', async () => {
    const result = await measured([
      'jobs', 'create', '--title', 'Kept Single', '--description', Array.from({ length: 120 }, (_, i) => `word${i}`).join(' '),
      '--location', 'Austin, TX, USA', '--job-function', '101', '--employer-type', '501', '--jq', '.id | error("boom")',
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(countTitle(sandbox.current, 'Kept Single')).toBe(1);
    const [job] = keptResults(result.stderr);
    expect(job).toMatchObject({ title: 'Kept Single', id: expect.any(Number) });
    expect(errorOf(result.stderr).message).toMatch(/^--jq: jq: error .*boom.*; the command itself ran, its results are above on stderr, unfiltered$/);
  }, HANG_MS + 10_000);

  it('a command that changed nothing keeps stdout and stderr free of its results', async () => {
    const result = await measured(['jobs', 'get', '3', '--jq', '.title | error("boom")']);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('unfiltered');
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  }, HANG_MS + 10_000);
});
