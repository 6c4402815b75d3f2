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

describe('recruit help', () => {
  it('prints the exit-codes topic: every code of src/cli/exit-codes.ts, 6 and 143 among them', async () => {
    const { EXIT } = await import('../../src/cli/exit-codes.js');
    const result = await runCli(['help', 'exit-codes']);
    expect(result.code).toBe(0);
    for (const code of Object.values(EXIT)) expect(result.stdout).toMatch(new RegExp(`^ {2}${code} +\\S`, 'm'));
    expect(result.stdout).toMatch(/^ {2}6 +local state could not be saved/m);
    expect(result.stdout).toMatch(/^ {2}143 +stopped by SIGTERM/m);
  });

  it('prints the environment topic with every RECRUIT_ variable the code reads', async () => {
    const result = await runCli(['help', 'environment']);
    expect(result.code).toBe(0);
    for (const name of ['RECRUIT_PROFILE', 'RECRUIT_BASE_URL', 'RECRUIT_TOKEN', 'RECRUIT_ACCOUNT_TYPE', 'RECRUIT_CONCURRENCY', 'RECRUIT_CONFIG_DIR', 'RECRUIT_STATE_DIR']) {
      expect(result.stdout).toContain(name);
    }
  });

  it("prints a command's help with its examples, and the program's without a word", async () => {
    const command = await runCli(['help', 'jobs', 'get']);
    expect(command.code).toBe(0);
    expect(command.stdout).toContain('Usage: recruit jobs get');
    expect(command.stdout).toContain('$ recruit jobs get 3');
    const top = await runCli(['help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Usage: recruit');
  });

  it('refuses an unknown topic with exit 2, naming the topics', async () => {
    const result = await runCli(['help', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no help topic or command "nope"');
    expect(result.stderr).toContain('exit-codes, environment');
  });
});
