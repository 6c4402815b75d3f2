// Reading a journal: replaying its lines onto a run's items, and the created jobs it records. Lines
// are read with a bounded reader (lines.ts): a damaged line is skipped and counted, never held.
import { KEY_IN_USE_CODE } from '../api/errors.js';
import { readLines } from './lines.js';
import { EARLIER, type CreatedRecord, type EarlierState, type Entry, type ItemIds, type RefusedRecord } from './records.js';

/**
 * Replays the journal's lines onto the items of the file (matched by identity; entries of items no
 * longer in the file are ignored). Created records go to `onCreated` (null: no longer created),
 * so that they are stored once, compactly. An unreadable line (a torn write) is skipped, and so is
 * a line over the cap (a power loss can leave megabytes without a newline): counted, not held.
 */
export async function load(file: string, identities: ItemIds, onCreated: (index: number, record: CreatedRecord | null) => void): Promise<EarlierState> {
  const state: EarlierState = { kinds: new Uint8Array(identities.size), keys: new Map(), refused: new Map() };
  const byId = new Map<string, number>();
  for (let i = 0; i < identities.size; i++) byId.set(identities.id(i), i);
  /** Items of earlier versions of the file no longer in it: where they were sent, and the job each was created as. */
  const goneAt = new Map<string, number>();
  const goneCreated = new Map<number, number>();
  for await (const line of readLines(file)) {
    if (typeof line !== 'string') {
      state.damagedLines = (state.damagedLines ?? 0) + 1;
      continue;
    }
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      continue;
    }
    if (entry.type === 'run') continue;
    if (entry.type === 'generation') {
      state.generation = entry.value;
      continue;
    }
    const index = byId.get(entry.id);
    if (index === undefined) {
      if (entry.type === 'sent') goneAt.set(entry.id, entry.index);
      else if (entry.type === 'created' && goneAt.has(entry.id)) goneCreated.set(goneAt.get(entry.id)!, entry.jobId);
      continue;
    }
    const kind = state.kinds[index];
    if (entry.type === 'unsent') {
      // A key written ahead and never used: the item is as if that run had not reached it.
      if (kind === EARLIER.UNANSWERED && state.keys.get(index) === entry.key) {
        state.kinds[index] = EARLIER.UNKNOWN;
        state.keys.delete(index);
      }
    } else if (entry.type === 'sent') {
      if (kind === EARLIER.CREATED) onCreated(index, null);
      state.kinds[index] = EARLIER.UNANSWERED;
      state.keys.set(index, entry.key);
      state.refused.delete(index);
    } else if (kind === EARLIER.UNANSWERED) {
      const { type, id: _id, ...record } = entry;
      if (type === 'created') {
        state.keys.delete(index);
        state.kinds[index] = EARLIER.CREATED;
        onCreated(index, record as CreatedRecord);
      } else if ((record as RefusedRecord).code !== KEY_IN_USE_CODE) {
        // (A "key in use" answer is no refusal: the first request may still create the job. Older
        // versions recorded it as one; the item stays unanswered, to be sent with its key.)
        state.keys.delete(index);
        state.kinds[index] = EARLIER.REFUSED;
        state.refused.set(index, record as RefusedRecord);
      }
    }
  }
  for (const [index, jobId] of goneCreated) {
    if (index < identities.size && state.kinds[index] === EARLIER.UNKNOWN) (state.edited ??= new Map()).set(index, jobId);
  }
  return state;
}

/** Every entry of a journal that is a whole JSON object, in file order: a torn or over-long line is passed over. */
export async function* journalEntries(file: string): AsyncGenerator<Record<string, unknown>> {
  for await (const line of readLines(file)) {
    if (typeof line !== 'string') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a torn line
    }
    if (entry !== null && typeof entry === 'object') yield entry as Record<string, unknown>;
  }
}

/** The created entries of a journal, in file order: the item's identity and the job id. */
export async function* createdEntries(file: string): AsyncGenerator<{ id: string; jobId: number }> {
  for await (const line of readLines(file)) {
    if (typeof line !== 'string' || !line.startsWith('{"type":"created"')) continue; // an over-long line is damage
    try {
      const entry = JSON.parse(line) as { id?: unknown; jobId?: unknown };
      if (typeof entry.id === 'string' && typeof entry.jobId === 'number') yield { id: entry.id, jobId: entry.jobId };
    } catch {
      // a torn line
    }
  }
}

/** How many jobs a journal records as created (by any of its runs). */
export async function countCreated(file: string): Promise<number> {
  let n = 0;
  for await (const line of readLines(file)) if (typeof line === 'string' && line.startsWith('{"type":"created"')) n++;
  return n;
}

