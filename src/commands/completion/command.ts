// `recruit completion <shell>`: its argument, help and examples.
import type { Command as Tree } from 'commander';
import type { Context } from '../../context/context.js';
import { installExamples, SHELLS, type Shell } from '../../completion/shells.js';
import { UsageError } from '../../core/errors.js';
import { closestNames } from '../../core/suggest.js';
import { examples, type Lazy, type Parent } from '../define.js';

/** The shell, or exit 2 saying which shells there are (PowerShell: not yet), with the one meant. */
function shellOf(value: string): Shell {
  if ((SHELLS as readonly string[]).includes(value)) return value as Shell;
  const supported = `supported shells: ${SHELLS.join(', ')}`;
  if (/^(powershell|pwsh)$/i.test(value)) throw new UsageError(`completion for PowerShell is not supported yet; ${supported}`, [], 'recruit works in PowerShell as it is; only Tab completion is missing');
  const [guess] = closestNames(value, SHELLS, 1);
  throw new UsageError(`no completion script for the shell "${value}"${guess ? `; did you mean "${guess}"?` : ''}`, [], supported);
}

/** `wholeTree`: the whole command tree, whichever branch this command line built. */
export function addCompletion(program: Parent, lazy: Lazy, wholeTree: () => Tree): void {
  const completion = program
    .command('completion')
    .description(`print the Tab-completion script for a shell: ${SHELLS.join(', ')} (the same scripts are in completions/)`);
  completion
    .addArgument(completion.createArgument('<shell>', 'the shell to write the script for').choices(SHELLS).argParser(shellOf))
    .addHelpText('after', examples(['recruit completion zsh', ...installExamples()]))
    .action(
      lazy(async () => {
        const { default: completion } = await import('./run.js');
        return { default: (ctx: Context, shell: Shell) => completion(ctx, shell, wholeTree()) };
      }),
    );
}
