// How commander lays out help on a terminal of any width: a description never broken mid-word, a
// command listed with the usage its own help shows, and a group's commands before the options (as
// gh: usage, commands, flags, inherited flags, then the examples).
import { Help, type CommandUnknownOpts } from '@commander-js/extra-typings';

/** Below this many columns beside the terms, a description goes under its term instead. */
const NARROW = 30;
const UNDER = '      ';

type Layout = Pick<Help, 'minWidthToWrap' | 'subcommandTerm' | 'formatItem' | 'formatHelp'>;

const OPTION_SECTIONS = new Set(['Options:', 'Global Options:']);

export const helpLayout: Layout = {
  // Commander wraps descriptions only in a column of 40 or more; a narrower one was left to the
  // terminal, which breaks words (`recruit jobs --help` at 80 columns).
  minWidthToWrap: NARROW,

  /** A command with a usage of its own (`jobs status`: `<jobId...|-> <status>`) is listed with it. */
  subcommandTerm(this: Help, cmd: CommandUnknownOpts): string {
    const term = Help.prototype.subcommandTerm.call(this, cmd);
    const usage = cmd.usage();
    const args = cmd.registeredArguments.map((a) => {
      const name = `${a.name()}${a.variadic ? '...' : ''}`;
      return a.required ? `<${name}>` : `[${name}]`;
    });
    return args.every((a) => usage.includes(a)) ? term : `${cmd.name()} ${usage}`;
  },

  /**
   * Commander's sections, the command lists moved before the options: a reader of `recruit jobs
   * --help` looks for the verbs first. Sections are blank-line separated, each under its title.
   */
  formatHelp(this: Help, cmd: CommandUnknownOpts, helper: Help): string {
    const text = Help.prototype.formatHelp.call(this, cmd, helper);
    const end = /\n*$/.exec(text)![0];
    const blocks = text.slice(0, text.length - end.length).split('\n\n');
    const title = (block: string) => block.split('\n', 1)[0]!;
    const isOptions = (block: string) => OPTION_SECTIONS.has(title(block));
    const first = blocks.findIndex(isOptions);
    if (first === -1) return text;
    const isCommands = (block: string, i: number) => i > first && !isOptions(block) && /^\S.*:$/.test(title(block));
    const commands = blocks.filter(isCommands);
    const options = blocks.filter((b, i) => i >= first && !isCommands(b, i));
    return [...blocks.slice(0, first), ...commands, ...options].join('\n\n') + end;
  },

  /** Where the terms leave too little room, each description wraps under its term. */
  formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
    const width = this.helpWidth ?? 80;
    if (!description || width - termWidth - 4 >= NARROW || helper.preformatted(description)) {
      return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
    }
    const wrapped = helper.boxWrap(description, width - UNDER.length);
    return `  ${term}\n${wrapped
      .split('\n')
      .map((line) => UNDER + line)
      .join('\n')}`;
  },
};
