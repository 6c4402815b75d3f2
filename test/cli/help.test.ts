// Help and mistakes at the top of the tree: every help ends with examples, and a mistyped command
// is answered with the closest one.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program.js';
import { Capture, runCli } from '../helpers/cli.js';

function paths(cmd: Command, path: string[] = []): string[][] {
  return [path, ...cmd.commands.flatMap((c) => paths(c, [...path, c.name()]))];
}

const program = buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {});
const all = paths(program);

describe('--help', () => {
  it('covers the whole tree', () => {
    expect(all.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['', 'jobs', 'jobs status', 'sandbox approve', 'completion']));
  });

  it.each(all.map((p) => [p.join(' ') || '(recruit)', p] as const))('%s ends with an Examples section', async (_name, path) => {
    const result = await runCli([...path, '--help']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    const heading = lines.lastIndexOf('Examples:');
    expect(heading, result.stdout).toBeGreaterThan(0);
    const examples = lines.slice(heading + 1);
    expect(examples.length).toBeGreaterThan(0);
    for (const line of examples) expect(line).toMatch(/^ {2}\$ \S/);
    expect(examples.some((line) => line.includes(['recruit', ...path].join(' ')))).toBe(true);
  });
});

describe('an unknown command', () => {
  it('suggests the closest command, exit 2', async () => {
    const result = await runCli(['jbos']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/unknown command 'jbos'/);
    expect(result.stderr).toMatch(/Did you mean jobs\?/);
  });

  it('suggests the closest subcommand, exit 2', async () => {
    const result = await runCli(['jobs', 'stauts', '3', 'new']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'stauts'/);
    expect(result.stderr).toMatch(/Did you mean status\?/);
  });

  it('suggests the closest option, exit 2', async () => {
    const result = await runCli(['jobs', 'list', '--stauts', 'new']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Did you mean --status\?/);
  });
});

describe('a command line that names no command to run', () => {
  // `recruit` alone and a group alone (`recruit jobs`) agree: the help on stderr, exit 2, as a usage error.
  it.each([[[]], [['jobs']], [['auth']], [['config']], [['sandbox']]])('%j prints its help on stderr and exits 2', async (args: string[]) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^Usage: ${['recruit', ...args].join(' ')} \\[options\\] \\[command\\]\n`));
  });
});

describe("the groups' help command", () => {
  it.each(['jobs', 'auth', 'config', 'sandbox'])("recruit %s --help describes it in recruit's words, and it works", async (group) => {
    const { stdout } = await runCli([group, '--help']);
    expect(stdout).not.toContain('display help for command');
    expect(stdout.replace(/\s+/g, ' ')).toContain(' help [command] show the help of one of these commands (as <command> --help does) ');
  });

  it('recruit jobs help create is recruit jobs create --help', async () => {
    const viaHelp = await runCli(['jobs', 'help', 'create']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe((await runCli(['jobs', 'create', '--help'])).stdout);
  });
});

describe('recruit help', () => {
  it('prints the exit-codes topic: every code of src/core/exit-codes.ts, 6 and 143 among them', async () => {
    const { EXIT } = await import('../../src/core/exit-codes.js');
    const result = await runCli(['help', 'exit-codes']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    for (const code of Object.values(EXIT)) expect(result.stdout).toMatch(new RegExp(`^ {2}${code} +\\S`, 'm'));
    expect(result.stdout).toMatch(/^ {2}6 +local state could not be saved/m);
    expect(result.stdout).toMatch(/^ {2}143 +stopped by SIGTERM/m);
  });

  it('prints the environment topic with every RECRUIT_ variable the code reads', async () => {
    const result = await runCli(['help', 'environment']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Environment\n/);
    const names = [
      'RECRUIT_PROFILE',
      'RECRUIT_BASE_URL',
      'RECRUIT_TOKEN',
      'RECRUIT_ACCOUNT_TYPE',
      'RECRUIT_CONCURRENCY',
      'RECRUIT_ACTIVE_JOB_LIMIT',
      'RECRUIT_CONFIG_DIR',
      'RECRUIT_STATE_DIR',
      'RECRUIT_SANDBOX_ACCOUNT',
      'RECRUIT_SANDBOX_ACTIVE_JOB_LIMIT',
      'RECRUIT_CA_FILE',
    ];
    for (const name of names) expect(result.stdout).toMatch(new RegExp(`^ {2}${name} `, 'm'));
    // The proxy variables, both cases, as curl reads them.
    for (const name of ['HTTPS_PROXY, https_proxy', 'HTTP_PROXY, http_proxy', 'ALL_PROXY, all_proxy', 'NO_PROXY, no_proxy', 'NODE_EXTRA_CA_CERTS']) {
      expect(result.stdout).toMatch(new RegExp(`^ {2}${name} `, 'm'));
    }
  });

  it('prints the formats topic: the four formats, every field the checks know, by id and by name', async () => {
    const { READ_ONLY_JOB_FIELDS, REQUIRED_ON_CREATE, WRITABLE_JOB_FIELDS } = await import('../../src/domain/job-rules.js');
    const { REFERENCES } = await import('../../src/jobs/job-input.js');
    const result = await runCli(['help', 'formats']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const text = result.stdout;
    expect(text).toMatch(/^Batch files \(recruit jobs create --file <path>, or - for stdin; --format csv\|json\|xlsx\)\n/);
    expect(text).toMatch(/^ {2}named \*\.csv or \*\.tsv, or --format csv +CSV: a header row of field names, then one job per row$/m);
    expect(text).toMatch(/^ {2}named \*\.xlsx, or --format xlsx +a workbook's first visible sheet \(or --sheet\), read as CSV$/m);
    expect(text).toContain('Caps, checked\nbefore the workbook is read: 64 MiB file, 1,000 parts, 256 MiB inflated per part and 512 MiB\ntogether, 32 MiB of shared strings, 200,000 rows and 4,000,000 cells');
    expect(text).toContain('row and column,\nrows numbered as a spreadsheet shows them: the header is row 1');
    expect(text).toMatch(/^ {2}starts with \[ +a JSON array of job objects$/m);
    expect(text).toMatch(/^ {2}starts with \{, one object per line +NDJSON: one job object per line/m);
    expect(text).toMatch(/^ {2}starts with \{, otherwise +one job object/m);
    const byName = new Map<string, string>(REFERENCES.map((r) => [r.idField, r.name]));
    for (const field of WRITABLE_JOB_FIELDS) {
      const name = byName.get(field);
      const required = (REQUIRED_ON_CREATE as readonly string[]).includes(field);
      const term = `${field}${name ? ` or ${name}` : ''}${required ? ' \\*' : ''}`;
      expect(text, field).toMatch(new RegExp(`^ {2}${term} {2,}\\S`, 'm'));
    }
    expect(text).toContain(`The service sets ${READ_ONLY_JOB_FIELDS.join(', ')}`);
    // What scripts read: the field list, jq, the limit and the filters.
    expect(text).toMatch(/^ {2}--json id,title +only these fields/m);
    expect(text).toMatch(/^ {2}--jq '\.\[\]\.id' +the JSON through jq/m);
    expect(text).toContain('jobs list -L 20');
    expect(text).toContain('--job-function, --updated-since): every page is read and filtered here');
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it("prints a command's help with its examples", async () => {
    const command = await runCli(['help', 'jobs', 'get']);
    expect(command.code).toBe(0);
    expect(command.stdout).toContain('Usage: recruit jobs get');
    expect(command.stdout).toContain('$ recruit jobs get 3');
  });

  it("prints the program's help without a word, listing the topics", async () => {
    const top = await runCli(['help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Usage: recruit');
    const { HELP_TOPICS } = await import('../../src/commands/help/topic-index.js');
    const section = top.stdout.slice(top.stdout.indexOf('Help topics (recruit help <topic>):'));
    expect(section.length).toBeLessThan(top.stdout.length);
    for (const topic of HELP_TOPICS) expect(section).toMatch(new RegExp(`^ {2}${topic.name} +${topic.summary.replace(/[`()]/g, '.')}$`, 'm'));
    expect((await runCli(['--help'])).stdout).toBe(top.stdout);
  });

  it('lists the topics in its own help', async () => {
    const result = await runCli(['help', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Topics:\n {2}environment +the environment variables recruit reads\n {2}exit-codes +what each exit code means\n {2}formats +/m);
  });

  it('refuses an unknown topic with exit 2, naming the topics', async () => {
    const result = await runCli(['help', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no help topic or command "nope"');
    expect(result.stderr).toContain('topics: environment, exit-codes, formats');
  });

  it('suggests the command or topic a misspelt word meant, at any level', async () => {
    for (const [words, meant] of [
      [['jobs', 'creat'], 'jobs create'],
      [['jbos', 'create'], 'jobs create'],
      [['formts'], 'formats'],
    ] as const) {
      const result = await runCli(['help', ...words]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`error: no help topic or command "${words.join(' ')}"; did you mean \`recruit help ${meant}\`?\n`);
    }
    expect((await runCli(['help', 'nope'])).stderr).not.toContain('did you mean');
  });
});

describe('help like gh', () => {
  it('says that jobs creates', async () => {
    const top = await runCli(['--help']);
    const jobs = top.stdout.slice(top.stdout.indexOf('\n  jobs '), top.stdout.indexOf('\n  api '));
    expect(jobs.replace(/\s+/g, ' ')).toBe(' jobs create jobs (in a wizard, from flags or from a file), read, list and update them, and change their status');
  });

  it.each([['jobs', 'get'], ['jobs', 'create'], ['lookup'], ['sandbox', 'approve'], ['api']])(
    '`recruit %s %s --help` lists the global options its examples use',
    async (...path) => {
      const result = await runCli([...path.filter(Boolean), '--help']);
      expect(result.code).toBe(0);
      const global = result.stdout.slice(result.stdout.indexOf('\nGlobal Options:\n'), result.stdout.indexOf('\nExamples:\n'));
      for (const flag of ['--json', '--base-url <url>', '--sandbox', '--sandbox-account <account>', '--profile <name>', '--verbose', '--timeout <seconds>']) {
        expect(global, flag).toMatch(new RegExp(`^ {2}${flag.replace(/[<>]/g, '.')} `, 'm'));
      }
      expect(global).not.toContain('--version');
    },
  );

  it('lists the global options once: not among the command\'s own', async () => {
    const result = await runCli(['jobs', 'get', '--help']);
    const own = result.stdout.slice(result.stdout.indexOf('\nOptions:\n'), result.stdout.indexOf('\nGlobal Options:\n'));
    expect(own).toContain('-h, --help');
    expect(own).not.toContain('--json');
  });
});

describe('the order of a help page', () => {
  it.each([[['--help']], [['jobs', '--help']], [['auth', '--help']], [['help', 'jobs']]])('%j: commands first, then options, inherited options, examples (as gh)', async (args) => {
    const { code, stdout } = await runCli(args);
    expect(code).toBe(0);
    const at = (heading: string) => stdout.search(new RegExp(`^${heading}$`, 'm'));
    expect(at('Commands:')).toBeGreaterThan(0);
    expect(at('Commands:')).toBeLessThan(at('Options:'));
    if (args[0] !== '--help') expect(at('Options:')).toBeLessThan(at('Global Options:'));
    expect(at('Options:')).toBeLessThan(at('Examples:'));
  });

  it('keeps a leaf command as it was: options, inherited options, examples', async () => {
    const { stdout } = await runCli(['jobs', 'get', '--help']);
    expect(stdout).not.toMatch(/^Commands:$/m);
    expect(stdout.indexOf('\nOptions:')).toBeLessThan(stdout.indexOf('\nGlobal Options:'));
    expect(stdout).toMatch(/show help\n\nGlobal Options:|\n\nGlobal Options:/);
  });
});
