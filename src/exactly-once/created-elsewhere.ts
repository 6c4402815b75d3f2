// Which of this machine's batch files created items that a run found already created (the service
// replayed their derived keys: send-phase.ts): the same jobs in another file (a CSV of the JSON the
// quick start sent) are then named, rather than a guess at another machine. Only the journals of
// the account are read, and only when there were such items.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { accountPart } from './journal-files.js';
import { journalEntries } from './journal-read.js';
import type { Account } from './records.js';
import { checkedResume } from './resume-command.js';

export interface CreatedElsewhere {
  /** The batch files (as given to `jobs create --file`) whose runs created some of the items. */
  files: string[];
  /** How many of the items none of them created. */
  unaccounted: number;
}

/** Where the items `ids` (journal identities) were created, among the account's journals in `dir` other than `own`. */
export async function createdElsewhere(dir: string, account: Account, ids: ReadonlySet<string>, own: string): Promise<CreatedElsewhere> {
  const name = new RegExp(`^[\\da-f]{16}-${accountPart(account)}\\.ndjson$`);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => name.test(n) && join(dir, n) !== own);
  } catch {
    return { files: [], unaccounted: ids.size };
  }
  const found = new Set<string>();
  const files = new Set<string>();
  for (const n of names) {
    let file: string | undefined;
    try {
      for await (const entry of journalEntries(join(dir, n))) {
        if (entry.type === 'run') {
          const command = checkedResume(entry.command);
          file = command?.kind === 'create' && command.file !== null ? command.file : undefined;
        } else if (entry.type === 'created' && file !== undefined && typeof entry.id === 'string' && ids.has(entry.id)) {
          found.add(entry.id);
          files.add(file);
        }
      }
    } catch {
      // A journal that cannot be read only names no file: this is a note, not a check.
    }
  }
  return { files: [...files].sort(), unaccounted: ids.size - found.size };
}
