// `recruit completion <shell>`: prints the completion script, generated from the command tree.
// commander has already refused a shell that is not one of SHELLS (exit 2).
import type { Context } from '../cli/context.js';
import { completionScript } from '../completion/generate.js';
import type { Shell } from '../completion/shells.js';
import { buildProgram } from '../program.js';

export default async function completion(ctx: Context, shell: Shell): Promise<void> {
  ctx.io.stdout.write(completionScript(shell, buildProgram(ctx.io, ctx.env)));
}
