// The API clients of a command: the one `api()` makes on first use (the embedded sandbox started
// first with --sandbox), and the ones a command asks for another base URL; all with the command's
// deadlines, size cap, --verbose lines and retry notices, and all closed when it is done.
import type { ApiClient, ClientOptions } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { RateLimitPolicy } from '../api/rate-limit-fields.js';
import { CliError, UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { sanitize } from '../core/sanitize.js';
import { VERSION } from '../core/version.js';
import type { StatusLine } from '../terminal/spinner.js';
import type { AccountLearning } from './account-learning.js';
import { checkBaseUrl } from './base-url-check.js';
import { networkOptions } from './network-options.js';
import { describeRetry, describeRetryShortly } from './retry-notice.js';
import { sandboxName, sandboxToken } from './sandbox-account.js';
import type { Uses } from './context.js';

/** What the clients need of the command's context (create-context.ts hands it in). */
export type ClientNeeds = Uses<'io' | 'env' | 'globals' | 'clock' | 'settings' | 'network' | 'sandboxAccount' | 'warn' | 'now'>;

export interface Clients {
  api(): Promise<ApiClient>;
  newClient(baseUrl: string, token: string | undefined): Promise<ApiClient>;
  requestTimeoutMs(): number | undefined;
  /** Closes every client (and the embedded sandbox), after what the answers taught is written. */
  close(): Promise<void>;
}

function positiveNumber(raw: string, flag: string, max: number): number {
  const n = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(n > 0 && n <= max)) throw new UsageError(`${flag} must be a number greater than 0 and at most ${max}, got "${raw}"`);
  return n;
}

export function clients(ctx: ClientNeeds, statusLine: () => StatusLine): Clients {
  const { io, env, globals, clock } = ctx;
  const cleanups: Array<() => Promise<void>> = [];
  let client: Promise<ApiClient> | undefined;
  const requestTimeoutMs = () => (globals.timeout === undefined ? undefined : Math.round(positiveNumber(globals.timeout, '--timeout', 86_400) * 1000));

  async function makeClient(): Promise<ApiClient> {
    const { ApiClient, DEFAULT_TIMEOUTS } = await import('../api/client.js');
    let baseUrl: string;
    let token: string | undefined;
    let name: string | undefined;
    const account = ctx.sandboxAccount();
    if (account) {
      const { startEmbeddedSandbox } = await import('./embedded-sandbox.js');
      const sandbox = await startEmbeddedSandbox(env);
      cleanups.push(() => sandbox.close());
      baseUrl = sandbox.baseUrl;
      token = sandboxToken(account);
      name = sandboxName(account);
    } else {
      const s = ctx.settings();
      if (!s.baseUrl) {
        throw new UsageError(
          `no base URL for profile "${s.profile}"`,
          [],
          'run `recruit auth login`, pass --base-url, set RECRUIT_BASE_URL, or try the embedded sandbox with --sandbox',
        );
      }
      baseUrl = checkBaseUrl(s.baseUrl, globals.insecureHttp === true, ctx.warn);
      token = s.token;
      if (!token && s.tokenWithheldFrom) {
        throw new CliError(
          `the token of profile "${s.profile}" belongs to its own base URL, not to ${s.tokenWithheldFrom}; it was not sent`,
          EXIT.AUTH,
          'unauthenticated',
          [],
          'set RECRUIT_TOKEN for that host, or log in a profile for it: `recruit --profile <name> auth login`',
        );
      }
      if (!token) {
        throw new CliError(
          `not logged in: no token for profile "${s.profile}"`,
          EXIT.AUTH,
          'unauthenticated',
          [],
          'run `recruit auth login` or set RECRUIT_TOKEN',
        );
      }
    }
    // What the answers tell of the account (its rate limit, its active-job limit), kept for `recruit
    // status`. Loaded on the first answer that tells something: a plain `jobs get` pays nothing
    // (the module and its hash of the credential cost it some 5 ms of its start-up budget).
    let learning: Promise<AccountLearning> | undefined;
    // One chain, not a promise kept per answer: a batch may get thousands of error answers.
    let recorded: Promise<void> = Promise.resolve();
    const learn = (use: (l: AccountLearning) => void) => {
      const loading = (learning ??= import('./account-learning.js').then(({ accountLearning }) => accountLearning(ctx, () => api)));
      recorded = recorded.then(() => loading.then(use, () => undefined));
    };
    const learnt = {
      onRateLimitPolicy: (policy: RateLimitPolicy) => learn((l) => l.rateLimit(policy)),
      onErrorAnswer: (error: ApiError) => learn((l) => l.errorAnswer(error)),
    };
    // The embedded sandbox is on loopback, which no proxy serves, and speaks plain http.
    const network = account ? {} : await networkOptions(ctx.network(), requestTimeoutMs() ?? DEFAULT_TIMEOUTS.requestMs);
    const api: ApiClient = new ApiClient({ ...clientOptions(), ...network, baseUrl, token, name, ...learnt });
    cleanups.push(() => api.close());
    // Run before the client closes (cleanups run last first): what was learnt is written, and a
    // count asked after a refusal at the limit is awaited.
    cleanups.push(async () => {
      await recorded;
      if (learning) await (await learning).settle();
    });
    return api;
  }

  /** What every client of this command shares: deadlines, the size cap, --verbose lines and retry notices. */
  function clientOptions(): Omit<ClientOptions, 'baseUrl' | 'token'> {
    const timeoutMs = requestTimeoutMs();
    const maxMiB = globals.maxResponseSize === undefined ? undefined : positiveNumber(globals.maxResponseSize, '--max-response-size', 4096);
    return {
      userAgent: `recruit/${VERSION} node/${process.version} (${process.platform})`,
      now: clock.now,
      sleep: clock.sleep,
      random: clock.random,
      ...(timeoutMs !== undefined ? { timeouts: { requestMs: timeoutMs } } : {}),
      ...(maxMiB !== undefined ? { maxResponseBytes: Math.round(maxMiB * 1024 * 1024) } : {}),
      log: globals.verbose ? (line) => void io.stderr.write(`${sanitize(line)}\n`) : undefined,
      onRetry: (notice) => {
        // A running spinner shows every wait; a terminal is also told of every wait longer than a
        // second, in a line that stays; --verbose tells of every wait, anywhere.
        const tty = io.stderr.isTTY === true;
        statusLine().retrying(describeRetry(notice), describeRetryShortly(notice), notice.delayMs);
        if (!globals.verbose && !(tty && notice.delayMs > 1000)) return;
        statusLine().print(`${sanitize(describeRetry(notice))}\n`);
      },
    };
  }

  return {
    api: () => (client ??= makeClient()),
    async newClient(baseUrl, token) {
      const { ApiClient, DEFAULT_TIMEOUTS } = await import('../api/client.js');
      const network = await networkOptions(ctx.network(), requestTimeoutMs() ?? DEFAULT_TIMEOUTS.requestMs);
      return new ApiClient({ ...clientOptions(), ...network, baseUrl, token });
    },
    requestTimeoutMs,
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups.length = 0;
    },
  };
}
