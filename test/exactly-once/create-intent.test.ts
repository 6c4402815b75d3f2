/* eslint-disable @typescript-eslint/no-explicit-any -- results are read as parsed JSON */
// A create of a job code is one intent (docs/decisions.md, "A create of a code is one intent"), over
// real HTTP against the sandbox: two versions of one apply file (one field differs) run at once, on
// two machines and on one; the run that lost says so and exits 4, nothing is created twice, and a
// further apply of either version plans an update or nothing. And a service that replays a create
// of the code made with other values: never reported as this file's values applied.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { useScriptedProxy, type Incoming, type Scripted } from '../helpers/scripted-proxy.js';

const sandbox = useSandbox({ activeJobLimit: 5000 });
const proxy = useScriptedProxy(sandbox);
const dir = mkdtempSync(join(tmpdir(), 'recruit-intent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A machine of its own: a state and config directory nobody else uses. */
function machine(name: string): NodeJS.ProcessEnv {
  const home = join(dir, name);
  mkdirSync(home, { recursive: true });
  return { HOME: home, RECRUIT_STATE_DIR: join(home, 'state'), RECRUIT_CONFIG_DIR: join(home, 'config'), RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' };
}

function apply(env: NodeJS.ProcessEnv, path: string, extra: string[] = [], options: { prompter?: FakePrompter } = {}): Promise<CliResult> {
  const args = ['jobs', 'apply', '--file', path, ...(options.prompter ? [] : ['--yes']), ...extra, '--base-url', proxy.baseUrl];
  // A terminal asks only outside CI, and CI runs the suite with CI=true.
  return runCli(args, options.prompter ? { env: { ...env, CI: undefined }, tty: true, prompter: options.prompter } : { env });
}

/** Version `experience` of a file of `count` codes: the versions differ in one field of every job. */
function version(name: string, prefix: string, count: number, experience: number): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(Array.from({ length: count }, (_, i) => validJob({ jobCode: `${prefix}-${i}`, title: `Shared sheet ${prefix} ${i}`, experience }))));
  return path;
}

const withCode = (code: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.jobCode === code);
const results = (r: CliResult): any[] => (r.stdout.trim().startsWith('[') ? JSON.parse(r.stdout) : []);

beforeEach(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  proxy.reset();
  proxy.script = undefined;
});

describe('two versions of one apply file', () => {
  it('the second to send, on another machine, creates nothing, says what happened and exits 4; a further apply of its version plans the update', async () => {
    const a = version('shared-a.json', 'VER', 60, 2);
    const b = version('shared-b.json', 'VER', 60, 3);
    const [envA, envB] = [machine('gate-a'), machine('gate-b')];
    // A plans its 60 creates and waits at its question while B runs from start to end: then A sends.
    let first: CliResult | undefined;
    const prompter = new FakePrompter([{ kind: 'confirm', message: 'Apply these 60 changes?', answer: true, before: async () => void (first = await apply(envB, b, ['--json'])) }]);
    const lost = await apply(envA, a, [], { prompter });
    prompter.assertDone();
    expect(first!.code, first!.stderr).toBe(0);
    for (let i = 0; i < 60; i++) expect(withCode(`VER-${i}`), `VER-${i}`).toHaveLength(1);
    for (let i = 0; i < 60; i++) expect(withCode(`VER-${i}`)[0]!.experience).toBe(3); // B's values, created once

    expect(lost.code, lost.stderr).toBe(4);
    expect(lost.stdout, lost.stdout).toContain('60 jobs failed: 422 created by another run with other values: not created twice; run apply again');
    expect(lost.stderr).toMatch(/60 jobs: 60 failed \(/); // after a progress bar, when the run takes a while
    expect(lost.stderr).toContain("hint: another run created those codes with other values: nothing was created twice; run the same command again to update them to this file's values");

    // Run again, A's version plans 60 updates (experience 3 -> 2), never "code of 2 jobs"; B's plans nothing.
    const again = await apply(envA, a, ['--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('more than one job');
    expect(results(again).filter((r) => r.action === 'update' && r.result === 'changed')).toHaveLength(60);
    for (let i = 0; i < 60; i++) expect(withCode(`VER-${i}`)[0]!.experience).toBe(2);
    const other = await apply(envB, b);
    expect(other.code, other.stderr).toBe(0);
    expect(withCode('VER-0')).toHaveLength(1);
  });

  it('run at once on two machines (Promise.all): every code once, the loser exits 4 naming what happened, and either version applies afterwards', async () => {
    const a = version('race-a.json', 'RACE', 60, 2);
    const b = version('race-b.json', 'RACE', 60, 5);
    const [envA, envB] = [machine('race-a'), machine('race-b')];
    const runs = await Promise.all([apply(envA, a, ['--json']), apply(envB, b, ['--json'])]);
    for (let i = 0; i < 60; i++) expect(withCode(`RACE-${i}`), `RACE-${i}`).toHaveLength(1);
    for (const run of runs) {
      expect([0, 4, 5], run.stderr).toContain(run.code);
      for (const item of results(run)) {
        if (item.result === 'changed') continue;
        // What the loser says of a code the other run created: with other values (422), or while in flight (409).
        expect(['created_by_another_run', 'idempotency_key_in_use'], JSON.stringify(item)).toContain(item.error?.code);
        expect(item.error.message).toMatch(/another run/);
      }
    }
    // Each code created (reported `changed`) by one run only.
    const created = runs.flatMap((r) => results(r).filter((i) => i.action === 'create' && i.result === 'changed').map((i) => i.jobCode));
    expect(new Set(created).size).toBe(created.length);
    expect(runs.some((r) => r.code !== 0)).toBe(true); // both planned their creates: one of them lost

    for (const [env, path] of [[envA, a], [envB, b]] as const) {
      const again = await apply(env, path, ['--json']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).not.toContain('more than one job');
    }
    for (let i = 0; i < 60; i++) expect(withCode(`RACE-${i}`)).toHaveLength(1);
  });

  it('run at once from one state directory: the account lock lets one run, and nothing is created twice', async () => {
    const a = version('one-a.json', 'ONE', 20, 2);
    const b = version('one-b.json', 'ONE', 20, 4);
    const env = machine('one');
    const runs = await Promise.all([apply(env, a), apply(env, b)]);
    for (let i = 0; i < 20; i++) expect(withCode(`ONE-${i}`), `ONE-${i}`).toHaveLength(1);
    for (const run of runs) expect([0, 2], run.stderr).toContain(run.code);
    const refused = runs.filter((r) => r.code === 2);
    for (const run of refused) expect(run.stderr).toContain('another run is changing the jobs of this account');
    for (const path of [a, b]) {
      const again = await apply(env, path);
      expect(again.code, again.stderr).toBe(0);
    }
    for (let i = 0; i < 20; i++) expect(withCode(`ONE-${i}`)[0]!.experience).toBe(4);
  });
});

/** An answer to GET /jobs that shows no job yet (a list that lags writes). */
function emptyList(req: Incoming): Scripted | undefined {
  if (req.method !== 'GET' || !/^\/jobs\/?(\?|$)/.test(req.path)) return undefined;
  const page = { data: [], meta: { pagination: { page: 1, pageSize: 100, totalItems: 0, totalPages: 0 } } };
  return { forward: false, status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(page) };
}

describe('a replay of a create made with other values', () => {
  it('is never reported as this file applied: failed, exit 4, the differing fields named, and the job recorded for the next run', async () => {
    const env = machine('replay');
    const made = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ jobCode: 'LOOSE-1', title: 'Made elsewhere', experience: 9 }) });
    expect(made.status).toBe(201);
    const path = join(dir, 'loose.json');
    writeFileSync(path, JSON.stringify([validJob({ jobCode: 'LOOSE-1', title: 'This file', experience: 1 })]));
    // A list that does not show the job yet, and a service that replays a create of the code whatever its body.
    const replay: Scripted = { forward: false, status: 201, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' }, body: JSON.stringify(made.body) };
    proxy.script = (req) => emptyList(req) ?? (req.method === 'POST' && req.path === '/jobs' ? replay : undefined);
    const res = await apply(env, path, ['--json']);
    expect(res.code, res.stderr).toBe(4);
    const [item] = results(res);
    expect(item.result).toBe('failed');
    expect(item.jobId).toBe(made.body.id);
    expect(item.createdByAnotherRun).toBeUndefined();
    expect(item.error.code).toBe('created_by_another_run');
    expect(item.error.message).toMatch(/created by another run with other values \(job \d+; title, experience differ\)/);
    expect(withCode('LOOSE-1')).toHaveLength(1);

    // The next run, with the list still lagging, plans the job its journal recorded: an update, not a create.
    proxy.script = emptyList;
    const again = await apply(env, path, ['--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(results(again)[0]).toMatchObject({ action: 'update', result: 'changed' });
    expect(withCode('LOOSE-1')).toHaveLength(1);
    expect(withCode('LOOSE-1')[0]).toMatchObject({ title: 'This file', experience: 1 });
  });
});
