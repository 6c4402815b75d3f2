// The command tree as the completion scripts need it, read from the commander program itself:
// commands, subcommands, options (and whether they take a value) and arguments.
import type { Argument, Command, Option } from 'commander';
import { argumentValues, optionValues, type ValueSource } from './values.js';

export interface OptionSpec {
  short?: string;
  long?: string;
  /** Whether the option takes a value: `<value>` (required) or `[value]` (optional). */
  value: 'none' | 'required' | 'optional';
  /** The value's name in the help, e.g. `id|name`. */
  placeholder: string;
  description: string;
  /** Given more than once on purpose (collected values). */
  repeatable: boolean;
  /** The flags that cannot be combined with this one (itself, its short/long twin, its --no- twin). */
  excludes: string[];
  values: ValueSource;
}

export interface ArgumentSpec {
  name: string;
  required: boolean;
  variadic: boolean;
  values: ValueSource;
}

export interface CommandSpec {
  /** Names from the program down, e.g. ['recruit', 'jobs', 'status']. */
  path: string[];
  description: string;
  /** The command's own options and its help option; not the program's global ones. */
  options: OptionSpec[];
  args: ArgumentSpec[];
  subcommands: CommandSpec[];
}

export interface CompletionModel {
  name: string;
  /** The program's options: commander accepts them after any subcommand too. */
  globals: OptionSpec[];
  root: CommandSpec;
}


function optionSpecs(options: readonly Option[]): OptionSpec[] {
  const byAttribute = new Map<string, string[]>();
  for (const o of options) byAttribute.set(o.attributeName(), [...(byAttribute.get(o.attributeName()) ?? []), ...flags(o)]);
  return options.map((o) => {
    const placeholder = /[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1] ?? '';
    return {
      short: o.short,
      long: o.long,
      value: o.required ? 'required' : o.optional ? 'optional' : 'none',
      placeholder,
      description: o.description,
      repeatable: o.variadic || o.parseArg !== undefined,
      excludes: byAttribute.get(o.attributeName()) ?? flags(o),
      values: o.required || o.optional ? optionValues(o.attributeName(), placeholder, o.argChoices) : { type: 'none' },
    };
  });
}

function argumentSpec(arg: Argument): ArgumentSpec {
  return { name: arg.name(), required: arg.required, variadic: arg.variadic, values: argumentValues(arg.name(), arg.argChoices) };
}

function siblings(parent: Command, cmd: Command): string[] {
  return parent
    .createHelp()
    .visibleCommands(parent)
    .filter((c) => c !== cmd)
    .map((c) => c.name());
}

function commandSpec(cmd: Command, path: string[], globals: readonly Option[], parent: Command | null = null): CommandSpec {
  const help = cmd.createHelp();
  // commander's implicit `help [command]` is not among its parent's commands; it completes their names.
  const args: ArgumentSpec[] =
    parent && !parent.commands.includes(cmd)
      ? [{ name: 'command', required: false, variadic: false, values: { type: 'words', words: siblings(parent, cmd) } }]
      : cmd.registeredArguments.map(argumentSpec);
  return {
    path,
    description: cmd.description(),
    options: optionSpecs(help.visibleOptions(cmd).filter((o) => !globals.includes(o))),
    args,
    subcommands: help.visibleCommands(cmd).map((c) => commandSpec(c, [...path, c.name()], globals, cmd)),
  };
}

export function completionModel(program: Command): CompletionModel {
  // `--version` stays on the program itself; every other program option works after any command.
  const globals = program.options.filter((o) => !o.hidden && o.long !== '--version');
  return { name: program.name(), globals: optionSpecs(globals), root: commandSpec(program, [program.name()], globals) };
}

/** Every command of the tree, the program first, parents before their subcommands. */
export function allCommands(root: CommandSpec): CommandSpec[] {
  return [root, ...root.subcommands.flatMap(allCommands)];
}

export function flags(option: { short?: string; long?: string }): string[] {
  return [option.short, option.long].filter((f): f is string => f !== undefined);
}
