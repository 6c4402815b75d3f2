// `recruit jobs status` against real sandboxes over loopback.
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/entry/run.js';
import type { IO } from '../../src/terminal/io.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { Capture, runCli } from '../helpers/cli.js';
import { skippingClock } from '../helpers/clock.js';
import type { Clock } from '../../src/core/clock.js';
import { call, useSandbox } from '../helpers/sandbox.js';

/** Nothing listens there: a request would end in exit 5 after retries. */
const DEAD_URL = 'http://127.0.0.1:9/v1';

interface Options {
  token?: string;
  tty?: boolean;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
}

function setter(sandbox: { readonly current: RunningSandbox }) {
  return (args: string[], options: Options = {}) =>
    runCli(['jobs', 'status', ...args, '--base-url', sandbox.current.baseUrl], {
      tty: options.tty,
      clock: options.clock,
      env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1', ...options.env },
    });
}

async function jobOf(sandbox: RunningSandbox, id: number, token = 'sbx_direct_full') {
  const res = await call(sandbox, 'GET', `/v1/jobs/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body as { id: number; status: number; updatedAt: string };
}

describe('recruit jobs status', () => {
  const sandbox = useSandbox();
  const status = setter(sandbox);

  beforeEach(async () => {
    expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  });

  async function setFaults(spec: string, queue: string[] = []): Promise<void> {
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec, queue } })).status).toBe(200);
  }

  it('sets a status given by label and prints old -> new', async () => {
    const result = await status(['3', 'in-progress']);
    expect(result).toEqual({ code: 0, stdout: 'Job 3: New (2) -> In Progress (5)\n', stderr: '' });
    expect((await jobOf(sandbox.current, 3)).status).toBe(5);
  });

  it('sets a status given by code', async () => {
    const result = await status(['3', '1']);
    expect(result).toEqual({ code: 0, stdout: 'Job 3: New (2) -> Closed (1)\n', stderr: '' });
    expect((await jobOf(sandbox.current, 3)).status).toBe(1);
  });

  it('accepts labels in any case, with spaces, dashes or underscores', async () => {
    const steps: Array<[string, number, string]> = [
      ['Rejected', 4, 'Job 3: New (2) -> Rejected (4)'],
      ['IN_PROGRESS', 5, 'Job 3: Rejected (4) -> In Progress (5)'],
      ['closed', 1, 'Job 3: In Progress (5) -> Closed (1)'],
      ['In Progress', 5, 'Job 3: Closed (1) -> In Progress (5)'],
      ['NEW', 2, 'Job 3: In Progress (5) -> New (2)'],
    ];
    for (const [value, code, line] of steps) {
      const result = await status(['3', value]);
      expect(result.stdout.trim(), value).toBe(line);
      expect((await jobOf(sandbox.current, 3)).status).toBe(code);
    }
  });

  it('prints the updated job with --json', async () => {
    const result = await status(['3', 'closed', '--json']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ id: 3, status: 1, statusLabel: 'Closed' });
    expect(printed).toEqual((await call(sandbox.current, 'GET', '/v1/jobs/3')).body);
  });

  it('colours the statuses on a terminal only when colour is on', async () => {
    const coloured = await status(['3', '5'], { tty: true, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toBe('Job 3: \u001b[36mNew (2)\u001b[39m -> \u001b[32mIn Progress (5)\u001b[39m\n');
    const plain = await status(['9', '5'], { tty: true, env: { NO_COLOR: undefined, FORCE_COLOR: '0' } });
    expect(plain.stdout).toBe('Job 9: New (2) -> In Progress (5)\n');
    const piped = await status(['5', 'rejected'], { env: { NO_COLOR: undefined, FORCE_COLOR: '0' } });
    expect(piped).toEqual({ code: 0, stdout: 'Job 5: Closed (1) -> Rejected (4)\n', stderr: '' });
  });

  it('says so and sends nothing when the job already has that status', async () => {
    const before = await jobOf(sandbox.current, 1);
    const result = await status(['1', 'in-progress', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Job 1 is already In Progress (5); nothing changed\n');
    expect(result.stderr).not.toContain('PATCH');
    expect(await jobOf(sandbox.current, 1)).toEqual(before);
  });

  it('exits 4 with the server message for a job whose approval is pending', async () => {
    const result = await status(['14', 'in-progress'], { token: 'sbx_approval_full' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Job 14 cannot be activated: its approval is pending');
    expect(result.stdout).toBe('');
    expect((await jobOf(sandbox.current, 14, 'sbx_approval_full')).status).toBe(3);
  });

  it('exits 3 for a bad token (401) and a token without jobs.status.write (403)', async () => {
    const bad = await status(['3', 'closed'], { token: 'sbx_nobody_full' });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('401');
    const forbidden = await status(['3', 'closed'], { token: 'sbx_direct_nostatus' });
    expect(forbidden.code).toBe(3);
    expect(forbidden.stderr).toContain('403');
    expect((await jobOf(sandbox.current, 3)).status).toBe(2);
  });

  it('exits 1 with the server message for an unknown job', async () => {
    const result = await status(['9999', 'closed']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No job with id 9999');
  });

  it('waits out a 429 (Retry-After: 1) and succeeds', async () => {
    await setFaults('', ['429']);
    const clock = skippingClock();
    const started = Date.now();
    const result = await status(['3', 'closed'], { clock });
    expect(result.code).toBe(0);
    // The command's clock went past the second the service asked for: most of it skipped, not waited.
    expect(clock.waited + (Date.now() - started)).toBeGreaterThanOrEqual(1000);
    expect(clock.waited).toBeGreaterThan(0);
    expect((await jobOf(sandbox.current, 3)).status).toBe(1);
  });

  it('gives up with exit 5 when every attempt gets a 503', async () => {
    await setFaults('503=1');
    try {
      const result = await status(['3', 'closed']);
      expect(result.code).toBe(5);
      expect(result.stderr).toContain('gave up after 5 attempts');
    } finally {
      await setFaults('');
    }
    expect((await jobOf(sandbox.current, 3)).status).toBe(2);
  });

  it('retries a change whose connection was lost with the same key, and changes the job once', async () => {
    // The answer to the first PATCH is lost after the change was committed: queue the `reset`
    // fault at the moment the CLI announces that PATCH (--verbose writes the line just before sending).
    const stdout = new Capture();
    const stderr = new (class extends Capture {
      override write(chunk: string): boolean {
        if (chunk.startsWith('> PATCH ') && chunk.includes('attempt=1')) sandbox.current.faults.configure('', ['reset']);
        return super.write(chunk);
      }
    })();
    const stdin = Readable.from([]) as IO['stdin'];
    const code = await run(['jobs', 'status', '3', 'in-progress', '--verbose', '--base-url', sandbox.current.baseUrl], { stdin, stdout, stderr }, {
      ...process.env,
      RECRUIT_TOKEN: 'sbx_direct_full',
      NO_COLOR: '1',
    });
    expect(code).toBe(0);
    expect(stdout.text).toBe('Job 3: New (2) -> In Progress (5)\n');
    const patches = [...stderr.text.matchAll(/^> PATCH .*\/v1\/jobs\/3\/status attempt=(\d) idempotency-key=(\S+)$/gm)];
    expect(patches.map((m) => m[1])).toEqual(['1', '2']);
    expect(patches[0]![2]).toBe(patches[1]![2]);
    expect(stderr.text).toMatch(/^< network error PATCH .* attempt=1/m);
    expect(stderr.text).toMatch(/^< 200 PATCH .* attempt=2 replayed$/m);
    expect((await jobOf(sandbox.current, 3)).status).toBe(5);
  });

  it('prints request and response lines with --verbose, never the token', async () => {
    const result = await status(['3', 'closed', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^> GET .*\/v1\/jobs\/3 attempt=1$/m);
    expect(result.stderr).toMatch(/^> PATCH .*\/v1\/jobs\/3\/status attempt=1 idempotency-key=[0-9a-f-]{36}$/m);
    expect(result.stderr).toMatch(/^< 200 PATCH .*\/v1\/jobs\/3\/status \d+ms attempt=1$/m);
    expect(result.stdout + result.stderr).not.toContain('sbx_direct_full');
  });
});

describe('recruit jobs status at the active-job limit', () => {
  // The direct account has 7 active seeded jobs: with a limit of 7 no job can be activated.
  const sandbox = useSandbox({ activeJobLimit: 7 });
  const status = setter(sandbox);

  it('exits 4 with the server message and leaves the job unchanged', async () => {
    const before = await jobOf(sandbox.current, 3);
    const result = await status(['3', 'in-progress']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('limit of 7 active jobs');
    expect(result.stdout).toBe('');
    expect(await jobOf(sandbox.current, 3)).toEqual(before);
  });

  it('reports the conflict as JSON on stderr with --json', async () => {
    const result = await status(['3', 'in-progress', '--json']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual({
      error: expect.objectContaining({ code: 'active_job_limit_reached', status: 409, retryable: false }),
    });
  });
});

describe('recruit jobs status with invalid input', () => {
  it('refuses an id that is not a positive integer before sending anything (exit 2)', async () => {
    for (const id of ['abc', '0', '2.5']) {
      const result = await runCli(['jobs', 'status', id, 'closed', '--base-url', DEAD_URL], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
      expect(result.code, id).toBe(2);
      expect(result.stderr).toContain('job id must be a positive integer');
    }
  });

  it('refuses a status that cannot be set before sending anything, listing the settable ones (exit 2)', async () => {
    // Warm the one-day job-options cache for a sandbox's URL, then stop it: the URL is dead, so a
    // request sent there would end in exit 5.
    const other = await startSandbox({ port: 0 });
    const env = { RECRUIT_TOKEN: 'sbx_direct_full' };
    expect((await runCli(['jobs', 'status', '3', 'new', '--base-url', other.baseUrl], { env })).code).toBe(0);
    await other.close();

    for (const value of ['3', 'pending-approval', 'Pending Approval', 'on-hold', '9', '']) {
      const result = await runCli(['jobs', 'status', '3', value, '--base-url', other.baseUrl], { env });
      expect(result.code, value).toBe(2);
      for (const line of ['1  Closed', '2  New', '4  Rejected', '5  In Progress']) expect(result.stderr, value).toContain(line);
      expect(result.stderr).not.toContain('3  Pending Approval');
    }
    const pending = await runCli(['jobs', 'status', '3', 'pending approval', '--base-url', other.baseUrl], { env });
    expect(pending.stderr).toContain('status 3 (Pending Approval) cannot be set');
    // A misspelt label gets the closest settable label; a label like none gets no guess.
    const typo = await runCli(['jobs', 'status', '3', 'In Progres', '--base-url', other.baseUrl], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('hint: did you mean "in-progress"? give a code or a label\n');
    const onHold = await runCli(['jobs', 'status', '3', 'on-hold', '--base-url', other.baseUrl], { env });
    expect(onHold.stderr).toContain('hint: give a code or a label\n');
    const json = await runCli(['jobs', 'status', '3', 'on-hold', '--json', '--base-url', other.baseUrl], { env });
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'usage', status: null } });

    // The same URL with a settable status: the request is sent and fails.
    expect((await runCli(['jobs', 'status', '3', 'closed', '--base-url', other.baseUrl], { env })).code).toBe(5);
  });
});
