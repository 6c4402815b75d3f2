// A command line parsed by the program as built for it, the action replaced: what the run function
// of the command it names would be given after the context. Nothing runs and nothing is sent.
import type { Command } from 'commander';
import { settleJsonArgument } from '../../src/entry/json-argument.js';
import { buildProgram, COMMAND_TRAITS, commandWords } from '../../src/program.js';
import { Capture } from './cli.js';

export interface Parsed {
  /** The run function's arguments: the command's arguments, then its options. */
  args: unknown[];
  /** Its options and the program's, as `optsWithGlobals()` gives them. */
  globals: Record<string, unknown>;
}

export async function runArguments(line: string[]): Promise<Parsed> {
  const argv = settleJsonArgument(line, COMMAND_TRAITS); // as entry/run.ts does first
  const program = buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {}, argv);
  // The words name the command, down to one without that subcommand (`lookup industries`: an argument).
  let command: Command = program;
  for (const word of commandWords(argv, program)) {
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) break;
    command = sub;
  }
  let got: Parsed | undefined;
  command.action((...args: unknown[]) => {
    got = { args: args.slice(0, -1), globals: command.optsWithGlobals() };
  });
  await program.parseAsync(argv, { from: 'user' });
  if (!got) throw new Error(`${argv.join(' ')}: the action did not run`);
  return got;
}

/** The error a line is refused with (commander's), or undefined when it parses. */
export const rejection = (argv: string[]): Promise<unknown> => runArguments(argv).then(() => undefined, (error: unknown) => error);

/** The whole tree (built without a line), and each command that has no subcommand, by its path (`jobs get`). */
export function leafCommands(): Map<string, Command> {
  const program = buildProgram({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, {});
  const leaves = new Map<string, Command>();
  const walk = (command: Command, path: string[]) => {
    if (command.commands.length === 0) leaves.set(path.join(' '), command);
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  for (const sub of program.commands) walk(sub, [sub.name()]);
  return leaves;
}
