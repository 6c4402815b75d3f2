// `recruit completion <shell>`: its argument, help and examples.
import type { Command as Tree } from 'commander';
import type { Context } from '../../context/context.js';
import { installExamples, SHELLS, type Shell } from '../../completion/shells.js';
import { examples, type Lazy, type Parent } from '../define.js';

/** `wholeTree`: the whole command tree, whichever branch this command line built. */
export function addCompletion(program: Parent, lazy: Lazy, wholeTree: () => Tree): void {
  const completion = program
    .command('completion')
    .description(`print the Tab-completion script for a shell: ${SHELLS.join(', ')} (the same scripts are in completions/)`);
  completion
    .addArgument(completion.createArgument('<shell>', 'the shell to write the script for').choices(SHELLS))
    .addHelpText('after', examples(['recruit completion zsh', ...installExamples()]))
    .action(
      lazy(async () => {
        const { default: completion } = await import('./run.js');
        return { default: (ctx: Context, shell: Shell) => completion(ctx, shell, wholeTree()) };
      }),
    );
}
