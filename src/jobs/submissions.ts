// Persisted submissions (docs/decisions.md): before a create is sent, its Idempotency-Key and exact body are
// written to the state directory; the record then gets the outcome or the last error. A record that
// has no final answer is "pending" and can be re-sent with `recruit jobs create --resume`.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic-file.js';
import { ownStateDir } from '../core/paths.js';
import { nodeFs, type StateFs } from '../core/state-fs.js';

export type SubmissionState = 'pending' | 'created' | 'refused';

export interface SubmissionError {
  code: string;
  message: string;
  status: number | null;
}

export interface Submission {
  key: string;
  createdAt: string;
  updatedAt: string;
  /** Where it is sent: the profile and base URL, or the embedded sandbox. */
  target: { profile: string; baseUrl: string };
  source: 'wizard' | 'flags' | 'clone';
  body: Record<string, unknown>;
  state: SubmissionState;
  attempts: number;
  lastError?: SubmissionError;
  result?: { jobId: number; status: number; statusLabel?: string; approvalStatus: number | null; approvalStatusLabel?: string };
}

export class SubmissionStore {
  readonly dir: string;

  constructor(
    env: NodeJS.ProcessEnv,
    private readonly fs: StateFs = nodeFs,
  ) {
    this.dir = ownStateDir(env, 'submissions');
  }

  file(key: string): string {
    if (!/^[\w-]{1,128}$/.test(key)) throw new Error(`not a submission key: ${key}`);
    return join(this.dir, `${key}.json`);
  }

  save(submission: Submission): void {
    writeFileAtomic(this.file(submission.key), `${JSON.stringify(submission, null, 2)}\n`, { fs: this.fs });
  }

  get(key: string): Submission | undefined {
    const file = this.file(key);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Submission) : undefined;
  }

  /** Every record, oldest first. */
  list(): Submission[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => {
        try {
          return [JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as Submission];
        } catch {
          return [];
        }
      })
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  pending(): Submission[] {
    return this.list().filter((s) => s.state === 'pending');
  }

  remove(key: string): void {
    rmSync(this.file(key), { force: true });
  }
}
