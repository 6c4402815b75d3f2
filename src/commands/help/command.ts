// `recruit help [command...]` and its topics, which are commands of their own under `help` (as in
// gh), so the completion scripts, which read the command tree, offer them with their summaries.
import type { IO } from '../../terminal/io.js';
import { asTree, examples, type Parent } from '../define.js';
import { HELP_TOPICS } from './topic-index.js';

export function addHelp(program: Parent, io: IO): void {
  const help = program
    .command('help [command...]')
    .usage('[command...] | <topic>')
    .description(`show the help of a command (\`recruit help jobs create\`) or a topic: ${HELP_TOPICS.map((t) => t.name).join(', ')}`)
    .helpCommand(false)
    .commandsGroup('Topics:')
    .addHelpText('after', examples(['recruit help jobs create', ...HELP_TOPICS.map((t) => `recruit help ${t.name}`)]))
    .action(async (words) => (await import('./run.js')).default(words, asTree(program)));
  for (const topic of HELP_TOPICS) {
    help
      .command(topic.name)
      .description(topic.summary)
      .addHelpText('after', examples([`recruit help ${topic.name}`]))
      .action(async () => void io.stdout.write((await import('./topics.js')).topicText(topic.name)));
  }
  help
    .command('reference')
    .description('every command and its options in one markdown page; --man <dir> writes man pages')
    .option('--man <dir>', 'write one man page per command into <dir>/man1 instead')
    .addHelpText('after', examples(['recruit help reference > commands.md', 'recruit help reference --man ./man && man -M ./man recruit-jobs-create']))
    .action(async (options: { man?: string }) => (await import('./reference/run.js')).default(io, asTree(program), options));
}
