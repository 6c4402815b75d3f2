// Idempotency-Keys derived from what a request means, so that two runs that mean the same request
// (two machines applying one file, a copy of a batch file under another path, a re-run whose
// journal was lost) send the same key and the service replays instead of doing it twice
// (docs/decisions.md, "Keys derived from the request"). Neither the token nor the base URL is part of
// it: the service scopes keys per account, so two tokens of one account, two spellings or two host
// names of one service (localhost, 127.0.0.1) must agree, and two accounts never meet.
import { createHash } from 'node:crypto';
import type { Job } from '../api/types.js';
import { canonicalJson } from './canonical-json.js';

/**
 * Changes when what goes into the hash changes: keys of one version never meet another's by chance.
 * (Leaving the base URL out changed the hash's text from six values to five, which no text of the
 * version with it can equal, so it kept the version.)
 */
export const KEY_VERSION = 'rk1';

/** The state an apply create is planned from: the code is on no job of the account. */
export const NO_SUCH_CODE = 'no such code';

export interface KeyIntent {
  /** create, status, update, apply-create, apply-update, apply-close... */
  operation: string;
  /** The job code or job id the request is about; for a batch create, the item's identity. */
  target: string | number;
  body: Record<string, unknown> | null;
  /** What the change was planned from: the job's updatedAt, NO_SUCH_CODE, a batch's generation. */
  state: string;
}

/** `rk1-` and 64 hex digits: 68 visible ASCII characters (a key may have 1 to 255). */
export function deriveKey(intent: KeyIntent): string {
  const body = intent.body === null ? 'null' : canonicalJson(intent.body);
  const text = JSON.stringify([KEY_VERSION, intent.operation, String(intent.target), body, intent.state]);
  return `${KEY_VERSION}-${createHash('sha256').update(text).digest('hex')}`;
}

/**
 * What an apply create means: the job code `code` made from `state` (NO_SUCH_CODE...), whatever its
 * values. Two versions of a file run at once then send one key: the service creates the code once
 * and answers the other version with its key-reuse refusal (docs/decisions.md, "A create of a code
 * is one intent").
 */
export function applyCreateIntent(code: string, state: string): KeyIntent {
  return { operation: 'apply-create', target: code, body: null, state };
}

/**
 * The state of a job a change is planned from: its updatedAt when the service gives one, otherwise
 * a hash of the job as read (any change the service makes to it then gives another state).
 */
export function jobState(job: Job): string {
  const updated = job.updatedAt;
  if (typeof updated === 'string' && updated !== '') return `updatedAt ${updated}`;
  return `read ${createHash('sha256').update(canonicalJson(job)).digest('hex')}`;
}

/**
 * The key of item `identity` (`<bodyhash>.<occurrence>`) of a batch: the same for every copy of the
 * file, until `--restart` starts a new generation.
 */
export function batchKey(identity: string, generation: string): string {
  return deriveKey({ operation: 'create', target: identity, body: null, state: `generation ${generation}` });
}
