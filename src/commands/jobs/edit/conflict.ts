// A conflict of `jobs edit`: a field the user changed was changed on the service too while the
// editor was open (docs/decisions.md, "`jobs edit`: changes made by others meanwhile"). The user
// opens the editor again on their values or aborts; nothing is sent either way, nothing typed lost.
import type { Uses } from '../../../context/context.js';
import { CliError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';
import { answerOf } from '../../../prompts/prompter.js';
import { describeConflict, shown, type Conflict } from './changes.js';

/**
 * Says the conflict and lets the user open the editor again (returns) or abort. Without a way to
 * ask (no terminal, --yes), and on abort, exit 4: nothing sent, the user's text kept in `file`.
 */
export async function settleConflict(ctx: Uses<'prompter' | 'info'>, id: number, conflicts: readonly Conflict[], file: string, canAsk: boolean): Promise<void> {
  const error = new CliError(
    `job ${id} was changed on the service while you edited it, in a field you changed too; nothing was sent; your text is kept in ${file}`,
    EXIT.CONFLICT,
    'edit_conflict',
    conflicts.map((c) => ({ field: c.field.key, message: describeConflict(c) })),
    `run \`recruit jobs edit ${id}\` again to edit the job as it is now, and take your values from that file`,
  );
  if (!canAsk) throw error;
  ctx.info(`Job ${id} was changed on the service while you edited it, in ${conflicts.length === 1 ? 'a field' : 'fields'} you changed too:\n${conflicts.map((c) => `  ${c.field.key}: ${describeConflict(c)}`).join('\n')}`);
  const prompter = await ctx.prompter();
  const choice = await answerOf(
    prompter.select<'reopen' | 'abort'>({
      message: `Job ${id} was changed on the service while you edited it. What now?`,
      choices: [
        { name: 'Open the editor again', value: 'reopen', description: 'your values, the job as it is now around them, and theirs named on top: keep yours or take theirs' },
        { name: 'Abort', value: 'abort', description: `send nothing; your text stays in ${file}` },
      ],
      default: 'reopen',
    }),
  ).catch((interrupted: unknown) => {
    ctx.info(`Nothing was sent; your text is kept in ${file}.`);
    throw interrupted;
  });
  if (choice === 'abort') throw error;
}

/** The conflicts as the editor shows them on top: a long value of theirs in full, to be taken. */
export function conflictNote(conflicts: readonly Conflict[]): string {
  const lines = conflicts.flatMap((c) => {
    const line = `${c.field.key}: ${describeConflict(c)}`;
    if (c.theirs === '' || (shown(c.theirs) === JSON.stringify(c.theirs) && !c.theirs.includes('\n'))) return [line];
    return [line, `${c.field.key}, theirs in full:`, ...c.theirs.split('\n').map((l) => `  ${l}`)];
  });
  return [...lines, 'Your values are below. Keep them or take theirs, then save and close (saved as it is, yours are sent).'].join('\n');
}

