// What a journal holds (journal.ts writes it, journal-read.ts reads it): the outcome records of
// items, the entries of its lines, and what earlier runs left for each item.
import type { Job } from '../api/types.js';

export interface CreatedRecord {
  jobId: number;
  status: number | null;
  statusLabel: string | null;
  approvalStatus: number | null;
  approvalStatusLabel: string | null;
}

export interface RefusedRecord {
  status: number | null;
  code: string;
  message: string;
}

/** Whom a journal's requests went to: the base URL and a fingerprint of the credential (never the credential). */
export interface Account {
  baseUrl: string;
  credential: string;
}

export type Entry =
  /**
   * target: whom the command sent to, as it names it (a profile and base URL). command: what resumes
   * the run (resume-command.ts), and pending: the items this run set out to send (both absent in the
   * journals of earlier versions): `recruit status` lists a run whose pending items are not all answered.
   */
  | { type: 'run'; at: string; input: string; target: object; account: string; items: number; command?: unknown; pending?: number }
  | { type: 'sent'; id: string; key: string; index: number }
  | { type: 'unsent'; id: string; key: string }
  | { type: 'generation'; value: string }
  | ({ type: 'created'; id: string } & CreatedRecord)
  | ({ type: 'refused'; id: string } & RefusedRecord);

/** What earlier runs left for an item of this file. UNANSWERED: sent, no answer recorded. */
export const EARLIER = { UNKNOWN: 0, UNANSWERED: 1, CREATED: 2, REFUSED: 3 } as const;

export interface EarlierState {
  kinds: Uint8Array;
  /** The key of each unanswered item. */
  keys: Map<number, string>;
  refused: Map<number, RefusedRecord>;
  /** Lines longer than any the journal writes (lines.ts's cap), skipped as damaged: for the caller to note once. */
  damagedLines?: number;
  /** The generation of derived keys the last --restart started (none before any): derived-key.ts. */
  generation?: string;
  /**
   * Items new to the journal at a place (an index) where an item no longer in the file was created:
   * most likely that item, edited. The index and the job the earlier version was created as.
   */
  edited?: Map<number, number>;
}

/** What the journal and the key book need of a run's items: how many, and each one's identity. */
export interface ItemIds {
  readonly size: number;
  id(index: number): string;
}

/** The record of a job as a create or change was answered with. */
export function createdRecord(job: Job): CreatedRecord {
  return {
    jobId: job.id,
    status: job.status ?? null,
    statusLabel: job.statusLabel ?? null,
    approvalStatus: job.approvalStatus ?? null,
    approvalStatusLabel: job.approvalStatusLabel ?? null,
  };
}
