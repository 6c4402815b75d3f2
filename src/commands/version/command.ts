// `recruit version`, as gh has it: what `recruit --version` prints. Hidden: --version is the one
// the help names.
import { versionText } from '../../core/version.js';
import type { IO } from '../../terminal/io.js';
import { examples, type Parent } from '../define.js';

export function addVersion(program: Parent, io: IO): void {
  program
    .command('version', { hidden: true })
    .description('print the version')
    .addHelpText('after', examples(['recruit version', 'recruit --version']))
    .action(() => {
      io.stdout.write(`${versionText()}\n`);
    });
}
