// The per-item results of a batch run, and the exit code they add up to. Stored column by column
// in typed arrays (labels interned, errors only for the items that have one), so that 100,000
// results cost a few megabytes; an ItemResult object is made only when one is printed.
import { EXIT, type ExitCode } from '../../core/exit-codes.js';
import type { ItemError } from '../../exactly-once/classify.js';
import type { CreatedRecord } from '../../exactly-once/records.js';
import type { StringArena } from './string-arena.js';

/** `unknown`: sent, and whether the job was created is not known (no answer, a 5xx, an unreadable answer). */
export const RESULT_KINDS = ['not_attempted', 'created', 'already_created', 'refused', 'already_refused', 'failed', 'unknown'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

export interface ItemResult {
  index: number;
  title: string;
  /** The item's jobCode as the file gives it, or ''. */
  jobCode: string;
  result: ResultKind;
  created: CreatedRecord | null;
  error: ItemError | null;
  exit: ExitCode;
}

/**
 * Worst first: the user's Ctrl-C (130) or SIGTERM (143) says why the rest did not happen; a disk
 * that takes no more state stops everything and needs the user (6), as do a proxy that refuses (7)
 * and a token problem (3);
 * a full account needs the user to free slots (4); giving up on transient failures is fixed by
 * re-running (5); a refused item needs its data fixed (1).
 */
const SEVERITY: ExitCode[] = [EXIT.TERMINATED, EXIT.INTERRUPTED, EXIT.LOCAL_STATE, EXIT.PROXY, EXIT.AUTH, EXIT.CONFLICT, EXIT.GAVE_UP, EXIT.API_FAILED, EXIT.USAGE];

export function worstExit(codes: Iterable<ExitCode>): ExitCode {
  let worst: ExitCode = EXIT.OK;
  for (const code of codes) {
    if (code === EXIT.OK) continue;
    if (worst === EXIT.OK || SEVERITY.indexOf(code) < SEVERITY.indexOf(worst)) worst = code;
  }
  return worst;
}

const NONE = -0x80000000; // null in the integer columns

export class Results {
  readonly size: number;
  private readonly kinds: Uint8Array;
  private readonly exits: Uint8Array;
  private readonly jobIds: Float64Array;
  private readonly statuses: Int32Array;
  private readonly approvals: Int32Array;
  private readonly statusLabels: Uint16Array;
  private readonly approvalLabels: Uint16Array;
  private readonly labels: (string | null)[] = [null];
  private readonly labelIds = new Map<string, number>();
  private readonly errors = new Map<number, ItemError>();

  constructor(
    private readonly titles: StringArena,
    private readonly jobCodes?: StringArena,
  ) {
    const n = titles.size;
    this.size = n;
    this.kinds = new Uint8Array(n); // 0: not_attempted
    this.exits = new Uint8Array(n);
    this.jobIds = new Float64Array(n).fill(NaN);
    this.statuses = new Int32Array(n).fill(NONE);
    this.approvals = new Int32Array(n).fill(NONE);
    this.statusLabels = new Uint16Array(n);
    this.approvalLabels = new Uint16Array(n);
  }

  private label(text: string | null): number {
    if (text === null) return 0;
    let id = this.labelIds.get(text);
    if (id === undefined) {
      id = this.labels.length;
      if (id > 0xffff) return 0; // more distinct labels than anyone has: drop them
      this.labels.push(text);
      this.labelIds.set(text, id);
    }
    return id;
  }

  kind(index: number): ResultKind {
    return RESULT_KINDS[this.kinds[index]!]!;
  }

  exit(index: number): ExitCode {
    return this.exits[index] as ExitCode;
  }

  created(index: number, kind: 'created' | 'already_created', record: CreatedRecord): void {
    this.kinds[index] = RESULT_KINDS.indexOf(kind);
    this.exits[index] = EXIT.OK;
    this.jobIds[index] = record.jobId;
    this.statuses[index] = record.status ?? NONE;
    this.approvals[index] = record.approvalStatus ?? NONE;
    this.statusLabels[index] = this.label(record.statusLabel);
    this.approvalLabels[index] = this.label(record.approvalStatusLabel);
    this.errors.delete(index);
  }

  failed(index: number, kind: Exclude<ResultKind, 'created' | 'already_created'>, error: ItemError | null, exit: ExitCode): void {
    this.kinds[index] = RESULT_KINDS.indexOf(kind);
    this.exits[index] = exit;
    if (error) this.errors.set(index, error);
    else this.errors.delete(index);
  }

  get(index: number): ItemResult {
    const kind = this.kind(index);
    const ok = kind === 'created' || kind === 'already_created';
    const int = (v: number) => (v === NONE ? null : v);
    return {
      index,
      title: this.titles.get(index) ?? '',
      jobCode: this.jobCodes?.get(index) ?? '',
      result: kind,
      created: ok
        ? {
            jobId: this.jobIds[index]!,
            status: int(this.statuses[index]!),
            statusLabel: this.labels[this.statusLabels[index]!] ?? null,
            approvalStatus: int(this.approvals[index]!),
            approvalStatusLabel: this.labels[this.approvalLabels[index]!] ?? null,
          }
        : null,
      error: this.errors.get(index) ?? null,
      exit: this.exit(index),
    };
  }

  *all(): Generator<ItemResult> {
    for (let i = 0; i < this.size; i++) yield this.get(i);
  }

  count(kind: ResultKind): number {
    const k = RESULT_KINDS.indexOf(kind);
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.kinds[i] === k) n++;
    return n;
  }

  worstExit(): ExitCode {
    return worstExit(this.exits as unknown as Iterable<ExitCode>);
  }
}

export function isCreated(result: ItemResult): boolean {
  return result.result === 'created' || result.result === 'already_created';
}
