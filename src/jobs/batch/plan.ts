// What this run does with each item, from what earlier runs wrote to the journal:
// - created earlier: skipped, reported with its job id;
// - sent but never answered (the run died with the request in flight, or gave up): re-sent with its
//   ORIGINAL key, so the service replays the first answer instead of creating a second job;
// - refused earlier with 409 (capacity, approval): the account's state may have changed, so it is
//   sent again, with a new key (a 409 created nothing);
// - refused earlier with another 4xx (400, 422): the same body would be refused again, so it is
//   reported without sending; fixing the item changes its body, hence its identity, and sends it;
// - unknown: sent with a new key.
import { EXIT } from '../../cli/exit-codes.js';
import type { ItemState } from './journal.js';
import type { Results } from './results.js';

export type Plan = { send: false } | { send: true; key: string | undefined };

/** Records the result of an item this run skips, and says whether (and with which key) to send it. */
export function planItem(results: Results, index: number, state: ItemState | undefined): Plan {
  if (state === undefined) return { send: true, key: undefined };
  if (state.created) {
    results.created(index, 'already_created', state.created);
    return { send: false };
  }
  if (state.refused) {
    if (state.refused.status === 409) return { send: true, key: undefined };
    results.failed(index, 'already_refused', { ...state.refused, message: `refused in an earlier run: ${state.refused.message}` }, EXIT.API_FAILED);
    return { send: false };
  }
  return { send: true, key: state.key };
}
