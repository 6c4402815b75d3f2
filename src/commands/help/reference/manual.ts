// The manual as data, read from the command tree itself: every command with its usage,
// description, arguments, options and the text after its help (examples). The reference in
// markdown (`recruit help reference`) and the man pages (`--man <dir>`) are both written from it,
// so neither can drift from `--help`.
import type { Command, Option } from 'commander';

export interface ManualOption {
  flags: string;
  description: string;
}

export interface ManualPage {
  /** Names from the program down, e.g. ['recruit', 'jobs', 'create']. */
  path: string[];
  usage: string;
  description: string;
  arguments: ManualOption[];
  options: ManualOption[];
  /** What the command's help prints after its options: examples, notes. */
  after: string;
  subcommands: Array<{ name: string; description: string }>;
}

function describeOption(option: Option): ManualOption {
  const extra: string[] = [];
  if (option.argChoices) extra.push(`one of: ${option.argChoices.join(', ')}`);
  return { flags: option.flags, description: [option.description, ...extra].filter(Boolean).join('; ') };
}

/** What `addHelpText('after', …)` registered: commander prints it through the 'afterHelp' event. */
function afterText(command: Command): string {
  let text = '';
  (command as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command, write: (s: string) => (text += s) });
  return text.replace(/^\n+/, '').replace(/\s+$/, '');
}

function visible(command: Command): Command[] {
  return command.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden);
}

/**
 * Every command of the tree, the program first, depth first in the order of `--help`. `body` gives
 * the text of a command that prints one instead of acting (the help topics).
 */
export function manualPages(root: Command, body: (path: string[]) => string | undefined = () => undefined): ManualPage[] {
  const pages: ManualPage[] = [];
  const walk = (command: Command, path: string[]) => {
    const help = command.createHelp();
    pages.push({
      path,
      usage: `${path.join(' ')} ${command.usage()}`.trim(),
      description: command.description(),
      arguments: command.registeredArguments
        .filter((a) => a.description)
        .map((a) => ({ flags: help.argumentTerm(a), description: a.description })),
      // -h, --help on every page says nothing; recruit(1) has it.
      options: help.visibleOptions(command).filter((o) => path.length === 1 || o.long !== '--help').map(describeOption),
      after: [body(path), afterText(command)].filter(Boolean).join('\n\n').replace(/\s+$/, ''),
      subcommands: visible(command).map((c) => ({ name: c.name(), description: c.summary() || c.description() })),
    });
    for (const sub of visible(command)) walk(sub, [...path, sub.name()]);
  };
  walk(root, [root.name()]);
  return pages;
}
