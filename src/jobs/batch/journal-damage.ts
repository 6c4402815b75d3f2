// The one note for a journal with damaged lines (journal.ts skips lines longer than lines.ts's cap).
import type { Context } from '../../cli/context.js';
import type { Journal } from './journal.js';
import { plural } from './summary.js';

export function noteDamagedJournal(ctx: Context, journal: Journal): void {
  const damaged = journal.earlier.damagedLines ?? 0;
  if (damaged === 0) return;
  ctx.info(
    `note: the journal ${journal.file} has ${plural(damaged, 'damaged line')} (longer than any line it writes, as a power loss can leave); ` +
      `${damaged === 1 ? 'it was' : 'they were'} skipped, the rest of the journal is used`,
  );
}
