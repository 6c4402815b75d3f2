// `--json <fields>` and `--jq <expression>`: gh's way of shaping output, on every command
// with JSON output, against the sandbox over HTTP; and where a spaced `--json` takes a value.
import { describe, expect, it } from 'vitest';
import { NOUNS_WITH_VERBS, settleJsonArgument } from '../../src/entry/json-argument.js';
import { buildProgram, COMMAND_TRAITS } from '../../src/program.js';
import { Capture } from '../helpers/cli.js';
import { JOB_JSON_FIELDS } from '../../src/domain/job-json-fields.js';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { changesSomething } from '../../src/entry/shaped-action.js';
import { traitsOf } from '../../src/commands/define.js';
import { leafCommands } from '../helpers/command-line.js';
import { startSandbox } from '../../src/sandbox/index.js';

describe('where a spaced --json takes a value', () => {
  it.each([
    [['jobs', 'get', '--json', 'id', '3'], ['jobs', 'get', '--json=id', '3']],
    [['jobs', 'get', '--json', 'id,title', '3'], ['jobs', 'get', '--json=id,title', '3']],
    // One known field makes a list of fields, so an unknown one is named by the check, not taken for an argument.
    [['jobs', 'list', '--json', 'title,benefits'], ['jobs', 'list', '--json=title,benefits']],
    [['jobs', 'get', '3', '--json'], ['jobs', 'get', '3', '--json']],
    // A job id is no field: --json has no value, and moves where it cannot take one.
    [['jobs', 'get', '--json', '3'], ['jobs', 'get', '3', '--json']],
    [['--json', 'jobs', 'list'], ['jobs', 'list', '--json']],
    // `status` is a field and a verb: before the verb, it is the verb.
    [['jobs', '--json', 'status', '3', 'closed'], ['jobs', 'status', '3', 'closed', '--json']],
    [['lookup', '--json', 'industries'], ['lookup', 'industries', '--json']],
    [['--profile', 'jobs', '--json', 'jobs', 'list'], ['--profile', 'jobs', 'jobs', 'list', '--json']],
    [['jobs', 'list', '--json', 'id', '--', 'x'], ['jobs', 'list', '--json=id', '--', 'x']],
    [['api', '/jobs', '--json', '--', '--json', 'x'], ['api', '/jobs', '--json', '--', '--json', 'x']],
  ])('%j is read as %j', (argv, settled) => {
    expect(settleJsonArgument(argv, COMMAND_TRAITS)).toEqual(settled);
  });

  it('knows every noun of the command tree that has verbs', () => {
    const program = buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {});
    const nouns = program.commands.filter((c) => c.commands.length > 0).map((c) => c.name());
    expect(new Set(nouns)).toEqual(NOUNS_WITH_VERBS);
  });
});

describe('recruit … --json <fields> / --jq (sandbox)', () => {
  const sandbox = useSandbox();
  const cli = (args: string[], stdin?: string) =>
    runCli([...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' }, stdin });

  it('jobs list --json id,title keeps those fields of every job, in that order', async () => {
    const result = await cli(['jobs', 'list', '--json', 'id,title']);
    // One page, as the service gives it: stderr says more exist (test/cli/ux/list-pages.test.ts).
    expect(result).toMatchObject({ code: 0, stderr: 'note: page 1 of 2 (12 jobs) only; add --all for every page\n' });
    const api = await call(sandbox.current, 'GET', '/v1/jobs');
    expect(JSON.parse(result.stdout)).toEqual(api.body.data.map((j: { id: number; title: string }) => ({ id: j.id, title: j.title })));
    expect(Object.keys(JSON.parse(result.stdout)[0])).toEqual(['id', 'title']);
  });

  it('jobs get: --json alone is everything wherever it stands; --json <fields> before the id', async () => {
    const whole = (await call(sandbox.current, 'GET', '/v1/jobs/3')).body;
    for (const args of [['jobs', 'get', '3', '--json'], ['jobs', 'get', '--json', '3'], ['--json', 'jobs', 'get', '3']]) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(whole);
    }
    expect(JSON.parse((await cli(['jobs', 'get', '--json', 'id,status', '3'])).stdout)).toEqual({ id: 3, status: whole.status });
    expect(JSON.parse((await cli(['jobs', 'get', '3', '--json=statusLabel'])).stdout)).toEqual({ statusLabel: whole.statusLabel });
  });

  it('a field a job lacks is null, so every row has the same keys', async () => {
    const result = await cli(['jobs', 'get', '3', '--json', 'id,customerId']);
    expect(JSON.parse(result.stdout)).toEqual({ id: 3, customerId: null });
  });

  it('--json= lists the fields of the command, one a line, and sends nothing', async () => {
    const result = await cli(['jobs', 'get', '3', '--json=', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([...JOB_JSON_FIELDS]);
    expect(result.stderr).not.toMatch(/^> /m);
    const customers = await cli(['lookup', 'customers', '--json=']);
    expect(customers.stdout).toBe('id\nname\ncity\ncountry\n');
    // A command whose JSON has no fixed shape says so (exit 2) and sends nothing.
    const status = await cli(['jobs', 'status', '3', 'closed', '--json=', '--verbose']);
    expect(status.code).toBe(2);
    expect(JSON.parse(status.stderr.slice(status.stderr.indexOf('{'))).error.message).toContain('has no fixed fields to list');
    expect(status.stderr).not.toMatch(/^> /m);
  });

  it('an unknown field is exit 2 with the fields and a guess, before any request', async () => {
    const result = await cli(['jobs', 'status', '3', 'closed', '--json=tilte', '--verbose']);
    expect(result.code).toBe(0); // jobs status takes any fields: its bulk form prints results
    const get = await cli(['jobs', 'get', '3', '--json=tilte', '--verbose']);
    expect(get.code).toBe(2);
    expect(get.stderr).toContain('unknown JSON field \\"tilte\\" for `recruit jobs get`');
    expect(get.stderr).not.toMatch(/^> /m);
    expect(JSON.parse(get.stderr).error.message).toMatch(/\(did you mean "title"\?\); its fields are: id, title, /);
  });

  it('sandbox serve runs until stopped: --jq is refused rather than holding its output forever', async () => {
    const result = await cli(['sandbox', 'serve', '--port', '0', '--jq', '.baseUrl']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('runs until it is stopped');
  });

  it('lookup <kind> --json id,name', async () => {
    const result = await cli(['lookup', 'industries', '--json', 'id,name']);
    expect(result.code).toBe(0);
    const api = await call(sandbox.current, 'GET', '/v1/industries');
    expect(JSON.parse(result.stdout)).toEqual(api.body.data.map((i: { id: number; name: string }) => ({ id: i.id, name: i.name })));
  });

  it('--jq filters the JSON through jq; strings come out raw, one a line', async () => {
    const result = await cli(['jobs', 'list', '--jq', '.[] | select(.id <= 4) | .title']);
    expect(result).toMatchObject({ code: 0, stderr: 'note: page 1 of 2 (12 jobs) only; add --all for every page\n' });
    const api = await call(sandbox.current, 'GET', '/v1/jobs');
    const titles = api.body.data.filter((j: { id: number }) => j.id <= 4).map((j: { title: string }) => j.title);
    expect(result.stdout).toBe(`${titles.join('\n')}\n`);
    // With fields, jq sees only those.
    expect((await cli(['jobs', 'get', '3', '--json', 'id,title', '--jq', 'keys'])).stdout).toBe('[\n  "id",\n  "title"\n]\n');
  });

  it('--jq output piped into a bulk command: ids one a line', async () => {
    const ids = await cli(['jobs', 'list', '--all', '--jq', '.[] | select(.id == 5 or .id == 6) | .id']);
    expect(ids.stdout).toBe('6\n5\n');
    const changed = await cli(['jobs', 'status', '-', 'new', '--json', 'jobId,ok'], ids.stdout);
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout)).toEqual([{ jobId: 6, ok: true }, { jobId: 5, ok: true }]);
    expect((await call(sandbox.current, 'GET', '/v1/jobs/5')).body.status).toBe(2);
  });

  it('a jq expression that does not compile is exit 2 before any request', async () => {
    const result = await cli(['jobs', 'status', '3', 'new', '--jq', '.[[[', '--verbose']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--jq: the expression does not compile');
    expect(result.stderr).not.toContain('else empty end'); // jq's words about the user's expression
    expect(result.stderr).not.toMatch(/^> /m);
  });

  it('a jq error on the output is exit 2 and says the command ran', async () => {
    const result = await cli(['jobs', 'get', '3', '--jq', '.title | .[]']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Cannot iterate over string.*the command itself ran/);
  });

  it('terminal controls in a jq string are escaped', async () => {
    const result = await cli(['jobs', 'get', '3', '--jq', '"a\\u001b[31mb"']);
    expect(result.stdout).toBe('a\\e[31mb\n');
  });
});

describe('which commands keep their results when --jq fails (entry/shaped-action.ts, their traits)', () => {
  const leaves = leafCommands();
  it.each([
    ['jobs create', [], true],
    ['jobs status', [['3'], 'closed', {}], true],
    ['jobs apply', ['file.csv', {}], true],
    ['sandbox approve', [], true],
    ['api', ['/jobs', { method: 'patch' }], true],
    ['api', ['/jobs', { field: ['title=x'] }], true],
    ['api', ['/jobs', { input: 'body.json' }], true],
    ['api', ['/jobs', {}], false],
    ['api', ['/jobs', { method: 'GET', paginate: true }], false],
    ['jobs list', [{}], false],
    ['jobs get', ['3', {}], false],
  ] as const)('%s %j: %s', (command, args, expected) => {
    expect(changesSomething(traitsOf(leaves.get(command)!), args)).toBe(expected);
  });

  it('in process too: a filter that fails after a change prints the result on stderr, exit 2', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const result = await runCli(['--base-url', sandbox.baseUrl, 'jobs', 'status', '3', 'closed', '--jq', '.[] | error("nope")'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      // One job changed prints the job: one line.
      expect(result.stderr).toMatch(/^--jq failed \(jq: error \(at inputString:\d+\): .*\); the result of the command, unfiltered:\n\{"id":3,.*"status":1,/m);
      expect(sandbox.store.jobs.get(3)!.status).toBe(1);
    } finally {
      await sandbox.close();
    }
  });
});
