// `recruit status` on what this machine learnt of the account, over HTTP against the sandbox: the
// active-job limit (configured, or learnt from a refusal at it), the runs that stopped before the
// end with the command that goes on with each, and the rate-limit policy last named by the service.
import { mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxStore } from '../../src/sandbox/store.js';
import { statedLimit } from '../../src/context/account-learning.js';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { jobs, writeJobs } from '../batch/helpers.js';
import { createServer } from 'node:http';
import { forward, listenLocal, passHeaders, readBody } from '../helpers/fake-server.js';

const SEEDED_ACTIVE = new SandboxStore().activeJobCount('direct');

function account(sandbox: { readonly current: { baseUrl: string } }, token = 'sbx_direct_full') {
  const state = mkdtempSync(join(tmpdir(), 'recruit-status-state-'));
  const env: NodeJS.ProcessEnv = { RECRUIT_TOKEN: token, RECRUIT_STATE_DIR: state, RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'recruit-status-config-')), NO_COLOR: '1' };
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => runCli(['--base-url', sandbox.current.baseUrl, ...args], { env: { ...env, ...extra } });
  const status = async (extra: NodeJS.ProcessEnv = {}) => {
    const result = await run(['status', '--json'], extra);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };
  return { env, state, run, status };
}

/** The command line `recruit status` gives, as the words after `recruit` (no word of it needs quoting here). */
const words = (command: string) => {
  expect(command).not.toMatch(/['"\\]/);
  return command.split(' ').slice(1);
};

const activeJobs = (sandbox: { readonly current: { store: SandboxStore } }) =>
  [...sandbox.current.store.jobs.values()].filter((j) => j.account === 'direct' && j.status === 5);

const closeJob = (sandbox: { readonly current: Parameters<typeof call>[0] }, id: number) =>
  call(sandbox.current, 'PATCH', `/v1/jobs/${id}/status`, { body: { status: 1 }, idempotencyKey: `close-${id}-${Math.random()}` });

describe('the active-job limit', () => {
  const sandbox = useSandbox({ activeJobLimit: SEEDED_ACTIVE + 1 });

  it('is the count of active jobs when a create met it, learnt from the 409, and said with the date', async () => {
    const { run, status } = account(sandbox);
    expect((await status()).activeJobLimit).toBeNull();
    expect((await run(['status'])).stdout).toMatch(new RegExp(`^Active jobs: ${SEEDED_ACTIVE}$`, 'm'));

    const file = writeJobs('status-limit.ndjson', jobs('Limit Learnt', 3));
    const batch = await run(['jobs', 'create', '--file', file, '--concurrency', '1']);
    expect(batch.code, batch.stderr).toBe(4);

    const report = await status();
    const today = new Date().toISOString().slice(0, 10);
    expect(report.activeJobs).toBe(SEEDED_ACTIVE + 1);
    expect(report.activeJobLimit).toEqual({ limit: SEEDED_ACTIVE + 1, source: 'stated', reachedAt: expect.stringMatching(new RegExp(`^${today}T`)) });
    expect((await run(['status'])).stdout).toContain(`Active jobs: ${SEEDED_ACTIVE + 1} of ${SEEDED_ACTIVE + 1} (limit stated by the service on ${today})\n`);
  });

  it('is the one the 409 states, when the count read after it differs (a job closed meanwhile); the count is said beside it', async () => {
    const { env } = account(sandbox);
    // A job of the account closed by someone else right as the refusal is answered.
    let closeOnRefusal = true;
    const server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const upstream = await forward(sandbox.current.origin, req, body);
        if (closeOnRefusal && upstream.status === 409) {
          closeOnRefusal = false;
          expect((await closeJob(sandbox, activeJobs(sandbox)[0]!.id)).status).toBe(200);
        }
        res.writeHead(upstream.status, passHeaders(upstream.headers, new Set(['connection', 'transfer-encoding', 'keep-alive']))).end(upstream.text);
      })().catch((error: Error) => res.destroy(error));
    });
    const proxy = await listenLocal(server);
    try {
      const run = (args: string[]) => runCli(['--base-url', `${proxy.origin}/v1`, ...args], { env });
      const file = writeJobs('status-limit-stated.ndjson', jobs('Limit Stated', 3));
      expect((await run(['jobs', 'create', '--file', file, '--concurrency', '1'])).code).toBe(4);
      const limit = SEEDED_ACTIVE + 1;
      const report = JSON.parse((await run(['status', '--json'])).stdout);
      expect(report.activeJobLimit).toMatchObject({ limit, source: 'stated', counted: limit - 1 });
      const today = new Date().toISOString().slice(0, 10);
      expect((await run(['status'])).stdout).toContain(`Active jobs: ${limit - 1} of ${limit} (limit stated by the service on ${today}; ${limit - 1} were active then)\n`);
    } finally {
      await proxy.close();
    }
  });

  it('is the number configured in the profile when there is one (`config set active-job-limit`)', async () => {
    const { run, status } = account(sandbox);
    const set = await run(['config', 'set', 'active-job-limit', '50']);
    expect(set.code, set.stderr).toBe(0);
    const report = await status();
    expect(report.activeJobLimit).toEqual({ limit: 50, source: 'configured', reachedAt: null });
    expect((await run(['status'])).stdout).toContain(`Active jobs: ${report.activeJobs} of 50 (limit configured)\n`);
    expect((await run(['config', 'get', 'active-job-limit'])).stdout).toBe('50\n');
    const bad = await run(['config', 'set', 'active-job-limit', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('active-job-limit must be a whole number');
  });
});

describe('the limit a refusal states', () => {
  it('is the number after "limit of" or "limit is", thousands with commas; none when the words name none', () => {
    expect(statedLimit('The account has reached its limit of 50 active jobs; no job was activated')).toBe(50);
    expect(statedLimit('409 Conflict: active job limit is 1,000')).toBe(1000);
    expect(statedLimit('Limit of 7 reached')).toBe(7);
    expect(statedLimit('no free active-job slot')).toBeUndefined();
    expect(statedLimit('the limit was reached at 12:00')).toBeUndefined();
  });
});

describe('interrupted runs', () => {
  const sandbox = useSandbox({ activeJobLimit: SEEDED_ACTIVE + 1 });

  it('lists a batch stopped at the limit with the command that resumes it; that command finishes it, and then it is gone', async () => {
    const { env, run, status } = account(sandbox);
    const file = writeJobs('status-interrupted.ndjson', jobs('Interrupted Batch', 3));
    const first = await run(['jobs', 'create', '--file', file, '--concurrency', '1', '--json']);
    expect(first.code, first.stderr).toBe(4);
    expect(JSON.parse(first.stdout).map((r: { result: string }) => r.result)).toEqual(['created', 'refused', 'not_attempted']);

    const report = await status();
    const command = `recruit --base-url ${sandbox.current.baseUrl} jobs create --file ${realpathSync(file)}`;
    // The item refused at the limit is not done: the command sends it again.
    expect(report.interrupted).toEqual([expect.objectContaining({ kind: 'create', file: realpathSync(file), command, stdin: null, items: 3, unfinished: 2 })]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await run(['status'])).stdout).toContain(`Interrupted runs (1)\n  2 of 3 items not done, since ${today}: \`${command}\`\n`);

    // Another token's status does not list this account's run.
    expect((await status({ RECRUIT_TOKEN: 'sbx_staffing_full' })).interrupted).toEqual([]);

    // Slots freed: the command given finishes the batch, and the run is no longer listed.
    for (const j of activeJobs(sandbox).slice(0, 2)) expect((await closeJob(sandbox, j.id)).status).toBe(200);
    const resumed = await runCli(words(command), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('1 already created in an earlier run');
    expect((await status()).interrupted).toEqual([]);
    expect((await run(['status'])).stdout).toContain('Interrupted runs (0)\n  none\n');
  });

  it('lists a bulk status change stopped at the limit with its ids and status, and not once it is done', async () => {
    const { env, run, status } = account(sandbox);
    // One slot free; jobs 3, 9 and 12 are new (status 2) in the seed.
    const active = activeJobs(sandbox);
    for (const j of active.slice(0, active.length - SEEDED_ACTIVE)) expect((await closeJob(sandbox, j.id)).status).toBe(200);
    const bulk = await run(['jobs', 'status', '3', '9', '12', 'in-progress', '--concurrency', '1']);
    expect(bulk.code, bulk.stderr).toBe(4);
    const command = `recruit --base-url ${sandbox.current.baseUrl} jobs status 3 9 12 5`;
    expect((await status()).interrupted).toEqual([expect.objectContaining({ kind: 'status', file: null, command, items: 3, unfinished: 2 })]);

    for (const j of activeJobs(sandbox).filter((j) => j.id !== 3).slice(0, 2)) expect((await closeJob(sandbox, j.id)).status).toBe(200);
    const resumed = await runCli(words(command), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await status()).interrupted).toEqual([]);
  });
});

describe('an interrupted apply', () => {
  // Full from the start: an active job cannot be created.
  const sandbox = useSandbox({ activeJobLimit: SEEDED_ACTIVE });

  it('is listed with its file, and its command finishes it once a slot is free', async () => {
    const { env, run, status } = account(sandbox);
    const file = join(mkdtempSync(join(tmpdir(), 'recruit-status-apply-')), 'wanted jobs.json');
    writeFileSync(file, JSON.stringify([validJob({ jobCode: 'ST-1', title: 'Status Apply 1' })]));
    const apply = await run(['jobs', 'apply', '--file', file, '--yes']);
    expect(apply.code, apply.stderr).toBe(4);
    const [interrupted] = (await status()).interrupted;
    expect(interrupted).toMatchObject({ kind: 'apply', file: realpathSync(file), items: 1, unfinished: 1 });
    expect(interrupted.command).toBe(`recruit --base-url ${sandbox.current.baseUrl} jobs apply --file '${realpathSync(file)}'`);

    expect((await closeJob(sandbox, activeJobs(sandbox)[0]!.id)).status).toBe(200);
    const args = interrupted.command.replace(`'${realpathSync(file)}'`, 'FILE').split(' ').slice(1).map((w: string) => (w === 'FILE' ? realpathSync(file) : w));
    const resumed = await runCli([...args, '--yes'], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await status()).interrupted).toEqual([]);
  });
});

describe('an interrupted apply whose file name a terminal cannot show', () => {
  const sandbox = useSandbox({ activeJobLimit: SEEDED_ACTIVE });

  it('is listed without the name: "$FILE" stands for it, named by its journal; --json has the exact name, and the command with FILE set finishes the run', async () => {
    const { env, run, status } = account(sandbox);
    const dir = mkdtempSync(join(tmpdir(), 'recruit-status-names-'));
    const names = ['jobs.json\nrecruit jobs apply --file other.json --prune', 'jobs\u001b[2J.json', 'jobs\r.json', 'gnp.\u202ejson'];
    const files = names.map((name, i) => {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify([validJob({ jobCode: `HIDDEN-${i}`, title: `Hidden Name ${i}` })]));
      return realpathSync(file);
    });
    for (const file of files) expect((await run(['jobs', 'apply', '--file', file, '--yes'])).code).toBe(4);

    const report = await status();
    expect(report.interrupted.map((i: { file: string }) => i.file).sort()).toEqual([...files].sort());
    const text = (await run(['status'])).stdout;
    const lines = text.slice(text.indexOf('Interrupted runs (4)')).split('\n').slice(1, 5);
    for (const line of lines) {
      expect(line).toContain(`\`recruit --base-url ${sandbox.current.baseUrl} jobs apply --file "$FILE"\` (set FILE to the file of the run whose journal is `);
      expect(line).toMatch(/journal is [0-9a-f]{16}-[0-9a-f]{16}\.ndjson: a name with a line break or a control character is not shown/);
    }
    expect(text).not.toContain('other.json');
    for (const shown of ['jobs\\e', 'jobs\\r', '\\u{202e}', '\u001b', '\r', '\u202e']) expect(text).not.toContain(shown);

    expect((await closeJob(sandbox, activeJobs(sandbox)[0]!.id)).status).toBe(200);
    const first = report.interrupted[0] as { command: string; file: string };
    const argv = first.command.split(' ').slice(1).map((w) => (w === '"$FILE"' ? first.file : w));
    const resumed = await runCli([...argv, '--yes'], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await status()).interrupted).toHaveLength(3);
  });
});

describe('the rate limit', () => {
  const sandbox = useSandbox({ rateLimit: '6000/min' });

  it('is the policy the answers name, kept when it changes or is an hour old, not at every request', async () => {
    const { state, run, status } = account(sandbox);
    const report = await status();
    const today = new Date().toISOString().slice(0, 10);
    expect(report.rateLimit).toEqual({ name: 'sandbox', quota: 6000, windowSeconds: 60, seenAt: expect.stringMatching(new RegExp(`^${today}T`)) });
    expect((await run(['status'])).stdout).toMatch(new RegExp(`^Rate limit: 6000 requests per 60 s, seen ${today} \\d\\d:\\d\\d UTC$`, 'm'));

    const dir = join(state, 'accounts');
    const [name] = readdirSync(dir);
    const file = join(dir, name!);
    const recent = new Date(Date.now() - 10 * 60_000).toISOString();
    writeFileSync(file, JSON.stringify({ rateLimit: { ...report.rateLimit, seenAt: recent } }));
    expect((await run(['jobs', 'list'])).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).rateLimit.seenAt).toBe(recent); // the same policy, seen within the hour: not written

    const old = new Date(Date.now() - 2 * 3_600_000).toISOString();
    writeFileSync(file, JSON.stringify({ rateLimit: { ...report.rateLimit, quota: 10, seenAt: old } }));
    const fresh = (await status()).rateLimit;
    expect(fresh).toMatchObject({ quota: 6000, windowSeconds: 60 });
    expect(Date.parse(fresh.seenAt)).toBeGreaterThan(Date.parse(old));
  });

  it('is said not to be known when no answer named one (the embedded sandbox names none)', async () => {
    const env = { RECRUIT_STATE_DIR: mkdtempSync(join(tmpdir(), 'recruit-status-embedded-')), RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'recruit-status-config-')), NO_COLOR: '1' };
    const json = await runCli(['--sandbox', 'status', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ rateLimit: null, activeJobLimit: null, interrupted: [] });
    expect((await runCli(['--sandbox', 'status'], { env })).stdout).toContain('Rate limit: not named by the service yet\n');
  });
});
