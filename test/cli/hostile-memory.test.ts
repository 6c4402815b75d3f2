// Bounded memory, proved on the built executable in a child process: whatever size of answer a
// server sends, the command ends with an error naming the cap, having read little past it (the
// server counts the bytes it handed over: a byte count, not a wall-clock bound), and the child's
// peak RSS (getrusage, written at exit by a preloaded script) stays under the 300 MB of docs/performance.md.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMeasured, type Measured } from '../helpers/peak-rss.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { endless, job, json, pages, stream, useHostileServer } from '../helpers/hostile-server.js';
import { validJob } from '../helpers/sandbox.js';

const MiB = 1024 * 1024;
/** docs/performance.md: whatever a server sends, peak RSS under 300 MB. */
const RSS_BUDGET_BYTES = 300_000_000;
/** The 32 MiB cap and what the loopback socket's buffers can take on top of it: well under an answer of 300 MB. */
const SENT_BOUND_BYTES = 64 * MiB;

const server = useHostileServer();
beforeAll(ensureFreshBuild, 60_000);

/** A child still running after this long is hung (the bench, not this test, measures speed). */
const HANG_MS = 120_000;


/** The built CLI against the hostile server, with its peak RSS. */
function measured(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Measured> {
  // Killed only when hung (no peak RSS written then): on a loaded machine 2,000 pages take well over
  // 15 s, so the limit catches a hang, not slowness; the test's own limit is longer, so it fails saying so.
  return runMeasured(['--base-url', server.base, ...args], { env: { RECRUIT_TOKEN: 'x', ...env }, timeoutMs: HANG_MS });
}

describe('a huge answer to GET /jobs/1', () => {
  it.each([
    ['with its Content-Length', true],
    ['chunked, without a Content-Length', false],
  ])('300 MB %s: exit 1 naming the 32 MiB cap, having read little past it, peak RSS under 300 MB', async (_name, contentLength) => {
    server.on('GET /v1/jobs/1', stream(300_000_000, contentLength));
    const result = await measured(['jobs', 'get', '1']);
    expect(result.stderr).toContain('error: GET /jobs/1 failed: the service sent more than 32 MiB; stopped reading');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.peakRssBytes).toBeGreaterThan(10 * MiB); // a real measurement, not a zero
    expect(result.peakRssBytes).toBeLessThan(RSS_BUDGET_BYTES);
    // A cap that works stops reading at 32 MiB: the server could hand its socket little more than
    // that (plus the socket buffers) before the client hung up, not the 300 MB.
    expect(server.got('GET /v1/jobs/1')[0]!.bodyBytesSent).toBeLessThan(SENT_BOUND_BYTES);
    // Too large is not transient: one request, no retry of the same flood.
    expect(server.got('GET /v1/jobs/1')).toHaveLength(1);
  }, HANG_MS + 30_000);

  it('an endless chunked body ends the same way', async () => {
    server.on('GET /v1/jobs/1', endless());
    const result = await measured(['jobs', 'get', '1', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"code":"too_large"');
    expect(result.stderr).toContain('GET /jobs/1 failed: the service sent more than 32 MiB; stopped reading');
    expect(result.peakRssBytes).toBeLessThan(RSS_BUDGET_BYTES);
    expect(server.got('GET /v1/jobs/1')).toHaveLength(1);
    expect(server.got('GET /v1/jobs/1')[0]!.bodyBytesSent).toBeLessThan(SENT_BOUND_BYTES);
  }, HANG_MS + 30_000);
});

describe('the largest answer that is read: a job whose title is 31 MiB', () => {
  it.each([[[]], [['--json']]])('jobs get 1 %s prints it whole, under the RSS bound', async (flags) => {
    server.on('GET /v1/jobs/1', stream(31 * MiB, true));
    const result = await measured(['jobs', 'get', '1', ...flags]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(30 * MiB); // the title, the whole of it
    expect(result.peakRssBytes).toBeLessThan(RSS_BUDGET_BYTES);
  }, HANG_MS + 30_000);
});

describe('answers under the size cap that cost most to hold: millions of small values', () => {
  it.each([[[]], [['--json']]])('a job holding 10 million empty objects (31 MiB), jobs get 1 %s: exit 1, under the RSS bound', async (flags) => {
    server.on('GET /v1/jobs/1', stream(31 * MiB, true, true));
    const result = await measured(['jobs', 'get', '1', ...flags]);
    expect(result.stderr).toContain('GET /jobs/1 failed: 200 answer holds more than 262144 JSON values; not read');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.peakRssBytes).toBeLessThan(RSS_BUDGET_BYTES);
    // The message is the JSON-value count's, which runs before any parse: the values were counted,
    // not parsed into 10 million objects (how fast that is, is the bench's business, not a test's).
  }, HANG_MS + 30_000);

  it('jobs list --all in a pipe writes each page as it comes: 500,000 of the smallest jobs, under the RSS bound', async () => {
    // 250 jobs of 21 bytes a page, 2,000 pages: kept in memory, half a million jobs took 1.2 GB.
    server.on('GET /v1/jobs', pages({ perPage: 250, tiny: true, totalPages: 2_000 }));
    const result = await measured(['jobs', 'list', '--all']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(500_000);
    expect(result.peakRssBytes).toBeGreaterThan(10 * MiB);
    expect(result.peakRssBytes).toBeLessThan(RSS_BUDGET_BYTES);
    expect(server.got('GET /v1/jobs')).toHaveLength(2_000);
  }, HANG_MS + 30_000);

  it('jobs list --all on a terminal keeps the items for one table: it stops past 524,288 JSON values', async () => {
    server.on('GET /v1/jobs', pages({ perPage: 250, tiny: true, totalPages: 10_000 }));
    const result = await runCli(['--base-url', server.base, 'jobs', 'list', '--all'], { env: { RECRUIT_TOKEN: 'x' }, tty: true });
    expect(result.stderr).toContain('GET /jobs failed: the pages so far hold more than 524288 JSON values: narrow the list (--search); stopped following pages');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(server.got('GET /v1/jobs').length).toBeLessThan(10_000);
  }, HANG_MS + 30_000);
});

describe('--max-response-size', () => {
  it('lowers the cap: a 2 MiB answer fails naming 1 MiB, a 0.5 MiB answer passes', async () => {
    server.on('GET /v1/jobs/1', stream(2 * MiB, false));
    server.on('GET /v1/jobs/2', stream(MiB / 2, true));
    const big = await runCli(['--base-url', server.base, '--max-response-size', '1', 'jobs', 'get', '1'], { env: { RECRUIT_TOKEN: 'x' } });
    expect(big.stderr).toContain('GET /jobs/1 failed: the service sent more than 1 MiB; stopped reading');
    expect(big.code).toBe(1);
    // The same answer is read whole without the flag: it is the flag that stopped it.
    const unbounded = await runCli(['--base-url', server.base, 'jobs', 'get', '1', '--json'], { env: { RECRUIT_TOKEN: 'x' } });
    expect(unbounded.code).toBe(0);
    expect(JSON.parse(unbounded.stdout)).toMatchObject({ id: 1, status: 2 });
    const small = await runCli(['--base-url', server.base, '--max-response-size', '1', 'jobs', 'get', '2', '--json'], { env: { RECRUIT_TOKEN: 'x' } });
    expect(small.stderr).toBe('');
    expect(small.code).toBe(0);
    expect(Buffer.byteLength(JSON.stringify(JSON.parse(small.stdout)))).toBe(MiB / 2);
  });

  it.each(['0', '-1', 'abc', '1e3', '5000', ''])('"%s" is a usage error (exit 2) and nothing is sent', async (value) => {
    server.on('GET /v1/jobs/1', json(job(1)));
    const result = await runCli(['--base-url', server.base, '--max-response-size', value, 'jobs', 'get', '1'], { env: { RECRUIT_TOKEN: 'x' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-response-size must be a number greater than 0');
    expect(server.requests).toHaveLength(0);
  });
});

describe('a batch whose POST /jobs gets a huge answer', () => {
  it('ends (not a crash), under the RSS bound, and leaves no lock file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-batch-flood-'));
    const file = join(dir, 'jobs.ndjson');
    writeFileSync(file, `${[1, 2].map((i) => JSON.stringify(validJob({ title: `Flood ${i}` }))).join('\n')}\n`);
    const state = join(dir, 'state');
    server.on('POST /v1/jobs', stream(300_000_000, false));
    const result = await measured(['jobs', 'create', '--file', file, '--concurrency', '1', '--json'], { RECRUIT_STATE_DIR: state });
    expect(result.stderr).not.toMatch(/\n\s+at |RangeError|Cannot create a string/);
    expect([0, 130, 143]).not.toContain(result.code);
    // Each item's result names the cap: an answer too large to read is an outcome not known.
    const results = JSON.parse(result.stdout) as { result: string; error: { code: string } | null }[];
    expect(results.map((r) => [r.result, r.error?.code])).toEqual([
      ['unknown', 'too_large'],
      ['unknown', 'too_large'],
    ]);
    expect(result.peakRssBytes).toBeLessThan(RSS_BUDGET_BYTES);
    expect(server.got('POST /v1/jobs').length).toBeGreaterThan(0);
    // Each answer read up to the cap only, not its 300 MB.
    for (const post of server.got('POST /v1/jobs')) expect(post.bodyBytesSent).toBeLessThan(SENT_BOUND_BYTES);
    // The run's journal is there (the items keep their keys), its lock is not.
    const journals = readdirSync(join(state, 'journals'));
    expect(journals.some((f) => !f.endsWith('.lock'))).toBe(true);
    expect(journals.filter((f) => f.endsWith('.lock'))).toEqual([]);
  }, HANG_MS + 30_000);
});
