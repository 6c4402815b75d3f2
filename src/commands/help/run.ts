// `recruit help [command...]`: the help of a command, as `--help` prints it. The topics
// (`recruit help formats`) are subcommands of `help` of their own (command.ts).
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { closestNames } from '../../core/suggest.js';
import { HELP_TOPICS } from './topic-index.js';

const named = (command: Command, word: string) => command.commands.find((c) => c.name() === word || c.aliases().includes(word));

/**
 * The words the user meant, the first one that names nothing replaced by the closest command (or
 * topic) of its level, the rest kept: `jobs creat` → `jobs create`; undefined when none is close.
 */
function meant(words: readonly string[], root: Command): string[] | undefined {
  let command = root;
  for (const [i, word] of words.entries()) {
    const next = named(command, word);
    if (next) {
      command = next;
      continue;
    }
    const choices = command.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden).flatMap((c) => [c.name(), ...c.aliases()]);
    const [guess] = closestNames(word, i === 0 ? [...choices, ...HELP_TOPICS.map((t) => t.name)] : choices, 1);
    if (guess === undefined) return undefined;
    const rest = words.slice(i + 1);
    const fixed = [...words.slice(0, i), guess];
    // A word after the guess must name a command of the guess too, else it is left out.
    const after = named(command, guess) ?? command;
    return rest.length > 0 && named(after, rest[0]!) ? [...fixed, ...rest] : fixed;
  }
  return undefined;
}

export default function help(words: string[], root: Command): void {
  let command: Command | undefined = root;
  for (const word of words) command = command && named(command, word);
  if (!command) {
    const guess = meant(words, root);
    throw new UsageError(
      `no help topic or command "${words.join(' ')}"${guess ? `; did you mean \`recruit help ${guess.join(' ')}\`?` : ''}`,
      [],
      `topics: ${HELP_TOPICS.map((t) => t.name).join(', ')}; or a command, e.g. \`recruit help jobs create\``,
    );
  }
  command.outputHelp(); // with its examples, to the program's stdout
}
