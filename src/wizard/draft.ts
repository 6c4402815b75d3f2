// The wizard's drafts: the answers so far, rewritten atomically after every answered step, so that
// Ctrl-C, a crash or "save draft and quit" never loses typing. A draft belongs to one account (the
// profile, the base URL and a fingerprint of the token, as a batch journal does): it is only offered
// to that account. An account may keep several ("Start over" keeps the one it leaves).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic-file.js';
import { ownStateDir } from '../core/paths.js';
import type { Target } from '../jobs/target.js';
import type { Answers } from './answers.js';

/** Whom a draft is for: the target (profile and base URL, or the embedded sandbox) and the credential's fingerprint. */
export interface DraftAccount extends Target {
  credential: string;
}

export interface Draft {
  version: 2;
  id: string;
  savedAt: string;
  account: DraftAccount;
  answers: Answers;
  /** Fields from flags that the wizard sends without asking. */
  extra?: Record<string, unknown>;
}

/** A draft as found on disk; `account` is undefined for the one draft of earlier versions (drafts/wizard.json). */
export interface StoredDraft extends Omit<Draft, 'version' | 'account'> {
  account: DraftAccount | undefined;
  file: string;
}

/** The single draft file of versions before drafts were kept per account. */
export const LEGACY_DRAFT = 'wizard.json';

export function sameAccount(a: DraftAccount | undefined, b: DraftAccount): boolean {
  return a !== undefined && a.profile === b.profile && a.baseUrl === b.baseUrl && a.credential === b.credential;
}

function accountPart(account: DraftAccount): string {
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(JSON.stringify([account.profile, account.baseUrl, account.credential])).digest('hex').slice(0, 16);
}

function isAnswers(value: unknown): value is Answers {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readDraft(file: string): StoredDraft | undefined {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Omit<Partial<Draft>, 'version'> & { version?: number };
    if (!raw || !isAnswers(raw.answers) || typeof raw.savedAt !== 'string') return undefined;
    if (raw.version === 1) return { id: 'legacy', savedAt: raw.savedAt, answers: raw.answers, extra: raw.extra, account: undefined, file };
    if (raw.version !== 2 || typeof raw.id !== 'string' || !raw.account) return undefined;
    return { id: raw.id, savedAt: raw.savedAt, answers: raw.answers, extra: raw.extra, account: raw.account, file };
  } catch {
    return undefined;
  }
}

export class DraftStore {
  readonly dir: string;

  constructor(env: NodeJS.ProcessEnv) {
    this.dir = ownStateDir(env, 'drafts');
  }

  /** Every draft on disk, of any account, newest first; unreadable files are passed over. */
  all(): StoredDraft[] {
    if (!existsSync(this.dir)) return [];
    const drafts: StoredDraft[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      const draft = readDraft(join(this.dir, name));
      if (draft) drafts.push(draft);
    }
    return drafts.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  }

  /** The drafts of `account`, newest first. */
  of(account: DraftAccount): StoredDraft[] {
    if (!existsSync(this.dir)) return [];
    const prefix = `${accountPart(account)}-`;
    return this.all().filter((d) => d.file.slice(this.dir.length + 1).startsWith(prefix) && sameAccount(d.account, account));
  }

  fileOf(account: DraftAccount, id: string): string {
    return join(this.dir, `${accountPart(account)}-${id}.json`);
  }

  save(account: DraftAccount, id: string, answers: Answers, extra: Record<string, unknown>, now: Date): void {
    const draft: Draft = { version: 2, id, savedAt: now.toISOString(), account, answers, ...(Object.keys(extra).length ? { extra } : {}) };
    writeFileAtomic(this.fileOf(account, id), `${JSON.stringify(draft, null, 2)}\n`);
  }

  remove(account: DraftAccount, id: string): void {
    rmSync(this.fileOf(account, id), { force: true });
  }

  /** Deletes a draft as found on disk (of any account, or of the earlier format). */
  discard(draft: StoredDraft): void {
    rmSync(draft.file, { force: true });
  }
}

/** A new draft's id: short, and unlikely to meet another of the same account. */
export function newDraftId(): string {
  return crypto.randomUUID().slice(0, 8);
}
