// One created job on stdout (from field flags, a clone, --resume or the wizard): the job as JSON
// with --json, else the one-line summary; the approval note and any warning on stderr; then the
// interruption of its sending thrown for entry/run.ts (exit 130).
import type { Uses } from '../../../context/context.js';
import type { Created } from '../../../jobs/created.js';
import { approvalNote, describeCreated } from '../../../jobs/describe.js';
import { writeOut } from '../../../terminal/io.js';
import { writeJson } from '../../../terminal/output.js';

/** `waiting` (--wait): only the summary line (no JSON, no approval note); the job as it ends up is printed after. */
export async function printCreated(ctx: Uses<'io' | 'globals' | 'color' | 'sandboxAccount' | 'warn' | 'info'>, created: Created, { waiting = false }: { waiting?: boolean } = {}): Promise<void> {
  const { job } = created;
  if (ctx.globals.json && !waiting) await writeJson(ctx, job);
  else if (!ctx.globals.json) await writeOut(ctx.io.stdout, `${describeCreated(job)}\n`);
  const note = waiting ? undefined : approvalNote(job, ctx.sandboxAccount());
  if (note) ctx.info(note);
  if (created.warning) ctx.warn(created.warning);
  if (created.error) throw created.error;
}
