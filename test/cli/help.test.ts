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
