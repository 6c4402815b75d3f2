// Given a command line, buildProgram builds only the branch of the tree it names (program.ts): the
// branch must be the command the line names, with the same help as in the whole tree; a line that
// names a word that is no command of ours, or `help`, gets the whole tree, and one that names no
// command (the root's help) every command of the root, the groups without their verbs.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, commandWords } from '../../src/program.js';
import { Capture } from '../helpers/cli.js';

const io = () => ({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() });
const build = (argv?: string[]) => buildProgram(io(), {}, argv);

function paths(cmd: Command, path: string[] = []): string[][] {
  return [path, ...cmd.commands.flatMap((c) => paths(c, [...path, c.name()]))];
}

function find(root: Command, path: readonly string[]): Command | undefined {
  let cmd: Command | undefined = root;
  for (const word of path) cmd = cmd?.commands.find((c) => c.name() === word);
  return cmd;
}

const whole = build();
const names = (cmd: Command) => cmd.commands.map((c) => c.name());

describe('commandWords', () => {
  it.each([
    [['jobs', 'get', '1', '--json'], ['jobs', 'get']],
    [['--base-url', 'http://127.0.0.1:4010/v1', 'jobs', 'get', '1'], ['jobs', 'get']],
    [['--profile', 'jobs', 'jobs', 'list'], ['jobs', 'list']],
    [['--json', '-y', '--sandbox', 'lookup', 'industries'], ['lookup', 'industries']],
    [['--timeout=5', 'jobs', '--json', 'status', '3', 'closed'], ['jobs', 'status']],
    [['--sandbox-account', 'approval', '--max-response-size', '2', 'auth', 'status'], ['auth', 'status']],
    [['--', 'jobs', 'get'], []],
    [['--json'], []],
  ])('%j names %j', (argv, words) => {
    expect(commandWords(argv, build([]))).toEqual(words);
  });
});

describe('the branch a command line names', () => {
  it('is all that is built: `jobs get` has no sibling and no other command', () => {
    const program = build(['--base-url', 'http://127.0.0.1:4010/v1', 'jobs', 'get', '1', '--json']);
    expect(names(program)).toEqual(['jobs']);
    expect(names(find(program, ['jobs'])!)).toEqual(['get']);
  });

  it.each(names(whole).filter((n) => n !== 'help'))('%s: the command of that name and no other', (name) => {
    expect(names(build([name]))).toEqual([name]);
  });

  it.each(names(find(whole, ['jobs'])!))('jobs %s: that subcommand and no other', (name) => {
    expect(names(find(build(['jobs', name]), ['jobs'])!)).toEqual([name]);
  });

  it.each(paths(whole).filter((p) => p.length > 0 && p[0] !== 'help'))('%j has the help it has in the whole tree', (...path) => {
    const alone = find(build([...path, '--help']), path);
    expect(alone?.helpInformation()).toBe(find(whole, path)!.helpInformation());
  });

  it.each([[['help', 'jobs', 'create']], [['jbos']], [['--', 'jobs', 'get', '1']]])('%j builds the whole tree', (argv) => {
    expect(paths(build(argv))).toEqual(paths(whole));
  });

  it.each([[[]], [['--json']], [['--help']]])('%j builds every command of the root and the groups without their verbs, with the root help of the whole tree', (argv) => {
    const program = build(argv);
    expect(names(program)).toEqual(names(whole));
    for (const group of ['jobs', 'auth', 'config', 'sandbox']) {
      expect(names(find(whole, [group])!).length).toBeGreaterThan(0);
      expect(names(find(program, [group])!)).toEqual([]);
    }
    expect(program.helpInformation()).toBe(whole.helpInformation());
  });

  it('a word that is no subcommand of jobs builds all of jobs, for commander to suggest one', () => {
    expect(names(find(build(['jobs', 'gett']), ['jobs'])!)).toEqual(names(find(whole, ['jobs'])!));
  });
});
