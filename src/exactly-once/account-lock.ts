// One run at a time changes the jobs of an account, whatever its input (docs/decisions.md, "One run
// per account"): `jobs create --file`, `jobs status`/`jobs update` of many ids and `jobs apply` all
// take the same lock, named after the account as the journals are (its canonical address and the
// token's fingerprint). Two applies of one content from two paths would otherwise each plan the same
// creates; an apply and a batch would each see the other's jobs half made.
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { accountPart } from './journal-files.js';
import type { Journal } from './journal.js';
import { parseRecord } from './lock-record.js';
import { STALE_MS, takeLock, type Blocker, type HeldLock, type LockOptions, type Locker } from './lock.js';
import type { Account } from './records.js';

/** The lock file of `account` in the journal directory `dir`: named as its journals are. */
export function accountLockFile(dir: string, account: Account): string {
  return join(dir, `account-${accountPart(account)}.lock`);
}

/** Who holds the lock, in words: "`recruit jobs apply` for jobs.json (process 7 on ci-3, started ...)". */
export function describeHolder(blocker: Blocker, locker: Locker): string {
  const r = parseRecord(blocker.content);
  if (!r) return 'an unknown process (its lock is being written, or was not written by recruit)';
  const me = locker.record;
  if ('legacy' in r) return `process ${r.pid}${r.host && r.host !== me.host ? ` on ${r.host}` : ''} (an earlier version of recruit)`;
  const where = r.host !== me.host ? ` on ${r.host}` : r.pidNs !== me.pidNs ? ` in another PID namespace (container) of ${r.host}` : '';
  const what = r.what ? ` for ${r.what}` : '';
  return `\`${r.command}\`${what} (process ${r.pid}${where}, started ${r.started})`;
}

/** Locks `account` for this run; refuses (exit 2) naming the run that holds it. */
export function lockAccount(dir: string, account: Account, options: LockOptions): HeldLock {
  const lock = accountLockFile(dir, account);
  const taken = takeLock(lock, options);
  if ('held' in taken) return taken.held;
  throw new UsageError(
    `another run is changing the jobs of this account: ${describeHolder(taken.blocker, taken.locker)}`,
    [],
    `wait for it to finish, or stop it (the lock of an ended run is taken over at once on the same machine, ` +
      `elsewhere once its heartbeat is ${STALE_MS / 1000} s old); if no such run exists, remove ${lock}`,
  );
}

/** A lost lock stops the run as a journal that cannot be written does: no new key is handed out, so nothing more is sent. */
export function stopOnLoss(lock: HeldLock, journal: Journal): void {
  const stop = (error: NonNullable<HeldLock['lost']>) => {
    if (journal.failure) return;
    journal.failure = error;
    journal.onFailure(error);
  };
  if (lock.lost) stop(lock.lost);
  else lock.onLost = stop;
}
