// Bidirectional controls in strings reach the terminal escaped, wherever they are printed: a job
// listing, a table, an error, a warning. U+202E RIGHT-TO-LEFT OVERRIDE would otherwise print the
// rest of its line backwards ("Invoice \u202Egpj.exe" shows as "Invoice exe.jpg").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const RLO = '\u202e';
const env = { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' };
// A terminal wide enough for a table to show every title whole (a narrower one cuts them to fit).
const cli = (args: string[], tty = true) => runCli([...args, '--base-url', sandbox.current.baseUrl], { tty, env, columns: 200 });

async function createJob(title: string, key: string): Promise<number> {
  const created = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title }), idempotencyKey: key });
  expect(created.status).toBe(201);
  expect(created.body.title).toBe(title); // the sandbox keeps it as it is: the escaping is the CLI's
  return created.body.id as number;
}

describe('bidirectional controls on a terminal', () => {
  it('jobs get and jobs list print a title with U+202E escaped', async () => {
    const id = await createJob(`Invoice ${RLO}gpj.exe \u2067isolated\u2069`, 'terminal-safety-rlo');

    const listing = await cli(['jobs', 'get', String(id)]);
    expect(listing.code, listing.stderr).toBe(0);
    expect(listing.stdout).toMatch(/^Title +Invoice \\u\{202e\}gpj\.exe \\u\{2067\}isolated\\u\{2069\}$/m);

    const table = await cli(['jobs', 'list']);
    expect(table.code, table.stderr).toBe(0);
    const row = table.stdout.split('\n').find((l) => l.startsWith(`${id} `));
    expect(row).toMatch(/ Invoice \\u\{202e\}gpj\.exe \\u\{2067\}isolated\\u\{2069\} +In Progress /);

    const piped = await cli(['jobs', 'list'], false);
    expect(piped.stdout).toContain(`${id}\tJOB-${String(id).padStart(5, '0')}\tInvoice \\u{202e}gpj.exe \\u{2067}isolated\\u{2069}\t`);
    for (const out of [listing.stdout, table.stdout, piped.stdout]) expect(out).not.toMatch(/[\u202e\u2067\u2069]/);
  });

  it('keeps other scripts and emoji of a title as they are', async () => {
    const title = 'Ingénieur 软件工程师 مهندس \u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    const id = await createJob(title, 'terminal-safety-plain');
    const listing = await cli(['jobs', 'get', String(id)]);
    expect(listing.stdout.split('\n').find((l) => l.startsWith('Title '))?.replace(/^Title +/, '')).toBe(title);
  });

  it('escapes them in an error message', async () => {
    const result = await cli(['jobs', 'status', '3', `new${RLO}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: "new\\u{202e}" is not a status');
    expect(result.stderr).not.toContain(RLO);
  });

  it('escapes them in a warning', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'recruit-terminal-')), 'jobs.ndjson');
    writeFileSync(file, `${JSON.stringify({ ...validJob({ title: 'Warned' }), [`cost${RLO}Centre`]: 'CC-1' })}\n`);
    const result = await cli(['jobs', 'create', '--file', file, '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('warning: unknown field "cost\\u{202e}Centre" (in 1 item)');
    expect(result.stderr).not.toContain(RLO);
  });
});
