// `recruit help [command...]`: the help of a command, as `--help` prints it. The topics
// (`recruit help formats`) are subcommands of `help` of their own (command.ts).
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { HELP_TOPICS } from './topic-index.js';

export default function help(words: string[], root: Command): void {
  let command: Command | undefined = root;
  for (const word of words) command = command?.commands.find((c) => c.name() === word || c.aliases().includes(word));
  if (!command) {
    throw new UsageError(
      `no help topic or command "${words.join(' ')}"`,
      [],
      `topics: ${HELP_TOPICS.map((t) => t.name).join(', ')}; or a command, e.g. \`recruit help jobs create\``,
    );
  }
  command.outputHelp(); // with its examples, to the program's stdout
}
