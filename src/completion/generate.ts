// The completion script of a shell for a commander program.
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionModel, type CompletionModel } from './model.js';
import type { Shell } from './shells.js';
import { zshScript } from './zsh.js';

const EMITTERS: Record<Shell, (model: CompletionModel) => string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

export function completionScript(shell: Shell, program: Command): string {
  return EMITTERS[shell](completionModel(program));
}
