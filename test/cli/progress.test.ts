// Feedback on every wait: a spinner on stderr naming what the command waits for, once the wait
// passes 300 ms, on a terminal only (never in a pipe, with --json or in CI; NO_COLOR takes only its
// colour), gone before the result is printed. Driven against the sandbox with a latency fault.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOra, StatusLine, type MakeSpinner } from '../../src/terminal/spinner.js';
import { BIN, Capture, runCli } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { PtySession } from '../helpers/pty.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { screenOf } from '../helpers/screen.js';
import { batch, writeJobs } from '../batch/helpers.js';

const sandbox = useSandbox();
const TERMINAL = { CI: undefined, TERM: 'xterm-256color' };

async function setLatency(ms: number): Promise<void> {
  const res = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec: ms ? `latency=${ms}-${ms}` : '' } });
  expect(res.status, res.text).toBe(200);
}

afterEach(() => setLatency(0));

const WAIT = { timeout: 3000, interval: 20 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cli(args: string[], options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  return runCli(['--base-url', sandbox.current.baseUrl, ...args], { env: { RECRUIT_TOKEN: 'sbx_direct_full', ...TERMINAL, ...options.env }, tty: options.tty ?? true });
}

describe('the status line', () => {
  function counting(): { load: () => Promise<MakeSpinner>; loads: () => number } {
    let n = 0;
    return {
      load: () => {
        n++;
        return loadOra();
      },
      loads: () => n,
    };
  }

  it('draws nothing, and loads no spinner library, for a wait shorter than its delay', async () => {
    const out = new Capture(true, 80);
    const { load, loads } = counting();
    const spinner = new StatusLine(out, true, false, load).spinner('fetching job 1', 100);
    await sleep(30);
    spinner.stop();
    await sleep(150);
    expect(out.text).toBe('');
    expect(loads()).toBe(0);
  });

  it('draws the text after the delay, prints lines above it, follows updates and retry waits, and clears itself', async () => {
    const out = new Capture(true, 100);
    const status = new StatusLine(out, true, false);
    const spinner = status.spinner('checking 1 item', 20);
    await vi.waitFor(() => expect(screenOf(out.text)).toEqual([expect.stringMatching(/^\S checking 1 item$/)]), WAIT);
    status.print('warning: a line that stays\n');
    expect(screenOf(out.text)).toEqual(['warning: a line that stays', expect.stringMatching(/^\S checking 1 item$/)]);
    spinner.update('checking 2 items');
    status.retrying('503 from GET /industries; retrying in 0.6 s (attempt 2 of 5)', '503; retrying in 0.6 s', 600);
    expect(screenOf(out.text)).toEqual([
      'warning: a line that stays',
      expect.stringMatching(/^\S checking 2 items — 503 from GET \/industries; retrying in 0\.6 s \(attempt 2 of 5\)$/),
    ]);
    // The wait is over: its note goes.
    await vi.waitFor(() => expect(screenOf(out.text)[1]).toMatch(/^\S checking 2 items$/), WAIT);
    spinner.stop();
    expect(screenOf(out.text)).toEqual(['warning: a line that stays', '']);
    // eslint-disable-next-line no-control-regex
    expect(out.text).not.toMatch(/\x1b\[3\d?m/); // colour off: no colour codes, the spinner all the same
  });

  it('cuts its text to the terminal width, the retry note to its short form first', async () => {
    const out = new Capture(true, 44);
    const status = new StatusLine(out, true, false);
    const spinner = status.spinner('sending 12 jobs', 0);
    status.retrying('503 from POST /jobs; retrying in 2.1 s (attempt 2 of 5)', '503; retrying in 2.1 s', 5000);
    await vi.waitFor(() => expect(screenOf(out.text)[0]).toMatch(/^\S sending 12 jobs — 503; retrying in 2\.1 s$/), WAIT);
    spinner.update('x'.repeat(60));
    await vi.waitFor(() => expect(screenOf(out.text)[0]).toMatch(/x…$/), WAIT);
    expect([...screenOf(out.text)[0]!].length).toBe(43); // the frame, a space, 41 characters: the last cell stays free
    spinner.stop();
  });

  it('does nothing at all when disabled', async () => {
    const out = new Capture(true, 80);
    const status = new StatusLine(out, false, false);
    const spinner = status.spinner('fetching job 1', 0);
    status.retrying('503 from GET /jobs/1; retrying in 0.3 s (attempt 2 of 5)', '503', 300);
    await sleep(60);
    spinner.stop();
    expect(out.text).toBe('');
  });
});

describe('one-shot commands on a terminal', () => {
  it.each([
    [['jobs', 'get', '1'], ['fetching job 1']],
    [['jobs', 'list', '--status', 'in-progress'], ['fetching jobs']],
    [['lookup', 'functions', '--industry', 'Information Technology'], ['resolving the industry']],
    [['jobs', 'status', '2', 'closed'], ['reading job 2', 'changing the status of job 2']],
    [['jobs', 'update', '3', '--title', 'Renamed while you wait'], ['updating job 3']],
    [
      ['jobs', 'create', '--title', 'Spinner Job', '--description-file', '-', '--location', 'Austin, TX, USA', '--job-function', 'Software Development', '--employer-type', 'Software Vendor', '--industry', 'Information Technology'],
      ['checking the job: resolving names', 'creating the job'],
    ],
    [['api', '/industries'], ['GET /industries']],
    [['auth', 'login', '--with-token', '--profile', 'spinner'], ['checking the token with', 'learning the account type']],
  ])('%j shows what it waits for, and nothing of it stays', async (args, texts) => {
    await setLatency(400);
    const description = args[0] === 'auth' ? 'sbx_direct_full' : Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const result = await runCli(['--base-url', sandbox.current.baseUrl, ...args], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full', ...TERMINAL },
      tty: true,
      stdin: description,
    });
    expect(result.code, result.stderr).toBe(0);
    for (const text of texts) expect(result.stderr).toContain(` ${text}`);
    expect(screenOf(result.stderr).join('\n')).not.toMatch(/fetching|reading|resolving|changing|updating|checking|creating|learning|GET \//);
  });

  it('shows no spinner when the answer comes within 300 ms', async () => {
    const result = await cli(['jobs', 'get', '1']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it.each([
    ['in a pipe', { tty: false }],
    ['with --json', { args: ['--json'] }],
    ['under CI', { env: { CI: 'true' } }],
    ['on a dumb terminal', { env: { TERM: 'dumb' } }],
  ] as const)('shows nothing %s', async (_, o: { tty?: boolean; args?: readonly string[]; env?: NodeJS.ProcessEnv }) => {
    await setLatency(400);
    const result = await cli([...(o.args ?? []), 'jobs', 'get', '1'], { ...(o.tty !== undefined ? { tty: o.tty } : {}), ...(o.env ? { env: o.env } : {}) });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Platform|"id": 1|\b1\b/);
  });

  it('keeps the spinner with NO_COLOR and --no-color, without colour', async () => {
    await setLatency(400);
    for (const o of [{ env: { NO_COLOR: '1' }, args: [] }, { env: {}, args: ['--no-color'] }]) {
      const result = await cli([...o.args, 'jobs', 'get', '1'], { env: o.env });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('fetching job 1');
      // eslint-disable-next-line no-control-regex
      expect(result.stderr).not.toMatch(/\x1b\[3\d?m/);
    }
  });
});

describe('a batch on a terminal', () => {
  it('names the check and the name lookups while it waits, and its summary times the whole run', async () => {
    await setLatency(300);
    const file = writeJobs('named-progress.ndjson', [
      { ...validJob({ title: 'Named Progress Job' }), jobFunctionId: undefined, employerTypeId: undefined, industry: 'Information Technology', jobFunction: 'Software Development', employerType: 'Software Vendor' },
    ]);
    const started = performance.now();
    const res = await batch(sandbox.current.baseUrl, file, [], { tty: true, env: { ...TERMINAL, NO_COLOR: '1' } });
    const wall = (performance.now() - started) / 1000;
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(' resolving names for item 1 of /'); // the file's path follows, cut to the width
    // Three lookups at least (industries, job functions, employer types) and the POST, 300 ms each:
    // the send phase alone took some 0.3 s, the summary counts from the command's start.
    const seconds = Number(/1 job: 1 created \((\d+\.\d) s\)/.exec(res.stderr)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1.1);
    expect(seconds).toBeLessThanOrEqual(wall + 0.05);
    expect(screenOf(res.stderr).filter(Boolean)).toEqual(['sending 1 job', expect.stringMatching(/^1 job: 1 created/)]);
  });
});

describe('in a real terminal', () => {
  it('draws the spinner, in colour unless NO_COLOR, and leaves only the result', { timeout: 60_000 }, async () => {
    await ensureFreshBuild();
    await setLatency(700);
    for (const noColor of [false, true]) {
      const env: NodeJS.ProcessEnv = { ...process.env, RECRUIT_TOKEN: 'sbx_direct_full', TERM: 'xterm-256color' };
      delete env.CI;
      delete env.NO_COLOR;
      delete env.FORCE_COLOR;
      if (noColor) env.NO_COLOR = '1';
      const pty = new PtySession([process.execPath, BIN, '--base-url', sandbox.current.baseUrl, 'jobs', 'get', '1'], env);
      try {
        await pty.waitFor('fetching job 1');
        expect(await pty.exited).toBe(0);
        expect(pty.screen).toMatch(/Title\s+\S/);
        // A cyan frame before the text, unless NO_COLOR.
        // eslint-disable-next-line no-control-regex
        const cyanFrame = /\x1b\[36m\S\x1b\[39m fetching job 1/;
        if (noColor) expect(pty.output).not.toMatch(cyanFrame);
        else expect(pty.output).toMatch(cyanFrame);
      } finally {
        pty.kill();
      }
    }
  });
});
