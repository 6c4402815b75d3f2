// What every command folder's command.ts uses to declare its command: the lazy action, its traits,
// the examples section of its help, a repeatable flag's collector, and the options type a run
// function takes.
// Types and tiny functions only: program.ts imports every command.ts at start-up.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Command as Tree } from 'commander';
import type { Context } from '../context/context.js';

/** A command's run function: the context (the members it uses, `Uses` in context.ts), then commander's arguments and options. */
export type Run<A extends unknown[]> = (ctx: Context, ...args: A) => Promise<void>;

/**
 * The action of a command whose run function (the default export of its run.ts) is loaded when the
 * command runs. Commander's action gets the command's arguments, its options and the command; the
 * run function's parameters are checked against the first ones, so a flag renamed in command.ts and
 * not in run.ts does not compile.
 */
export type Lazy = <A extends unknown[]>(load: () => Promise<{ default: Run<A> }>) => (...args: [...A, ...unknown[]]) => Promise<void>;

/**
 * What the code around a command's run function needs to know of it (entry/action.ts,
 * entry/shaped-action.ts, entry/json-argument.ts), declared in the command's own folder (its
 * traits.ts, a tiny module: the plain `jobs get` line and the settling of `--json` read it without
 * the command tree) and attached to the command where it is defined (`withTraits`).
 */
export interface Traits {
  /** Its output can be long: on a terminal it goes through the pager (terminal/pager.ts). */
  paged?: true;
  /**
   * The fields of its JSON, where they are fixed: what `--json=` lists and `--json <fields>` is
   * checked against. Without them, `--json <fields>` takes any field names (batch results, config, auth).
   */
  jsonFields?: readonly string[] | JsonFieldsByArguments;
  /** It may change something on the service (a function of commander's arguments when that depends on them): a `--jq` that fails does not lose its results. */
  changes?: true | ((args: readonly unknown[]) => boolean);
  /** It runs until it is stopped: its JSON is never done, so `--json <fields>` and `--jq` cannot shape it. */
  runsUntilStopped?: true;
}

/** Fields that depend on commander's arguments (lookup's kind). */
export interface JsonFieldsByArguments {
  byArguments(args: readonly unknown[]): readonly string[] | undefined;
  /** Every field some arguments give: a word after a spaced `--json` may be a list of them (entry/json-argument.ts). */
  every: readonly string[];
}

const declared = new WeakMap<object, Traits>();

/** `command`, with its traits attached: runAction is given them when it runs. */
export function withTraits<C extends object>(command: C, traits: Traits): C {
  declared.set(command, traits);
  return command;
}

/** The traits attached to `command`; none when it declared none. */
export const traitsOf = (command: object): Traits => declared.get(command) ?? {};

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
