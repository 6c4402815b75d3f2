// Answers the CLI cannot use, from a hostile server: every command that reads a job or a page
// ends with exit 1 and one line naming the method, path, status and what was wrong, never exit 0
// and never a JavaScript error; redirects are not followed; --all and --paginate end whatever the
// pages say; a base URL with a password is refused without printing it; and with --json the error
// object says which of these it was.
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { JOB_OPTIONS, job, json, pages, redirect, retryAfter, silent, stream, text, useHostileServer, type Answer } from '../helpers/hostile-server.js';

const server = useHostileServer();
const env = { RECRUIT_TOKEN: 'x' };

function cli(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCli(['--base-url', server.base, ...args], { env: { ...env, ...extraEnv } });
}

/** Text of JavaScript's own errors, which must never reach the user. */
const JS_ERROR = /Cannot read|is not iterable|Cannot use 'in'|undefined|TypeError|RangeError|SyntaxError|Unexpected token|\n\s+at /;

interface Command {
  args: string[];
  /** The request that gets the bad answer, as routed and as the error names it. */
  route: string;
  named: string;
  /** What the command reads from that answer. */
  reads: 'job' | 'page';
  /** Good answers to the requests before it. */
  before?: () => void;
}

const COMMANDS: Command[] = [
  { args: ['jobs', 'get', '1'], route: 'GET /v1/jobs/1', named: 'GET /jobs/1', reads: 'job' },
  { args: ['jobs', 'list'], route: 'GET /v1/jobs', named: 'GET /jobs', reads: 'page' },
  { args: ['lookup', 'industries'], route: 'GET /v1/industries', named: 'GET /industries', reads: 'page' },
  {
    args: ['jobs', 'status', '1', 'closed'],
    route: 'PATCH /v1/jobs/1/status',
    named: 'PATCH /jobs/1/status',
    reads: 'job',
    before: () => server.on('GET /v1/job-options', json(JOB_OPTIONS)).on('GET /v1/jobs/1', json(job(1))),
  },
  {
    args: ['jobs', 'update', '1', '--title', 'X'],
    route: 'PATCH /v1/jobs/1',
    named: 'PATCH /jobs/1',
    reads: 'job',
    before: () => server.on('GET /v1/jobs/1', json(job(1))),
  },
];

interface BadAnswer {
  name: string;
  answer: () => Answer;
  status: number;
  /** What the error line says was wrong, for a command reading a job / a page. */
  why: Record<Command['reads'], RegExp>;
}

const both = (why: RegExp) => ({ job: why, page: why });
const HTML = '<!doctype html><html><head><title>Sign in</title></head><body><p>Welcome</p></body></html>\n';

const BAD_ANSWERS: BadAnswer[] = [
  { name: '200 with text/html', answer: () => text(HTML, 'text/html; charset=utf-8'), status: 200, why: both(/is not JSON: a \d+-byte text\/html body$/) },
  { name: '200 with invalid JSON', answer: () => text('{"id": 1, "status":', 'application/json'), status: 200, why: both(/is not valid JSON \(19 bytes\)$/) },
  { name: '200 with an empty body', answer: () => text('', 'application/json'), status: 200, why: { job: /is an empty body, not a job$/, page: /is an empty body, not a page$/ } },
  {
    name: '200 with {"data":"not an array"}',
    answer: () => json({ data: 'not an array' }),
    status: 200,
    why: { job: /is not a job: its id is not a positive integer$/, page: /is not a page: its data is not a list$/ },
  },
  {
    name: '200 with {"id":"not-a-number"}',
    answer: () => json({ id: 'not-a-number' }),
    status: 200,
    why: { job: /is not a job: its id is not a positive integer$/, page: /is not a page: its data is not a list$/ },
  },
  ...[301, 302, 307, 308].map((status) => ({
    name: `${status} with a Location`,
    answer: () => redirect(status, `${server.origin}/elsewhere`),
    status,
    why: both(/a redirect to http:\/\/127\.0\.0\.1:\d+\/elsewhere; redirects are not followed$/),
  })),
];

describe.each(COMMANDS)('recruit $args.0 $args.1 against an answer it cannot use', (command) => {
  it.each(BAD_ANSWERS)('$name: exit 1 and one line naming the request, the status and the fault', async (bad) => {
    command.before?.();
    server.on(command.route, bad.answer());
    server.on('GET /elsewhere', json(job(1))).on('PATCH /elsewhere', json(job(1)));
    const result = await cli(command.args);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe(''); // no "Updated job", no "Job 1: New -> Closed", no table
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('error:'));
    expect(errors).toHaveLength(1);
    const status = bad.status < 300 ? `: ${bad.status} answer ` : ` with ${bad.status}: `;
    expect(errors[0]).toContain(`error: ${command.named} failed${status}`);
    expect(errors[0]).toMatch(bad.why[command.reads]);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(JS_ERROR);
    expect(result.stderr).not.toContain('<html'); // described, not printed
    // Sent once (not retried), and a redirect is not followed.
    expect(server.got(command.route)).toHaveLength(1);
    expect(server.requests.filter((r) => r.path.startsWith('/elsewhere'))).toEqual([]);
  });
});

describe('--json: the error object names what went wrong', () => {
  it.each([
    ['bad_answer', 200, 1, [], () => text(HTML, 'text/html')],
    ['redirect', 302, 1, [], () => redirect(302, 'https://login.example.com/')],
    ['too_large', null, 1, ['--max-response-size', '1'], () => stream(2 * 1024 * 1024, false)],
    ['wait_too_long', 503, 5, [], () => retryAfter('100000')],
    ['timeout', null, 5, ['--timeout', '0.5'], () => silent()],
  ] as const)('%s: code, status %s, exit %s', async (code, status, exit, flags, answer) => {
    server.on('GET /v1/jobs/1', answer());
    const result = await cli([...flags, '--json', 'jobs', 'get', '1']);
    expect(result.code).toBe(exit);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const { error } = JSON.parse(lines[0]!) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ code, status, retryable: exit === 5 });
    expect(error.message).toMatch(/^GET \/jobs\/1 failed/);
    expect(server.got('GET /v1/jobs/1')).toHaveLength(1);
  });
});

interface Walker {
  args: string[];
  route: string;
  path: string;
  /** Writes each page as it comes (rather than keeping every item). */
  streams: boolean;
}

const WALKERS: Walker[] = [
  // Writes each page as it comes (no list is too long for it) ...
  { args: ['jobs', 'list', '--all', '--json'], route: 'GET /v1/jobs', path: '/jobs', streams: true },
  // ... or keeps every item, up to 64 MiB of answers.
  { args: ['lookup', 'industries', '--all', '--json'], route: 'GET /v1/industries', path: '/industries', streams: false },
  { args: ['api', '/jobs', '--paginate'], route: 'GET /v1/jobs', path: '/jobs', streams: true },
];

/**
 * What a walk that failed after its first page leaves on stdout: nothing, or (when it writes pages
 * as they come) an array that is not closed, so that no JSON parser takes it for the whole list.
 */
function expectNoWholeList(stdout: string, streams: boolean): void {
  if (!streams) return void expect(stdout).toBe('');
  expect(stdout.startsWith('[\n')).toBe(true);
  expect(() => JSON.parse(stdout)).toThrow();
}

describe.each(WALKERS)('recruit $args.0 $args.1 $args.2: following pages ends', (walker) => {
  const ids = (result: CliResult) => (JSON.parse(result.stdout) as { id: number }[]).map((item) => item.id);
  const pagesAsked = () => server.got(walker.route).map((r) => Number(r.query.get('page')));

  it('a service claiming 1,000,000,000 pages: an error after one request', async () => {
    // Items on the first 50 pages only, so that a client without the cap still ends, and fails here.
    server.on(walker.route, pages({ totalPages: 1_000_000_000, withItems: 50 }));
    const result = await cli(walker.args);
    expect(result.stderr).toContain(`GET ${walker.path} failed: the service reports 1000000000 pages; following every page stops at 10000`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(pagesAsked()).toEqual([1]);
  });

  it('a page that repeats the one before: an error naming it after two requests', async () => {
    server.on(walker.route, pages({ totalPages: 5, repeat: true }));
    const result = await cli(walker.args);
    expect(result.stderr).toContain(`GET ${walker.path} failed: page 2 repeats page 1; stopped following pages`);
    expect(result.code).toBe(1);
    expectNoWholeList(result.stdout, walker.streams);
    expect(pagesAsked()).toEqual([1, 2]);
  });

  it('pages without totalPages: followed up to the first empty page, and no further', async () => {
    server.on(walker.route, pages({ withItems: 3 }));
    const result = await cli(walker.args);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(ids(result)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pagesAsked()).toEqual([1, 2, 3, 4]);
  });

  it('pages with totalPages: followed up to the last, and no further', async () => {
    server.on(walker.route, pages({ totalPages: 3 })); // page 4 would have items too
    const result = await cli(walker.args);
    expect(result.code).toBe(0);
    expect(ids(result)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pagesAsked()).toEqual([1, 2, 3]);
  });

  it('a later page that is not a page: an error, not the items so far as if they were all', async () => {
    const good = pages({ totalPages: 3 });
    server.on(walker.route, (req, n) => (n === 2 ? text(HTML, 'text/html') : good(req)));
    const result = await cli(walker.args);
    expect(result.stderr).toMatch(new RegExp(`GET ${walker.path}\\?[^ ]*page=2[^ ]* failed: 200 answer is not (JSON|a page): a \\d+-byte text/html body`));
    expect(result.code).toBe(1);
    expectNoWholeList(result.stdout, walker.streams);
    expect(pagesAsked()).toEqual([1, 2]);
  });

  it('endless distinct pages: an error after 10,000 of them', async () => {
    server.on(walker.route, pages({ perPage: 1 }));
    const result = await cli(walker.args);
    expect(result.stderr).toContain(`GET ${walker.path} failed: more than 10000 pages; stopped following pages`);
    expect(result.code).toBe(1);
    expectNoWholeList(result.stdout, walker.streams);
    expect(server.got(walker.route)).toHaveLength(10_000);
  }, 60_000);

  it.skipIf(walker.streams)('endless distinct pages of 1 MiB, kept in memory: an error once they pass 64 MiB', async () => {
    server.on(walker.route, pages({ perPage: 2, pad: 512 * 1024 }));
    const result = await cli(walker.args);
    expect(result.stderr).toContain(`GET ${walker.path} failed: the pages so far hold more than 64 MiB`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    // 64 pages of a little over 1 MiB each: the 64th passes the limit.
    expect(pagesAsked()).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });
});

describe('a base URL with a user name and password', () => {
  const withSecret = (scheme: string) => `${scheme}://alice:S3cret@127.0.0.1:${server.port}/v1`;

  it.each([
    ['--base-url, https', 'https', false, []],
    ['--base-url, http', 'http', false, []],
    ['--base-url, http, --verbose', 'http', false, ['--verbose']],
    ['--base-url, http, --json', 'http', false, ['--json']],
    ['RECRUIT_BASE_URL, http, --verbose', 'http', true, ['--verbose']],
  ])('%s: refused (exit 2), the password never printed, nothing sent', async (_name, scheme, fromEnv, flags) => {
    server.on('GET /v1/jobs/1', json(job(1)));
    const url = withSecret(scheme as string);
    const args = [...(fromEnv ? [] : ['--base-url', url]), ...(flags as string[]), 'jobs', 'get', '1'];
    const result = await runCli(args, { env: { ...env, ...(fromEnv ? { RECRUIT_BASE_URL: url } : {}) } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the base URL must not contain a user name or password');
    expect(result.stderr).toContain(`${scheme}://***@127.0.0.1:${server.port}/v1`);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/S3cret|alice/);
    expect(server.requests).toEqual([]);
  });

  it.each(['https://alice:S3/cret@127.0.0.1:1/v1', 'https://alice:S3?cret@127.0.0.1:1/v1', 'https://alice:S3#cret@127.0.0.1:1/v1', 'https://alice:S3@cret@127.0.0.1:1/v1'])(
    'a password pasted unencoded into the base URL (%s): refused, no part of it printed, with --json too',
    async (url) => {
      for (const json of [[], ['--json']]) {
        const result = await runCli(['--base-url', url, ...json, 'jobs', 'get', '1'], { env });
        expect(result.code).toBe(2);
        expect(`${result.stdout}${result.stderr}`).toContain('https://***@127.0.0.1:1/v1');
        expect(`${result.stdout}${result.stderr}`).not.toMatch(/S3|cret|alice/);
      }
    },
  );

  it('an invalid URL with a password: refused without printing it', async () => {
    const result = await runCli(['--base-url', 'https://alice:S3cret@127.0.0.1:99999/v1', '--verbose', 'jobs', 'get', '1'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('https://***@127.0.0.1:99999/v1');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/S3cret|alice/);
  });

  it('config set base-url refuses it too, and keeps nothing', async () => {
    const result = await runCli(['config', 'set', 'base-url', withSecret('http')], { env });
    expect(result.code).toBe(2);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/S3cret|alice/);
    const list = await runCli(['config', 'list'], { env });
    expect(`${list.stdout}${list.stderr}`).not.toMatch(/S3cret|alice/);
  });
});
