// The sandbox's mutable state: jobs and idempotency replays, optionally persisted to a state log.
import type { AccountId } from './accounts.js';
import { generatedJobCode, type Job, type JobFields } from './job.js';
import { isActive, type ApprovalStatus } from './job-status.js';
import { seedJobs } from './seed-jobs.js';
import { StateLog, type LogEntry, type StoredReplay } from './state-log.js';

export const DEFAULT_ACTIVE_JOB_LIMIT = 50;
/** Replays are kept 24 hours; the spec gives no retention time (docs/decisions.md). */
export const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoreOptions {
  stateFile?: string | undefined;
  activeJobLimit?: number | undefined;
  now?: (() => number) | undefined;
}

export class SandboxStore {
  readonly jobs = new Map<number, Job>();
  private readonly replays = new Map<string, StoredReplay>();
  private readonly inFlight = new Set<string>();
  private readonly activeCounts = new Map<AccountId, number>();
  private nextId = 1;
  private readonly log: StateLog | undefined;
  readonly activeJobLimit: number;
  readonly now: () => number;

  constructor(options: StoreOptions = {}) {
    this.activeJobLimit = options.activeJobLimit ?? DEFAULT_ACTIVE_JOB_LIMIT;
    this.now = options.now ?? Date.now;
    this.loadSeed();
    if (options.stateFile) {
      const { log, entries } = StateLog.open(options.stateFile);
      this.log = log;
      for (const entry of entries) this.apply(entry);
      if (entries.length > 2 * (this.jobs.size + this.replays.size) + 1000) log.rewrite(this.snapshot());
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
    if ('job' in entry) {
      this.putJob(entry.job);
      this.nextId = Math.max(this.nextId, entry.job.id + 1);
    } else {
      this.replays.set(replayId(entry.replay.account, entry.replay.key), entry.replay);
    }
  }

  private snapshot(): LogEntry[] {
    const seeds = new Map(seedJobs().map((j) => [j.id, JSON.stringify(j)]));
    const changed = [...this.jobs.values()].filter((j) => seeds.get(j.id) !== JSON.stringify(j));
    return [...changed.map((job) => ({ job })), ...[...this.replays.values()].map((replay) => ({ replay }))];
  }

  private persist(entry: LogEntry): void {
    this.log?.append(entry);
  }

  /** Stores a job, keeping the per-account count of active jobs in step. */
  private putJob(job: Job): void {
    const previous = this.jobs.get(job.id);
    const delta = Number(isActive(job.status)) - Number(previous !== undefined && isActive(previous.status));
    if (delta !== 0) this.activeCounts.set(job.account, this.activeJobCount(job.account) + delta);
    this.jobs.set(job.id, job);
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
    this.putJob(job);
    this.persist({ job });
    return job;
  }

  /** Replaces a job with its changed copy; the change is all-or-nothing. */
  updateJob(job: Job, changes: Partial<Job>): Job {
    const updated: Job = { ...job, ...changes, updatedAt: new Date(this.now()).toISOString() };
    this.putJob(updated);
    this.persist({ job: updated });
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
    this.replays.set(replayId(replay.account, replay.key), stored);
    this.persist({ replay: stored });
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

  /** Back to the seeded state: seeded jobs only, no replays. */
  reset(): void {
    this.loadSeed();
    this.log?.rewrite([]);
  }

  close(): void {
    this.log?.close();
  }
}

function replayId(account: string, key: string): string {
  return `${account}\u0000${key}`;
}
