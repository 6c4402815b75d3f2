// The sandbox's mutable state: jobs and idempotency replays, optionally persisted to a state log.
// Changes are made in memory and written to the log before the answer; a change the log cannot
// keep is undone in memory too and answered 503, so the sandbox never keeps what it refused.
import type { AccountId } from './accounts.js';
import { HttpError } from './http-error.js';
import { generatedJobCode, type Job, type JobFields } from './job.js';
import { isActive, type ApprovalStatus } from './job-status.js';
import { seedJobs } from './seed-jobs.js';
import { mergeEntries, type LogEntry, type StoredReplay } from './state-entries.js';
import type { StateFs } from './state-fs.js';
import { StateLog, StateWriteError } from './state-log.js';

export const DEFAULT_ACTIVE_JOB_LIMIT = 50;
/** Replays are kept 24 hours; the API's description gives no retention time (docs/decisions.md). */
export const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;
/** Seconds a client is asked to wait after a change that could not be saved. */
export const STATE_RETRY_AFTER_S = 1;

export interface StoreOptions {
  stateFile?: string | undefined;
  /** The file operations of the state log; a test passes failing ones. */
  stateFs?: StateFs | undefined;
  activeJobLimit?: number | undefined;
  now?: (() => number) | undefined;
  /** Where the sandbox reports what it cannot answer for (stderr unless given), one line each. */
  log?: ((line: string) => void) | undefined;
}

/** A change made in memory and not yet written: its log entry, and how to take it back. */
interface Change {
  entry: LogEntry;
  undo: () => void;
}

export function defaultLog(line: string): void {
  process.stderr.write(`${line}\n`);
}

export class SandboxStore {
  readonly jobs = new Map<number, Job>();
  private readonly replays = new Map<string, StoredReplay>();
  private readonly inFlight = new Set<string>();
  private readonly activeCounts = new Map<AccountId, number>();
  private nextId = 1;
  private readonly stateLog: StateLog | undefined;
  /** The changes of the transaction under way, written together when it ends. */
  private pending: Change[] | undefined;
  readonly activeJobLimit: number;
  readonly now: () => number;
  readonly log: (line: string) => void;

  constructor(options: StoreOptions = {}) {
    this.activeJobLimit = options.activeJobLimit ?? DEFAULT_ACTIVE_JOB_LIMIT;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? defaultLog;
    this.loadSeed();
    if (options.stateFile) {
      const { log, entries } = StateLog.open(options.stateFile, options.stateFs);
      this.stateLog = log;
      for (const entry of entries) this.apply(entry);
      if (entries.length > 2 * (this.jobs.size + this.replays.size) + 1000) this.compact();
    }
  }

  /**
   * Takes in what another process on the same state file changed since this one last wrote it,
   * so that each request sees the state as it is now (docs/decisions.md, "Sandbox"). Called before
   * a request is carried out; outside a transaction only.
   */
  refresh(): void {
    if (this.pending || !this.stateLog) return;
    let entries: LogEntry[] | undefined;
    try {
      entries = this.stateLog.reread();
    } catch (error) {
      this.log(`sandbox: state file changed by another process and could not be read again (${error instanceof Error ? error.message : String(error)}); going on with the state in memory`);
      return;
    }
    if (!entries) return;
    this.loadSeed();
    for (const entry of entries) this.apply(entry);
  }

  /** A log that cannot be compacted (a full disk) is used as it is: it is still complete. */
  private compact(): void {
    try {
      this.stateLog?.rewrite(this.snapshot());
    } catch (error) {
      if (!(error instanceof StateWriteError)) throw error;
      this.log(`sandbox: state file ${error.file}: not compacted (${error.code}); going on with it as it is`);
    }
  }

  private loadSeed(): void {
    this.jobs.clear();
    this.replays.clear();
    this.activeCounts.clear();
    for (const job of seedJobs()) this.putJob(job);
    this.nextId = this.jobs.size + 1;
  }

  private apply(entry: LogEntry): void {
    if (entry.job) {
      this.putJob(entry.job);
      this.nextId = Math.max(this.nextId, entry.job.id + 1);
    }
    if (entry.replay) this.replays.set(replayId(entry.replay.account, entry.replay.key), entry.replay);
  }

  private snapshot(): LogEntry[] {
    const seeds = new Map(seedJobs().map((j) => [j.id, JSON.stringify(j)]));
    const changed = [...this.jobs.values()].filter((j) => seeds.get(j.id) !== JSON.stringify(j));
    return [...changed.map((job) => ({ job })), ...[...this.replays.values()].map((replay) => ({ replay }))];
  }

  /**
   * Runs `work` as one transaction: its changes are written in one append when it returns, and
   * undone when it throws or the append fails (then a 503 `state_not_saved` is thrown). `work` is
   * synchronous, so no other request sees its changes before they are written.
   */
  transaction<T>(work: () => T): T {
    if (this.pending) return work();
    const changes: Change[] = [];
    this.pending = changes;
    let result: T;
    try {
      result = work();
    } catch (error) {
      undo(changes);
      throw error;
    } finally {
      this.pending = undefined;
    }
    this.commit(changes);
    return result;
  }

  private record(entry: LogEntry, undoChange: () => void): void {
    const change = { entry, undo: undoChange };
    if (this.pending) this.pending.push(change);
    else this.commit([change]);
  }

  private commit(changes: Change[]): void {
    if (!this.stateLog || changes.length === 0) return;
    try {
      this.stateLog.append(mergeEntries(changes.map((c) => c.entry)));
    } catch (error) {
      undo(changes);
      if (error instanceof StateWriteError) throw this.notSaved(error);
      throw error;
    }
  }

  private notSaved(error: StateWriteError): HttpError {
    const damaged =
      error.damaged === undefined
        ? ''
        : `; a failed write could not be cut back off the file (${error.damaged}), so every change is refused until the sandbox restarts`;
    this.log(`sandbox: state file ${error.file}: a change was not saved (${error.code}) and was undone, answered 503${damaged}`);
    return new HttpError(
      503,
      'state_not_saved',
      'The sandbox could not save this change to its state file, so it made none; retry later',
      [],
      { 'retry-after': String(STATE_RETRY_AFTER_S) },
    );
  }

  /** Stores a job, keeping the per-account count of active jobs in step. */
  private putJob(job: Job): void {
    const previous = this.jobs.get(job.id);
    const delta = Number(isActive(job.status)) - Number(previous !== undefined && isActive(previous.status));
    if (delta !== 0) this.activeCounts.set(job.account, this.activeJobCount(job.account) + delta);
    this.jobs.set(job.id, job);
  }

  private removeJob(job: Job): void {
    if (this.jobs.get(job.id) !== job) return;
    this.jobs.delete(job.id);
    if (isActive(job.status)) this.activeCounts.set(job.account, this.activeJobCount(job.account) - 1);
  }

  /** Stores a job as a change of the transaction, undone by putting back what was there. */
  private changeJob(job: Job, undoExtra?: () => void): void {
    const previous = this.jobs.get(job.id);
    this.putJob(job);
    this.record({ job }, () => {
      if (previous) this.putJob(previous);
      else this.removeJob(job);
      undoExtra?.();
    });
  }

  activeJobCount(account: AccountId): number {
    return this.activeCounts.get(account) ?? 0;
  }

  hasCapacity(account: AccountId): boolean {
    return this.activeJobCount(account) < this.activeJobLimit;
  }

  createJob(
    account: AccountId,
    fields: Omit<JobFields, 'jobCode'> & { jobCode?: string | undefined },
    state: { status: number; approvalStatus: ApprovalStatus },
  ): Job {
    const id = this.nextId++;
    const at = new Date(this.now()).toISOString();
    const job: Job = {
      id,
      account,
      ...fields,
      jobCode: fields.jobCode ?? generatedJobCode(id),
      ...state,
      createdAt: at,
      updatedAt: at,
    };
    this.changeJob(job, () => (this.nextId = id));
    return job;
  }

  /** Replaces a job with its changed copy; the change is all-or-nothing. */
  updateJob(job: Job, changes: Partial<Job>): Job {
    const updated: Job = { ...job, ...changes, updatedAt: new Date(this.now()).toISOString() };
    this.changeJob(updated);
    return updated;
  }

  findJob(account: AccountId, id: number): Job | undefined {
    const job = this.jobs.get(id);
    return job?.account === account ? job : undefined;
  }

  // Idempotency ---------------------------------------------------------------------------

  findReplay(account: string, key: string): StoredReplay | undefined {
    const id = replayId(account, key);
    const replay = this.replays.get(id);
    if (replay && this.now() - replay.createdAt >= REPLAY_TTL_MS) {
      this.replays.delete(id);
      return undefined;
    }
    return replay;
  }

  saveReplay(replay: Omit<StoredReplay, 'createdAt'>): void {
    const stored = { ...replay, createdAt: this.now() };
    const id = replayId(replay.account, replay.key);
    const previous = this.replays.get(id);
    this.replays.set(id, stored);
    this.record({ replay: stored }, () => (previous ? this.replays.set(id, previous) : this.replays.delete(id)));
  }

  /** Marks a key as being processed; false when another request holds it. */
  claimKey(account: string, key: string): boolean {
    const id = replayId(account, key);
    if (this.inFlight.has(id)) return false;
    this.inFlight.add(id);
    return true;
  }

  releaseKey(account: string, key: string): void {
    this.inFlight.delete(replayId(account, key));
  }

  /** Back to the seeded state: seeded jobs only, no replays. The file is emptied first. */
  reset(): void {
    try {
      this.stateLog?.clear();
    } catch (error) {
      if (error instanceof StateWriteError) throw this.notSaved(error);
      throw error;
    }
    this.loadSeed();
  }

  close(): void {
    this.stateLog?.close();
  }
}

function undo(changes: readonly Change[]): void {
  for (let i = changes.length - 1; i >= 0; i--) changes[i]!.undo();
}

function replayId(account: string, key: string): string {
  return `${account}\u0000${key}`;
}
