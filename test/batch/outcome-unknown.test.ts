// An item whose outcome is unknown keeps its key, end to end through a hostile
// server in front of the sandbox: a 409 idempotency_key_in_use or a 5xx to the first request (the
// job may exist) is neither created nor refused, and the re-run sends the SAME key, so the job
// exists once. And a run stopped early (a 401) never gives up the original keys of the items an
// earlier run left unanswered: the next run still sends them with those keys.
import { appendFileSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialFingerprint } from '../../src/api/client.js';
import { bodyHash } from '../../src/exactly-once/canonical-json.js';
import { journalFile } from '../../src/exactly-once/journal-files.js';
import { checkJobInput } from '../../src/jobs/job-input.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { titleOf, useScriptedProxy, type Scripted } from '../helpers/scripted-proxy.js';
import { batch, countTitle, jobs, titlesWithPrefix, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);
const json = { 'content-type': 'application/json' };
const error = (code: string, message: string) => JSON.stringify({ error: { code, message } });

const CASES: [string, Scripted, number][] = [
  [
    '409 idempotency_key_in_use, the first request carried out',
    { forward: true, status: 409, headers: json, body: error('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed') },
    5,
  ],
  ['409 idempotency_key_in_use, nothing done', { forward: false, status: 409, headers: json, body: error('idempotency_key_in_use', 'still being processed') }, 5],
  ['500, the job created', { forward: true, status: 500, headers: json, body: error('internal_error', 'Something went wrong') }, 1],
  ['502 from a gateway, nothing done', { forward: false, status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad Gateway</html>' }, 1],
];

function journalOf(file: string): string {
  return journalFile(join(process.env.RECRUIT_STATE_DIR!, 'journals'), realpathSync(file), {
    baseUrl: proxy.baseUrl,
    credential: credentialFingerprint('sbx_direct_full'),
  });
}

describe('batch: an answer that leaves the outcome unknown', () => {
  it.each(CASES.map(([name, answer, exit], i) => [name, answer, exit, i] as const))('%s: kept with its key, re-sent with it, created once', async (_name, answer, exit, i) => {
    const prefix = `Unknown ${i} Job `;
    const file = writeJobs(`unknown-${i}.ndjson`, jobs(prefix.trim(), 4));
    const target = `${prefix}0`;

    proxy.reset();
    proxy.script = (req) => (req.method === 'POST' && req.path === '/jobs' && titleOf(req) === target ? answer : undefined);
    const first = await batch(proxy.baseUrl, file, ['--concurrency', '2']);
    proxy.script = undefined;
    expect(first.code, first.stderr).toBe(exit);
    const rows = first.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => r[2])).toEqual(['outcome unknown', 'created', 'created', 'created']);
    expect(first.stderr).toContain('4 jobs: 3 created, 1 outcome unknown');
    expect(first.stderr).not.toContain('refused'); // nor told to fix refused items
    expect(first.stderr).toMatch(/^hint: run the same command again/m);
    const attempts = proxy.creates().filter((e) => titleOf(e) === target);
    expect(attempts).toHaveLength(1);
    const key = attempts[0]!.key;
    // Nothing about it but its key was written: no outcome.
    const written = readFileSync(journalOf(file), 'utf8');
    expect(written).not.toContain('"type":"refused"');

    proxy.reset();
    const again = await batch(proxy.baseUrl, file);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('sending 1 job of 4; 3 already created in an earlier run; 1 unanswered earlier, re-sent with their original key');
    expect(proxy.creates().map((e) => [titleOf(e), e.key])).toEqual([[target, key]]);
    expect(proxy.creates()[0]!.upstreamStatus).toBe(201);
    const titles = titlesWithPrefix(sandbox.current, prefix);
    expect(titles.size).toBe(4);
    expect([...titles.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('batch: a run stopped early keeps the original keys of unanswered items', () => {
  it('after a 401 stops the run, the next run sends them with their original keys: no job twice', async () => {
    const prefix = 'Early Stop Job ';
    const items = jobs(prefix.trim(), 6);
    const file = writeJobs('early-stop.ndjson', items);
    // What a crash leaves: every item's key in the journal, and the service created each job, but
    // no answer was recorded.
    const journal = journalOf(file);
    mkdirSync(dirname(journal), { recursive: true });
    const keys = items.map((_, i) => `crash-key-${i}`);
    for (const [i, item] of items.entries()) {
      const body = checkJobInput(item, { accountType: 'auto' }).body;
      appendFileSync(journal, `${JSON.stringify({ type: 'sent', id: `${bodyHash(body)}.0`, key: keys[i], index: i })}\n`);
      expect((await call(sandbox.current, 'POST', '/v1/jobs', { body, idempotencyKey: keys[i] })).status).toBe(201);
    }

    // The re-run's token is refused at its first request: it stops, the other items not attempted.
    proxy.reset();
    proxy.script = (req) => (req.method === 'POST' ? { forward: false, status: 401, headers: json, body: error('unauthenticated', 'The token is not valid') } : undefined);
    const stopped = await batch(proxy.baseUrl, file, ['--concurrency', '1']);
    proxy.script = undefined;
    expect(stopped.code, stopped.stderr).toBe(3);
    expect(proxy.creates()).toHaveLength(1);
    expect(readFileSync(journal, 'utf8')).not.toContain('"type":"unsent"');

    proxy.reset();
    const again = await batch(proxy.baseUrl, file);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('6 unanswered earlier, re-sent with their original key');
    expect(proxy.creates().map((e) => e.key).sort()).toEqual(keys);
    for (let i = 0; i < 6; i++) expect(countTitle(sandbox.current, `${prefix}${i}`)).toBe(1);
  });
});
