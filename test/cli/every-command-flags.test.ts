// Every command's flags, argv -> options, generated from the command tree (program.ts built
// whole): for each command without subcommands, each of its own flags is given alone, after the
// arguments its entry below names, and the run function must get exactly that flag's value (and
// the defaults of the others). A flag's value is made up ('v-<name>'), its first choice, or a list
// for a repeatable flag; so a new flag is tested by being declared. A new command fails here until
// it has an entry: the arguments a line of it needs and what its run function gets for them.
// test/cli/command-options.test.ts has the longer lines of jobs create, update and apply.
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { collect } from '../../src/commands/define.js';
import { leafCommands, runArguments } from '../helpers/command-line.js';

interface Entry {
  /** A line's arguments after the command's words, and what the run function gets for them before its options. */
  args: [argv: string[], given: unknown[]];
}

const NONE: Entry = { args: [[], []] };

/** By command path. */
const ENTRIES: Record<string, Entry> = {
  lookup: { args: [['industries'], ['industries']] },
  'jobs create': NONE,
  'jobs pending': NONE,
  'jobs drafts': NONE,
  'jobs get': { args: [['42'], ['42']] },
  'jobs list': NONE,
  'jobs status': { args: [['3', 'in-progress', '4', '5'], ['3', 'in-progress', ['4', '5']]] },
  'jobs update': { args: [['3', '4'], [['3', '4']]] },
  'jobs apply': NONE,
  'jobs edit': { args: [['7'], ['7']] },
  'jobs wait': { args: [['7', '8'], [['7', '8']]] },
  'jobs close': { args: [['7', '8'], [['7', '8']]] },
  api: { args: [['/jobs'], ['/jobs']] },
  version: NONE,
  status: NONE,
  mcp: NONE,
  'auth login': NONE,
  'auth status': NONE,
  'auth logout': NONE,
  'auth token': NONE,
  'config list': NONE,
  'config get': { args: [['base-url'], ['base-url']] },
  'config set': { args: [['concurrency', '4'], ['concurrency', '4']] },
  'sandbox serve': NONE,
  'sandbox tokens': NONE,
  'sandbox approve': { args: [['7'], ['7']] },
  'sandbox reject': { args: [['7'], ['7']] },
  'sandbox reset': NONE,
  'help environment': NONE,
  'help exit-codes': NONE,
  'help formats': NONE,
  'help reference': NONE,
  completion: { args: [['bash'], ['bash']] },
};

/** The flag lines that give `option` one value, each with the value the run function gets. */
function linesOf(option: Option): [argv: string[], value: unknown][] {
  const flag = option.long ?? option.short!;
  const forms = [option.long, option.short].filter((f): f is string => f !== undefined);
  const made = `v-${option.attributeName()}`;
  const each = (argv: string[], value: unknown) => forms.map((f) => [[f, ...argv], value] as [string[], unknown]);
  if (option.negate) return [[[flag], false]];
  if (option.isBoolean()) return each([], true);
  if (option.argChoices) return each([option.argChoices[0]!], option.argChoices[0]);
  if (option.parseArg === collect) return [...each([made], [made]), [[flag, 'a', flag, 'b'], ['a', 'b']]];
  if (option.parseArg) throw new Error(`${flag} has a parser of its own: give it a case here`);
  if (option.variadic) return each([made, 'w'], [made, 'w']);
  if (option.optional) return [...each([], true), ...each([made], made)];
  return each([made], made);
}

/** The options the run function gets when none of them is given: their defaults. */
const defaults = (command: Command): Record<string, unknown> =>
  Object.fromEntries(command.options.filter((o) => o.defaultValue !== undefined && !o.negate).map((o) => [o.attributeName(), o.defaultValue]));

const leaves = leafCommands();

describe('every command has an entry of flag tests', () => {
  it('the tree and the entries name the same commands (a new command needs its entry here)', () => {
    expect(leaves.size).toBeGreaterThan(25);
    expect([...leaves.keys()].filter((path) => !(path in ENTRIES))).toEqual([]);
    expect(Object.keys(ENTRIES).filter((path) => !leaves.has(path))).toEqual([]);
  });
});

describe.each([...leaves.entries()])('%s: argv -> options', (path, command) => {
  const entry = ENTRIES[path] ?? NONE;
  const words = path.split(' ');
  const [argv, given] = entry.args;

  it('its arguments alone: the defaults as options', async () => {
    const { args } = await runArguments([...words, ...argv]);
    expect(args).toEqual([...given, defaults(command)]);
  });

  for (const alias of command.aliases()) {
    it(`its other name, ${alias}`, async () => {
      const { args } = await runArguments([...words.slice(0, -1), alias, ...argv]);
      expect(args).toEqual([...given, defaults(command)]);
    });
  }

  const cases = command.options.flatMap((option) => linesOf(option).map(([line, value]) => ({ option, line, value })));
  if (cases.length === 0) return;
  it.each(cases.map((c) => [c.line.join(' '), c] as const))('%s', async (_name, { option, line, value }) => {
    const { args } = await runArguments([...words, ...argv, ...line]);
    expect(args).toEqual([...given, { ...defaults(command), [option.attributeName()]: value }]);
  });
});
