// What this run does with each item, from what earlier runs wrote to the journal:
// - created earlier: skipped, reported with its job id;
// - sent but never answered (the run died with the request in flight, or gave up): re-sent with its
//   ORIGINAL key, so the service replays the first answer instead of creating a second job;
// - refused earlier with 409 (capacity, approval): the account's state may have changed, so it is
//   sent again, with a new key (a 409 created nothing);
// - refused earlier with another 4xx (400, 422): the same body would be refused again, so it is
//   reported without sending; fixing the item changes its body, hence its identity, and sends it;
// - unknown: sent with a new key.
import { EXIT } from '../../core/exit-codes.js';
import type { EarlierState } from '../../exactly-once/records.js';
import type { Results } from './results.js';

/**
 * Records the result of each item this run skips (those created earlier were recorded while the
 * journal was read) and returns the original keys of the items to re-send.
 */
export function planItems(results: Results, earlier: EarlierState): ReadonlyMap<number, string> {
  for (const [index, refused] of earlier.refused) {
    if (refused.status === 409) continue;
    results.failed(index, 'already_refused', { ...refused, message: `refused in an earlier run: ${refused.message}` }, EXIT.API_FAILED);
  }
  // The items sent and never answered are those whose key the journal still holds.
  return earlier.keys;
}
