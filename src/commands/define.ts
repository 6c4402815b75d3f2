// What every command folder's command.ts uses to declare its command: the lazy action, the examples
// section of its help, a repeatable flag's collector, and the options type a run function takes.
// Types and tiny functions only: program.ts imports every command.ts at start-up.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Command as Tree } from 'commander';
import type { Context } from '../context/context.js';

/** A command's run function: the context, then commander's arguments and options. */
export type Run<A extends unknown[]> = (ctx: Context, ...args: A) => Promise<void>;

/**
 * The action of a command whose run function (the default export of its run.ts) is loaded when the
 * command runs. Commander's action gets the command's arguments, its options and the command; the
 * run function's parameters are checked against the first ones, so a flag renamed in command.ts and
 * not in run.ts does not compile.
 */
export type Lazy = <A extends unknown[]>(load: () => Promise<{ default: Run<A> }>) => (...args: [...A, ...unknown[]]) => Promise<void>;

/** The options a command's action gets, as its flags declare them. */
export type OptionsOf<C> = C extends { opts(): infer O } ? O : never;

/** A parent to add a command to. */
export type Parent = CommandUnknownOpts;

/**
 * The command tree in commander's own types, for the code that only walks it (help, completion,
 * tests): the typed commands are commander's at run time, typed more narrowly than it can take.
 */
export const asTree = (command: Parent): Tree => command as unknown as Tree;

export function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** The help of --encoding, which every command that reads a file has (src/context/input-encoding.ts). */
export const ENCODING_HELP =
  "the encoding of the files it reads: auto (the default: told from their bytes), utf-8, windows-1250, shift_jis, ... (any name iconv-lite knows; env RECRUIT_ENCODING, or the profile's encoding)";

/** The parser of a repeatable flag: every value, in order. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
