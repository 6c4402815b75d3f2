// The runs of an account that did not finish (a batch, a bulk change or an apply stopped by Ctrl-C,
// a crash, a 401, the active-job limit...): for `recruit status`, each with the command that
// resumes it. A journal's last run record says how many items that run set out to send and what
// resumes it; the items answered after it (created, or refused) are counted, and a run with items
// left unanswered or never sent is unfinished. Journals of earlier versions keep no command: they
// are not listed. Only the journals of `account` are read, from the journal directory, which is
// checked as the user's own before it is used (core/paths.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { KEY_IN_USE_CODE } from '../api/errors.js';
import { ACTIVE_JOB_LIMIT_CODE } from '../domain/job-status.js';
import { accountPart } from './journal-files.js';
import { journalEntries } from './journal-read.js';
import type { Account } from './records.js';
import { checkedResume, type ResumeCommand } from './resume-command.js';

/**
 * Refusals a re-run sends again: the key still in use (the outcome is not known), and the active-job
 * limit (the item waits for a free slot). Any other refusal is the item's answer.
 */
const RESENT_REFUSALS = new Set([KEY_IN_USE_CODE, ACTIVE_JOB_LIMIT_CODE]);

export interface UnfinishedRun {
  journal: string;
  command: ResumeCommand;
  /** When the last run started. */
  startedAt: string;
  /** The items of its input, and how many of those the last run set out to send but did not get an answer for. */
  items: number;
  unfinished: number;
}

/** What a journal's last run left: undefined when it finished, or keeps no command. */
export async function lastRunOf(file: string): Promise<Omit<UnfinishedRun, 'journal'> | undefined> {
  let run: { at: string; items: number; pending: number; command: ResumeCommand } | undefined;
  let answered = new Set<string>();
  for await (const entry of journalEntries(file)) {
    if (entry.type === 'run') {
      const command = checkedResume(entry.command);
      const numbers = Number.isSafeInteger(entry.items) && Number.isSafeInteger(entry.pending) && typeof entry.at === 'string';
      run = command && numbers ? { at: entry.at as string, items: entry.items as number, pending: entry.pending as number, command } : undefined;
      answered = new Set();
    } else if (typeof entry.id === 'string') {
      // An item sent again (a 409 re-sent unpublished, say) is unanswered until its new answer.
      if (entry.type === 'sent') answered.delete(entry.id);
      else if (entry.type === 'created' || (entry.type === 'refused' && !RESENT_REFUSALS.has(entry.code as string))) answered.add(entry.id);
    }
  }
  if (!run) return undefined;
  const unfinished = Math.max(0, run.pending - answered.size);
  return unfinished === 0 ? undefined : { command: run.command, startedAt: run.at, items: run.items, unfinished };
}

/** The unfinished runs of `account` among the journals in `dir`, the oldest first. */
export async function unfinishedRuns(dir: string, account: Account): Promise<UnfinishedRun[]> {
  const name = new RegExp(`^[\\da-f]{16}-${accountPart(account)}\\.ndjson$`);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => name.test(n));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const runs: UnfinishedRun[] = [];
  for (const n of names) {
    const journal = join(dir, n);
    const last = await lastRunOf(journal);
    if (last) runs.push({ journal, ...last });
  }
  return runs.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}
