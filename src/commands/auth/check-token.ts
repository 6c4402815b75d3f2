// One cheap authenticated request (the first industry) tells whether a token works, before
// `auth login` saves it and for `auth status`. Never throws for an answer about the token.
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { namedShape, pageShape } from '../../api/shapes.js';
import type { Uses } from '../../context/context.js';

/** valid; forbidden = 403, the token authenticates but lacks organization.read; refused = 401. */
export type TokenState = 'valid' | 'forbidden' | 'refused' | 'unreachable' | 'error';

export interface TokenCheck {
  state: TokenState;
  /** The failure as the API client reported it (never contains the token). */
  error: ApiError | null;
}

/** Checks with `client`, or with a client of its own for baseUrl and token, closed afterwards. */
export async function checkToken(ctx: Uses<'newClient'>, target: ApiClient | { baseUrl: string; token: string }): Promise<TokenCheck> {
  let client: ApiClient;
  let owned = false;
  if ('get' in target) {
    client = target;
  } else {
    client = await ctx.newClient(target.baseUrl, target.token);
    owned = true;
  }
  try {
    await client.get('/industries', { pageSize: 1 }, pageShape(namedShape));
    return { state: 'valid', error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { state: stateOf(error), error };
  } finally {
    if (owned) await client.close();
  }
}

function stateOf(error: ApiError): TokenState {
  if (error.status === 401) return 'refused';
  if (error.status === 403) return 'forbidden';
  if (error.kind === 'network' || error.kind === 'rate_limited' || error.kind === 'unavailable') return 'unreachable';
  return 'error';
}

/** One line for people: "valid", "refused (401)", "unreachable: ...". */
export function describeCheck(check: TokenCheck): string {
  switch (check.state) {
    case 'valid':
      return 'valid';
    case 'refused':
      return 'refused (401)';
    case 'forbidden':
      return 'lacks organization.read (403)';
    case 'unreachable':
      return `unreachable: ${check.error?.message ?? ''}`;
    case 'error':
      return `check failed: ${check.error?.message ?? ''}`;
  }
}
