// Where journals live: one file per input and account in <state dir>/journals/, named so that the
// journals of other accounts for the same input, and every journal of an account, can be found.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { LocalStateError } from '../core/errors.js';
import { journalsDir } from '../core/paths.js';
import { makeDirectory, type StateFs } from '../core/state-fs.js';
import type { Account } from './records.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The journal of `input` (a file's real path, or stdin's content hash) for `account`. Its name
 * starts with the input's part, so that the journals of other accounts for the same input can be
 * found (and the user told).
 */
export function journalFile(dir: string, input: string, account: Account): string {
  return join(dir, `${inputPart(input)}-${accountPart(account)}.ndjson`);
}

/**
 * The end of the name of every journal of `account` (`-<hash>.ndjson`), and of its lock's name. The
 * base URL is canonical (src/api/base-url.ts), so that its spellings are one account; a URL an
 * earlier version wrote already in that form keeps its journals' names.
 */
export function accountPart(account: Account): string {
  return sha(JSON.stringify([account.baseUrl, account.credential])).slice(0, 16);
}

export function inputPart(input: string): string {
  return sha(JSON.stringify(['input', input])).slice(0, 16);
}

/** The journal directory, made before anything is sent. */
export function makeJournalsDir(env: NodeJS.ProcessEnv, fs: StateFs): string {
  const dir = journalsDir(env);
  try {
    makeDirectory(fs, dir);
  } catch (error) {
    throw new LocalStateError('create the journal directory', dir, error, 'nothing was sent');
  }
  return dir;
}

/**
 * The account a run's requests go to: its address (the client's canonical base URL, or the embedded
 * sandbox's name) and the fingerprint of its credential (never the credential).
 */
export function accountOf(baseUrl: string, api: { credentialFingerprint(): string }): Account {
  return { baseUrl, credential: api.credentialFingerprint() };
}
