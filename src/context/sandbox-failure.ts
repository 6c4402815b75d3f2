// Under --sandbox, a job that is not found may well exist in another account of the embedded
// sandbox (`recruit sandbox approve 14` acts on any account): the error says which account was
// asked and how to ask another.
import { ApiError } from '../api/errors.js';
import { toCliError } from '../core/api-failure.js';
import { SANDBOX_ACCOUNTS, type SandboxAccount } from './sandbox-account.js';

export function explainSandboxFailure(error: unknown, account: SandboxAccount): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'not_found' || !/^\/jobs\/\d+/.test(error.failure.path)) return error;
  const others = SANDBOX_ACCOUNTS.filter((a) => a !== account);
  return toCliError(
    error,
    `each account of the embedded sandbox has its own jobs, and this was the ${account} account: ` +
      `try --sandbox-account ${others.join(' or ')}`,
  );
}
