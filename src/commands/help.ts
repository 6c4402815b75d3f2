// `recruit help [topic|command...]`: a help topic, or the help of a command, as `--help` prints it.
import type { Command } from 'commander';
import { UsageError } from '../cli/errors.js';
import type { Stream } from '../cli/io.js';
import { HELP_TOPICS } from './help/topics.js';

export default function help(out: Stream, words: string[], root: Command): void {
  const topic = HELP_TOPICS[words.join(' ')];
  if (topic) return void out.write(topic);
  let command: Command | undefined = root;
  for (const word of words) command = command?.commands.find((c) => c.name() === word || c.aliases().includes(word));
  if (!command) {
    throw new UsageError(
      `no help topic or command "${words.join(' ')}"`,
      [],
      `topics: ${Object.keys(HELP_TOPICS).join(', ')}; or a command, e.g. \`recruit help jobs create\``,
    );
  }
  command.outputHelp(); // with its examples, to the program's stdout
}
