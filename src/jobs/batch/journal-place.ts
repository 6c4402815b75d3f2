// Where a run's journal goes (a batch, a bulk change, an apply): the account it sends to, named
// without its token, and the journal directory, made before anything is sent.
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../cli/context.js';
import { LocalStateError } from '../../cli/errors.js';
import { journalsDir } from '../../cli/paths.js';
import { makeDirectory, type StateFs } from '../../cli/state-fs.js';
import { targetOf, type Target } from '../target.js';
import type { Account } from './journal.js';

export function journalPlace(ctx: Context, api: ApiClient, fs: StateFs): { target: Target; account: Account; dir: string } {
  const target = targetOf(ctx, api);
  const account = { baseUrl: target.baseUrl, credential: api.credentialFingerprint() };
  const dir = journalsDir(ctx.env);
  try {
    makeDirectory(fs, dir);
  } catch (error) {
    throw new LocalStateError('create the journal directory', dir, error, 'nothing was sent');
  }
  return { target, account, dir };
}
