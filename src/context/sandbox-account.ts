// Which account of the embedded sandbox `--sandbox` works on: `--sandbox-account`, else
// RECRUIT_SANDBOX_ACCOUNT, else direct. Data and checks only, so the program can offer the
// choices without loading the sandbox (test/cli/sandbox-account.test.ts checks them against it).
import { UsageError } from '../core/errors.js';

export const SANDBOX_ACCOUNTS = ['direct', 'approval', 'staffing'] as const;
export type SandboxAccount = (typeof SANDBOX_ACCOUNTS)[number];
export const DEFAULT_SANDBOX_ACCOUNT: SandboxAccount = 'direct';

function isSandboxAccount(value: string): value is SandboxAccount {
  return (SANDBOX_ACCOUNTS as readonly string[]).includes(value);
}

/** The account chosen for the embedded sandbox; commander has already checked the flag's value. */
export function sandboxAccountOf(flag: string | undefined, env: NodeJS.ProcessEnv): SandboxAccount {
  if (flag !== undefined && isSandboxAccount(flag)) return flag;
  const fromEnv = env.RECRUIT_SANDBOX_ACCOUNT?.trim();
  if (!fromEnv) return DEFAULT_SANDBOX_ACCOUNT;
  if (isSandboxAccount(fromEnv)) return fromEnv;
  throw new UsageError(`RECRUIT_SANDBOX_ACCOUNT must be one of ${SANDBOX_ACCOUNTS.join(', ')}, got "${fromEnv}"`);
}

/** `--sandbox-account` chooses among the embedded sandbox's accounts; without `--sandbox` it has none to choose. */
export function checkSandboxAccountFlag(flag: string | undefined, sandbox: boolean): void {
  if (flag !== undefined && !sandbox) {
    throw new UsageError(
      '--sandbox-account chooses an account of the embedded sandbox; it needs --sandbox',
      [],
      `add --sandbox: \`recruit --sandbox --sandbox-account ${flag} ...\``,
    );
  }
}

/** The account's token with every permission: `sbx_<account>_full`, as the sandbox documents. */
export function sandboxToken(account: SandboxAccount): string {
  return `sbx_${account}_full`;
}

/** How messages name the service under --sandbox: its port changes on every run, so it is not shown. */
export function sandboxName(account: SandboxAccount): string {
  return `the embedded sandbox (${account} account)`;
}

/** What the completion cache's values are of under --sandbox (context.ts completionScope). */
export function sandboxCompletionScope(account: SandboxAccount): string {
  return `sandbox\n${account}`;
}
