// Answers to POST /jobs that are not a created job: an HTML page, a redirect,
// broken JSON, an id that is no positive integer, a 200 instead of a 201. Whether the server did the
// work (the request passed on) or not, the batch counts nothing as created and nothing as refused:
// every item's outcome is unknown and keeps its key. The same command against the real service
// then sends each item with its ORIGINAL key, and each job exists exactly once. `jobs update`
// against a redirect fails too, instead of printing "Updated job".
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { titleOf, useScriptedProxy, type Scripted } from '../helpers/scripted-proxy.js';
import { batch, jobs, titlesWithPrefix, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);

const HTML = '<!doctype html><html><body>Welcome! Please sign in.</body></html>';
const json = { 'content-type': 'application/json' };

const CASES: [string, Scripted][] = [
  ['200 text/html (passed on)', { forward: true, status: 200, headers: { 'content-type': 'text/html' }, body: HTML }],
  ['200 text/html (not passed on)', { forward: false, status: 200, headers: { 'content-type': 'text/html' }, body: HTML }],
  ['301 (not passed on)', { forward: false, status: 301, headers: { location: 'https://example.com/login' }, body: '' }],
  ['302 (passed on)', { forward: true, status: 302, headers: { location: '/login' }, body: HTML }],
  ['307 (not passed on)', { forward: false, status: 307, headers: { location: 'https://example.com/v1/jobs' } }],
  ['308 (passed on)', { forward: true, status: 308, headers: { location: 'https://example.com/v1/jobs' } }],
  ['200 invalid JSON (passed on)', { forward: true, status: 200, headers: json, body: '{"id": 12,' }],
  ['201 {"id":"not-a-number"} (passed on)', { forward: true, status: 201, headers: json, body: '{"id":"not-a-number"}' }],
  ['201 {"id":0} (not passed on)', { forward: false, status: 201, headers: json, body: '{"id":0,"title":"x"}' }],
  ['201 invalid JSON (passed on)', { forward: true, status: 201, headers: json, body: 'OK' }],
  ['200 JSON job without a replay header (passed on)', { forward: true, status: 200, headers: json, body: (upstream) => upstream! }],
  ['204 without a body (passed on)', { forward: true, status: 204 }],
];

describe('batch: answers to POST /jobs that are not a created job', () => {
  it.each(CASES.map(([name, answer], i) => [name, answer, i] as const))('%s: outcome unknown, then each job once with its original key', async (_name, answer, i) => {
    const prefix = `Non Job ${i} `;
    const file = writeJobs(`non-job-${i}.ndjson`, jobs(prefix.trim(), 6));

    proxy.reset();
    proxy.script = (req) => (req.method === 'POST' && req.path === '/jobs' ? answer : undefined);
    const first = await batch(proxy.baseUrl, file, ['--concurrency', '3']);
    proxy.script = undefined;
    expect(first.code, first.stderr).not.toBe(0);
    const rows = first.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => r[2])).toEqual(Array(6).fill('outcome unknown'));
    expect(rows.map((r) => r[3])).toEqual(Array(6).fill('')); // no job id
    expect(first.stderr).toMatch(/6 of 6 jobs were not created, or not confirmed/);
    expect(first.stderr).toContain('6 jobs: 0 created, 6 outcome unknown');
    expect(first.stderr).not.toContain('refused'); // nor told to fix refused items
    expect(first.stderr).toMatch(/^hint: run the same command again/m);
    const keyOf = new Map(proxy.creates().map((e) => [titleOf(e), e.key]));
    expect(keyOf.size).toBe(6);
    expect(titlesWithPrefix(sandbox.current, prefix).size).toBe(answer.forward ? 6 : 0);

    // The same command, now with the service answering for itself.
    proxy.reset();
    const again = await batch(proxy.baseUrl, file, ['--concurrency', '3']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('6 unanswered earlier, re-sent with their original key');
    const resent = proxy.creates();
    expect(resent).toHaveLength(6);
    for (const e of resent) expect(e.key, titleOf(e)).toBe(keyOf.get(titleOf(e)));
    const titles = titlesWithPrefix(sandbox.current, prefix);
    expect(titles.size).toBe(6);
    expect([...titles.values()].every((n) => n === 1)).toBe(true);
  });

  it('the same with --json: result "unknown", ok false, no job id, for every item', async () => {
    const file = writeJobs('non-job-json.ndjson', jobs('Non Job Json', 3));
    proxy.script = (req) => (req.method === 'POST' ? { forward: true, status: 200, headers: { 'content-type': 'text/html' }, body: HTML } : undefined);
    const res = await batch(proxy.baseUrl, file, ['--json']);
    proxy.script = undefined;
    expect(res.code).toBe(1);
    const results = JSON.parse(res.stdout) as { result: string; ok: boolean; jobId: number | null; error: { status: number } }[];
    expect(results.map((r) => [r.result, r.ok, r.jobId, r.error.status])).toEqual(Array(3).fill(['unknown', false, null, 200]));
  });
});

describe('jobs update against a redirect', () => {
  it('exits 1 and never says "Updated job"', async () => {
    proxy.script = (req) => (req.method === 'PATCH' ? { forward: false, status: 302, headers: { location: 'https://example.com/login' }, body: HTML } : undefined);
    const res = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'update', '1', '--title', 'Renamed Through A Redirect'], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full' },
    });
    proxy.script = undefined;
    expect(res.code, res.stderr).toBe(1);
    expect(res.stdout).not.toContain('Updated job');
    expect(res.stderr).toMatch(/302/);
    expect(res.stderr).toMatch(/redirects are not followed/);
  });
});
