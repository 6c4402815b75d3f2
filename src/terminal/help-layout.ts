// How commander lays out help on a terminal of any width: a description never broken mid-word, and
// a command listed with the usage its own help shows.
import { Help, type CommandUnknownOpts } from '@commander-js/extra-typings';

/** Below this many columns beside the terms, a description goes under its term instead. */
const NARROW = 30;
const UNDER = '      ';

type Layout = Pick<Help, 'minWidthToWrap' | 'subcommandTerm' | 'formatItem'>;

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
