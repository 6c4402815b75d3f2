// A plain `jobs get` line runs without commander (src/entry/plain-jobs-get.ts). It must mean exactly
// what commander makes of it: each line below runs both ways against the sandbox over HTTP, and the
// exit code, stdout and stderr must be the same; every other shape must go to commander.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { plainJobsGet, PLAIN_FLAGS, PLAIN_VALUES } from '../../src/entry/plain-jobs-get.js';
import { runWithCommander } from '../../src/entry/run.js';
import { buildProgram } from '../../src/program.js';
import { Capture, runCli, type CliResult } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

describe('which lines are a plain jobs get', () => {
  it.each([
    [['jobs', 'get', '1']],
    [['jobs', 'get', '1', '--json']],
    [['--base-url', 'http://127.0.0.1:1/v1', 'jobs', 'get', '7', '--json']],
    [['--json', 'jobs', '--verbose', 'get', 'x', '--no-color', '-y', '--timeout', '3', '--max-response-size', '1', '--profile', 'p']],
    [['jobs', 'get', '3', '--csv', '--insecure-http', '--sandbox']],
  ])('%j is', (argv) => {
    expect(plainJobsGet(argv)).toBeDefined();
  });

  it.each([
    [[]],
    [['jobs', 'get']],
    [['jobs', 'get', '1', '2']],
    [['jobs', 'list']],
    [['job', 'get', '1']],
    [['get', 'jobs', '1']],
    [['jobs', 'get', '1', '--help']],
    [['jobs', 'get', '1', '-h']],
    [['jobs', 'get', '1', '--json', '--json']],
    [['jobs', 'get', '1', '-y', '--yes']],
    [['jobs', 'get', '1', '--timeout=3']],
    [['jobs', 'get', '1', '--timeout']],
    [['jobs', 'get', '1', '--timeout', '-3']],
    [['jobs', 'get', '1', '--sandbox-account', 'approval', '--sandbox']],
    [['--csv', 'jobs', 'get', '1']],
    [['jobs', 'get', '1', '--color']],
    [['jobs', 'get', '1', '--', '2']],
    [['jobs', 'get', '-1']],
    [['-V']],
  ])('%j is not', (argv) => {
    expect(plainJobsGet(argv)).toBeUndefined();
  });

  it('gives the globals and options commander gives', () => {
    expect(plainJobsGet(['--base-url', 'u', 'jobs', 'get', '3', '--json', '--no-color', '--csv'])).toEqual({
      jobId: '3',
      globals: { baseUrl: 'u', json: true, color: false },
      options: { csv: true },
    });
  });

  it('knows the options as program.ts declares them: same attribute, same arity', () => {
    const program = buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {});
    const option = (cmd: Command, flag: string) => cmd.options.find((o) => o.long === flag || o.short === flag);
    for (const [flag, key] of Object.entries(PLAIN_FLAGS)) {
      expect(option(program, flag)?.attributeName(), flag).toBe(key);
      // --json takes fields, but never on a plain line: a word more is no plain `jobs get`.
      if (flag === '--json') expect(option(program, flag)?.optional, flag).toBe(true);
      else expect(option(program, flag)?.isBoolean(), flag).toBe(true);
    }
    for (const [flag, key] of Object.entries(PLAIN_VALUES)) {
      expect(option(program, flag)?.attributeName(), flag).toBe(key);
      expect(option(program, flag)?.required, flag).toBe(true);
    }
    expect(option(program, '--no-color')?.negate).toBe(true);
    const get = program.commands.find((c) => c.name() === 'jobs')!.commands.find((c) => c.name() === 'get')!;
    expect(get.options.map((o) => o.long)).toEqual(['--csv', '--xlsx', '--output']);
    // Only --csv is plain: a workbook or a file output goes through commander.
    expect(plainJobsGet(['jobs', 'get', '1', '--xlsx'])).toBeUndefined();
    expect(plainJobsGet(['jobs', 'get', '1', '--csv', '--output', 'x.csv'])).toBeUndefined();
    expect(get.registeredArguments.map((a) => [a.name(), a.required, a.variadic])).toEqual([['jobId', true, false]]);
  });
});

describe('a plain jobs get and commander, side by side', () => {
  const sandbox = useSandbox();
  // --verbose lines carry each request's duration, which differs from run to run.
  const timeless = (result: CliResult): CliResult => ({ ...result, stderr: result.stderr.replace(/ \d+ms /g, ' <ms> ') });
  const both = async (argv: string[], env: NodeJS.ProcessEnv = {}, tty = false) => {
    const withEnv = { RECRUIT_TOKEN: 'sbx_direct_full', ...env };
    const plain = timeless(await runCli(argv, { env: withEnv, tty }));
    const commander = timeless(await runCli(argv, { env: withEnv, tty, via: runWithCommander }));
    return { plain, commander };
  };
  const base = () => ['--base-url', sandbox.current.baseUrl];

  it.each([
    ['--json', ['jobs', 'get', '1', '--json'], {}],
    ['a pipe', ['jobs', 'get', '2'], {}],
    ['--csv', ['jobs', 'get', '3', '--csv'], {}],
    ['--verbose (token redacted)', ['jobs', 'get', '1', '--json', '--verbose'], {}],
    ['no such job (404)', ['jobs', 'get', '9999', '--json'], {}],
    ['not an id', ['jobs', 'get', 'abc'], {}],
    ['no token', ['jobs', 'get', '1'], { RECRUIT_TOKEN: '' }],
    ['a token the service refuses', ['jobs', 'get', '1', '--json'], { RECRUIT_TOKEN: 'sbx_nope' }],
    ['a bad --timeout', ['jobs', 'get', '1', '--timeout', 'soon'], {}],
    ['a bad --max-response-size', ['jobs', 'get', '1', '--max-response-size', '0'], {}],
    ['a tiny --max-response-size', ['jobs', 'get', '1', '--json', '--max-response-size', '0.0001'], {}],
    ['-y and --no-color', ['-y', 'jobs', 'get', '1', '--no-color'], {}],
    ['a profile with no settings', ['--profile', 'nobody', 'jobs', 'get', '1', '--json'], {}],
  ] as const)('%s: same code and output', async (_name, argv, env) => {
    const { plain, commander } = await both([...base(), ...argv], env);
    expect(plain).toEqual(commander);
    expect(plain.stdout + plain.stderr).not.toContain('sbx_direct_full');
    if ((argv as readonly string[]).includes('--verbose')) expect(plain.stderr).toMatch(/^< 200 GET \S+ <ms> attempt=1$/m);
  });

  it('on a terminal, with the names: same output', async () => {
    const { plain, commander } = await both([...base(), 'jobs', 'get', '1'], {}, true);
    expect(plain.code).toBe(0);
    expect(plain).toEqual(commander);
  });

  it('a base URL that is not a URL, and plain http to another host: same refusal', async () => {
    for (const url of ['not a url', 'http://example.com/v1']) {
      const { plain, commander } = await both(['--base-url', url, 'jobs', 'get', '1', '--json']);
      expect(plain.code).not.toBe(0);
      expect(plain).toEqual(commander);
    }
  });

  it('the embedded sandbox: same job', async () => {
    const { plain, commander } = await both(['--sandbox', 'jobs', 'get', '1', '--json']);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toMatchObject({ id: 1 });
    expect(plain).toEqual(commander);
  });
});
