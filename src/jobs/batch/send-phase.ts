// The sending phase of a batch: what the journal says is left, the workers, progress and Ctrl-C,
// then every item's result, the tally and the outcome, returned for the command to print.
import type { ApiClient } from '../../api/client.js';
import type { Uses } from '../../context/context.js';
import type { Target } from '../target.js';
import type { BodyCache } from './body-cache.js';
import type { ItemDeriver } from './item-body.js';
import type { Account } from '../../exactly-once/records.js';
import type { Journal } from '../../exactly-once/journal.js';
import { planItems } from './plan.js';
import { Progress } from './progress.js';
import type { ItemSource } from './read-items.js';
import type { Results } from './results.js';
import { batchKey } from '../../exactly-once/derived-key.js';
import { sendAll } from './send.js';
import { isAbsolute, relative } from 'node:path';
import { listed } from '../../core/listed.js';
import { journalsDir } from '../../core/paths.js';
import { createdElsewhere } from '../../exactly-once/created-elsewhere.js';
import type { Stopper } from '../../exactly-once/stop-signals.js';
import { onStopSignals } from '../../exactly-once/stop-signals.js';
import { atATime, batchOutcome, batchResults, markNotAttempted, plural, tally, tallyLine } from './summary.js';
import type { RunResults } from '../run-results.js';
import type { Validated } from './validate.js';

export interface SendContext {
  journal: Journal;
  api: ApiClient;
  deriver: ItemDeriver;
  source: ItemSource;
  cache: BodyCache;
  validated: Validated;
  results: Results;
  concurrency: number;
  identity: string;
  target: Target;
  account: Account;
}


export async function sendPhase(ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'newKey' | 'info' | 'spinner'>, s: SendContext): Promise<RunResults> {
  const { identities } = s.validated;
  const results = s.results;
  const resendKeys = planItems(results, s.journal.earlier);
  const before = tally(results);
  const toSend = before.not_attempted;
  if (ctx.globals.verbose) ctx.info(`batch journal: ${s.journal.file}`);

  const progress = new Progress(ctx, results.size, toSend);
  progress.created = before.already_created;
  progress.failed = before.already_refused;
  const stopper: Stopper = {};
  if (toSend === 0) {
    const refused = before.already_refused ? ` and ${before.already_refused} refused` : '';
    ctx.info(
      `nothing to send: ${before.already_created} of ${plural(results.size, 'job')} ${before.already_created === 1 ? 'was' : 'were'} created${refused} in an earlier run` +
        (refused ? ' (fix the refused items to send them again)' : '; use --restart to create them again'),
    );
  } else {
    s.journal.begin(s.identity, s.target, s.account, results.size, ctx.now(), toSend);
    const earlier = before.already_created ? `; ${before.already_created} already created in an earlier run` : '';
    const resent = resendKeys.size ? `; ${resendKeys.size} unanswered earlier, re-sent with their original key` : '';
    const of = toSend < results.size ? ` of ${results.size}` : '';
    ctx.info(`sending ${plural(toSend, 'job')}${of}${atATime(toSend, s.concurrency)}${earlier}${resent}`);
    // Ctrl-C, SIGTERM, SIGHUP and SIGBREAK end the run as a whole: the requests in flight are awaited, the summary printed.
    const offSignals = onStopSignals(ctx, stopper);
    progress.start();
    try {
      // Keys derived from the item and the generation (derived-key.ts), so that a copy of the file
      // run elsewhere sends the same ones; an item refused earlier is sent with a random key, as a
      // service that keeps refusals with their key would answer the derived one with that refusal.
      const generation = s.journal.earlier.generation ?? '';
      const newKey = (i: number) => (s.journal.earlier.refused.has(i) ? ctx.newKey() : batchKey(identities.id(i), generation));
      const elsewhere = await sendAll({ ...s, identities, results, resendKeys, progress, stopper, newKey });
      if (elsewhere.length > 0) ctx.info(await elsewhereNote(ctx, s, elsewhere));
    } finally {
      offSignals();
      progress.clear();
    }
  }
  markNotAttempted(results, stopper.reason);
  return {
    results: batchResults(results, stopper.reason, s.validated.rows),
    tally: (seconds) => tallyLine(results, seconds),
    error: batchOutcome(results, stopper.reason, s.journal.failure),
  };
}

/**
 * Items the service answered with jobs another run created: named by the batch files of this
 * machine that created them (the same jobs as CSV after the JSON), else the places they may have come from.
 */
async function elsewhereNote(ctx: Uses<'env'>, s: SendContext, ids: readonly string[]): Promise<string> {
  const n = ids.length;
  const { files, unaccounted } = await createdElsewhere(journalsDir(ctx.env), s.account, new Set(ids), s.journal.file);
  const shown = files.map((file) => {
    const near = relative(process.cwd(), file);
    return near !== '' && !near.startsWith('..') && !isAbsolute(near) ? near : file;
  });
  const named = listed(shown);
  const where =
    files.length > 0 && unaccounted === 0
      ? `, from ${named} on this machine`
      : ` (${files.length > 0 ? `${named} on this machine, ` : ''}another file with the same jobs, another machine, or another address of the service)`;
  return (
    `note: ${plural(n, 'job')} ${n === 1 ? 'was' : 'were'} already created by another run of the same items${where}: ` +
    `the service answered with the ${n === 1 ? 'job' : 'jobs'} it had created, so none is created twice (use --restart to create them again)`
  );
}
