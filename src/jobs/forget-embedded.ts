// After `recruit sandbox reset` the embedded sandbox's job ids are given out again, so what recruit
// kept for its accounts (named `embedded-sandbox…`, target.ts) would point at other jobs: batch
// journals ("created earlier" with an id that is now another's), submissions, drafts, learnt
// account facts, caches. Only those files go; a real account's state is never touched, as each
// file is chosen by the embedded accounts' own names (docs/decisions.md, "Sandbox").
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { credentialFingerprint } from '../api/credential.js';
import { ownStateDir } from '../core/paths.js';
import { embeddedFactsAccount, forgetFacts } from '../context/account-facts.js';
import { CACHE_DIR, embeddedCacheIds } from '../context/cache-scope.js';
import { SANDBOX_ACCOUNTS, sandboxToken } from '../context/sandbox-account.js';
import { accountPart } from '../exactly-once/journal-files.js';
import { DraftStore } from '../wizard/draft.js';
import { SubmissionStore } from './submissions.js';
import { embeddedAccountOf, embeddedTarget } from './target.js';

export interface Forgotten {
  journals: number;
  submissions: number;
  drafts: number;
  facts: number;
  caches: number;
}

/** Files of `dir` whose names end with one of `endings`, deleted; how many. */
function removeEndingWith(dir: string, endings: readonly string[]): number {
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const name of readdirSync(dir)) {
    if (!endings.some((end) => name.endsWith(end))) continue;
    rmSync(join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

export function forgetEmbeddedSandbox(env: NodeJS.ProcessEnv): Forgotten {
  const credentials = SANDBOX_ACCOUNTS.map((account) => credentialFingerprint(sandboxToken(account)));
  const journalEnds = SANDBOX_ACCOUNTS.map((account, i) => `-${accountPart({ baseUrl: embeddedTarget(account).baseUrl, credential: credentials[i]! })}.ndjson`);
  const submissions = new SubmissionStore(env);
  const gone = submissions.list().filter((s) => embeddedAccountOf(s.target) !== undefined);
  for (const s of gone) submissions.remove(s.key);
  const drafts = new DraftStore(env);
  const oldDrafts = drafts.all().filter((d) => d.account !== undefined && embeddedAccountOf(d.account) !== undefined);
  for (const d of oldDrafts) drafts.discard(d);
  return {
    journals: removeEndingWith(ownStateDir(env, 'journals'), journalEnds),
    submissions: gone.length,
    drafts: oldDrafts.length,
    facts: SANDBOX_ACCOUNTS.filter((account) => forgetFacts(env, embeddedFactsAccount(account))).length,
    caches: removeEndingWith(ownStateDir(env, CACHE_DIR), embeddedCacheIds(credentials).map((id) => `-${id}.json`)),
  };
}
