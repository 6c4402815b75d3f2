// The runs of this account that stopped before the end (journals of src/exactly-once/), for
// `recruit status`: each with how many items are left and the command that goes on with it.
import type { ApiClient } from '../../api/client.js';
import type { Uses } from '../../context/context.js';
import { journalsDir } from '../../core/paths.js';
import { accountOf } from '../../exactly-once/journal-files.js';
import { resumeLine } from '../../exactly-once/resume-command.js';
import { unfinishedRuns } from '../../exactly-once/unfinished.js';
import { targetOf } from '../../jobs/target.js';

export interface Interrupted {
  /** create, apply, status or update. */
  kind: string;
  /** A file's absolute path (create, apply), or null. */
  file: string | null;
  /** The command that goes on with the run. */
  command: string;
  /** What the command needs on stdin ("the same input"), or null. */
  stdin: string | null;
  /** Words the command leaves out, standing as shell variables, as a terminal cannot show them (resume-command.ts). */
  hidden: Array<{ variable: string; what: string }>;
  items: number;
  /** Items the last run set out to send that have no answer. */
  unfinished: number;
  startedAt: string;
  journal: string;
}

export async function interruptedRuns(ctx: Uses<'env' | 'settings' | 'sandboxAccount'>, api: ApiClient): Promise<Interrupted[]> {
  const account = accountOf(targetOf(ctx, api).baseUrl, api);
  const runs = await unfinishedRuns(journalsDir(ctx.env), account);
  return runs.map((r) => {
    const line = resumeLine(r.command);
    const file = r.command.kind === 'create' || r.command.kind === 'apply' ? r.command.file : null;
    return { kind: r.command.kind, file, command: line.command, stdin: line.stdin ?? null, hidden: line.hidden ?? [], items: r.items, unfinished: r.unfinished, startedAt: r.startedAt, journal: r.journal };
  });
}
