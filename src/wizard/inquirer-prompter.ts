// The real prompter: @inquirer/prompts on the terminal, loaded only when the wizard starts.
import type { IO } from '../cli/io.js';
import type { Prompter } from './prompter.js';

export function createInquirerPrompter(io: IO): Prompter {
  // Prompts are drawn on stderr: stdout carries only the result, and may be redirected.
  const context = { input: io.stdin, output: io.stderr as NodeJS.WritableStream };
  const prompts = () => import('@inquirer/prompts');
  return {
    async search(options) {
      const { search } = await prompts();
      return search({ message: options.message, source: options.source, pageSize: options.pageSize }, context);
    },
    async select(options) {
      const { select } = await prompts();
      return select(
        { message: options.message, choices: options.choices, default: options.default, pageSize: options.pageSize, loop: false },
        context,
      );
    },
    async input(options) {
      const { input } = await prompts();
      return input({ message: options.message, default: options.default, validate: options.validate }, context);
    },
    async multiline(options) {
      const { default: multiline } = await import('./multiline-prompt.js');
      return multiline(options, context);
    },
    async confirm(options) {
      const { confirm } = await prompts();
      return confirm({ message: options.message, default: options.default }, context);
    },
  };
}
