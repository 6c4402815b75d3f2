// `recruit completion <shell>`: prints the completion script, generated from the command tree.
// commander has already refused a shell that is not one of SHELLS (exit 2).
import type { Command } from 'commander';
import type { Uses } from '../../context/context.js';
import { completionScript } from '../../completion/generate.js';
import type { Shell } from '../../completion/shells.js';

/** `program`: the whole command tree, handed down by the entry that builds it (src/program.ts). */
export default async function completion(ctx: Uses<'io'>, shell: Shell, program: Command): Promise<void> {
  ctx.io.stdout.write(completionScript(shell, program));
}
