// What every command receives (cf. gh's factory): streams, environment, global options, settings
// and an API client created on first use, and clocks and keys that tests can fix.
import { redactUserInfo } from '../api/user-info.js';
import type { ApiClient, ClientOptions, RetryNotice } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { RateLimitPolicy } from '../api/rate-limit-fields.js';
import type { AccountLearning } from './account-learning.js';
import type { Prompter } from '../prompts/prompter.js';
import { readConfig, storedProfile, type ConfigData } from '../config/config-file.js';
import { keyringDisabled, keyringName, osKeyring, type SecretStore } from '../config/secret-store.js';
import { resolveProfile, resolveSettings, type Settings } from '../config/settings.js';
import { resolveNetwork, type NetworkSettings } from '../config/network.js';
import { VERSION } from '../core/version.js';
import { systemClock, type Clock } from '../core/clock.js';
import { CliError, UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { canInteract, colorEnabled, type IO } from '../terminal/io.js';
import { paintLabel } from '../terminal/paint.js';
import { sanitize } from '../core/sanitize.js';
import { credentialFingerprint } from '../api/credential.js';
import { canonicalBaseUrl } from '../api/base-url.js';
import { checkSandboxAccountFlag, sandboxAccountOf, sandboxCompletionScope, sandboxName, sandboxToken, type SandboxAccount } from './sandbox-account.js';
import { NO_SPINNER, StatusLine, type Spinner } from '../terminal/spinner.js';
import { networkOptions } from './network-options.js';

export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  /** JSON on stdout: --json, with or without fields, or --jq. */
  json?: boolean;
  /** `--json <fields>`: the comma-separated fields to keep ('' lists them); see entry/shaped-action.ts. */
  jsonFields?: string;
  /** `--jq <expression>`: the JSON output goes through jq. */
  jq?: string;
  color: boolean;
  verbose?: boolean;
  yes?: boolean;
  insecureHttp?: boolean;
  /** Seconds one API request may take, retries and waits included. */
  timeout?: string;
  /** MiB of one answer read at most. */
  maxResponseSize?: string;
  /** The embedded sandbox's account (with --sandbox); see sandbox-account.ts. */
  sandboxAccount?: string;
  /** A PEM file of certificates to trust besides Node's own. */
  caFile?: string;
}

export type { Spinner } from '../terminal/spinner.js';

export interface Context {
  io: IO;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  /** Colour on stdout / stderr. */
  color: { stdout: boolean; stderr: boolean };
  /** Prompts are allowed: stdin and stdout are terminals, not CI, no --yes. */
  interactive: boolean;
  /** What the command waits on: the system's clock, or a test's. */
  clock: Clock;
  /**
   * What asks the user: the wizard, login and every confirmation. Loaded on first use; ask only
   * when `interactive` (or a test has passed its own prompter).
   */
  prompter(): Promise<Prompter>;
  now(): Date;
  newKey(): string;
  settings(): Settings;
  /** The proxies and the CA file in effect (read on first use: an invalid HTTPS_PROXY fails only what connects). */
  network(): NetworkSettings;
  /** The OS keyring (or a test's store); undefined when turned off with RECRUIT_KEYRING=0. */
  secrets(): Promise<SecretStore | undefined>;
  /**
   * Reads the profile's token from the OS keyring when the profile keeps it there, so that
   * settings() has it; entry/action.ts runs it before every command. A keyring that does not
   * answer is one warning, and the command goes on without the token.
   */
  loadStoredToken(): Promise<void>;
  /** The embedded sandbox's account under --sandbox (--sandbox-account, RECRUIT_SANDBOX_ACCOUNT), else undefined. */
  sandboxAccount(): SandboxAccount | undefined;
  /** The API client; with --sandbox, the embedded sandbox is started first. */
  api(): Promise<ApiClient>;
  /** Whose values the completion cache would hold: the profile, base URL and a fingerprint of the token (completion/cache.ts). */
  completionScope(): string | undefined;
  /** A client of its own for `baseUrl` and `token`, with the command's deadlines and output; the caller closes it. */
  newClient(baseUrl: string, token: string | undefined): Promise<ApiClient>;
  warn(message: string): void;
  info(message: string): void;
  /**
   * A spinner on stderr naming what the command waits for, drawn once the wait passes `delayMs`
   * (default SPINNER_DELAY_MS): only on a terminal, never with --json, CI or TERM=dumb; NO_COLOR
   * and --no-color take only its colour. Stop it before printing the result.
   */
  spinner(text: string, options?: { delayMs?: number }): Spinner;
  /** The deadline of one request given with --timeout, in ms; undefined for the client's default. */
  requestTimeoutMs(): number | undefined;
  /** Milliseconds since the command started, for the times in summaries; the time at `atPrompt`'s questions left out. */
  elapsedMs(): number;
  /** Asks a question: the time it waits for the person is theirs, not the command's (not in `elapsedMs`). */
  atPrompt<T>(ask: () => Promise<T>): Promise<T>;
  /** Releases the client and the embedded sandbox; run once the command is done. */
  dispose(): Promise<void>;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/**
 * Checks a base URL and returns its canonical form (src/api/base-url.ts): http(s), no credentials,
 * query or fragment in it, no plain http to another host without --insecure-http. The token goes in
 * the Authorization header only: a user name or password in the URL would be printed wherever the
 * URL is (--verbose, errors), so it is refused; a query would be lost (paths are added after it).
 */
export function checkBaseUrl(raw: string, insecureHttp: boolean, warn: (m: string) => void): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`the base URL "${redactUserInfo(raw)}" is not a valid URL`, [], 'it looks like https://api.example.com/v1');
  }
  if (url.username || url.password) {
    throw new UsageError(
      `the base URL must not contain a user name or password (${redactUserInfo(raw)})`,
      [],
      'give the URL without them; the token goes in RECRUIT_TOKEN or `recruit auth login`',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`the base URL must use https:// (or http:// to a loopback address), got "${url.protocol}"`);
  }
  // What follows `?` or `#` is never printed: a query may hold a key of some kind.
  const cut = raw.search(/[?#]/);
  if (cut >= 0) {
    throw new UsageError(
      `the base URL must not have a query or a fragment (${redactUserInfo(raw.slice(0, cut))}${raw[cut]}...)`,
      [],
      'give it up to its path, as https://api.example.com/v1: API paths are added to it',
    );
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !insecureHttp) {
    throw new UsageError(
      `refusing to send the token over plain http:// to ${url.host}`,
      [],
      'use https://, or pass --insecure-http if you really mean it',
    );
  }
  const canonical = canonicalBaseUrl(raw);
  if (!canonical.slice(url.origin.length).endsWith('/v1')) warn(`the base URL ${canonical} does not end with the version segment /v1; API paths are relative to it`);
  return canonical;
}


function positiveNumber(raw: string, flag: string, max: number): number {
  const n = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(n > 0 && n <= max)) throw new UsageError(`${flag} must be a number greater than 0 and at most ${max}, got "${raw}"`);
  return n;
}

/** "503 from POST /jobs; retrying in 2.1 s (attempt 2 of 5)". */
export function describeRetry(n: RetryNotice): string {
  const cause = typeof n.cause === 'number' ? `${n.cause} from ${n.method} ${n.path}` : `no answer from ${n.method} ${n.path} (${n.cause})`;
  return `${cause}; retrying in ${(n.delayMs / 1000).toFixed(1)} s (attempt ${n.attempt} of ${n.maxAttempts})`;
}

/** "503; retrying in 2.1 s": the same wait, for a spinner line with little room left. */
export function describeRetryShortly(n: RetryNotice): string {
  return `${typeof n.cause === 'number' ? n.cause : 'no answer'}; retrying in ${(n.delayMs / 1000).toFixed(1)} s`;
}

export function createContext(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions): Context {
  checkSandboxAccountFlag(globals.sandboxAccount, globals.sandbox === true);
  let settings: Settings | undefined;
  let network: NetworkSettings | undefined;
  let config: ConfigData | undefined;
  const configData = () => (config ??= readConfig(env));
  let keyringToken: string | undefined;
  let secretStore: Promise<SecretStore | undefined> | undefined;
  let client: Promise<ApiClient> | undefined;
  const cleanups: Array<() => Promise<void>> = [];
  let stderrColor: boolean | undefined;
  let interactive: boolean | undefined;
  let status: StatusLine | undefined;
  // process.hrtime, not the global performance: its first use loads perf_hooks (~1 ms of every start).
  const started = process.hrtime.bigint();
  let atPrompts = 0n;
  const clock = io.clock ?? systemClock;
  let prompter: Promise<Prompter> | undefined;
  const colorOnStderr = () => (stderrColor ??= colorEnabled(io.stderr, env, globals.color));
  // Spinners: a terminal, no --json, no CI, not a dumb terminal. stderr is looked at last: looking
  // opens it (src/terminal/io.ts), and `--json` in a pipe never needs it.
  const spinnersShown = () => !globals.json && !env.CI && env.TERM !== 'dumb' && io.stderr.isTTY === true;
  // On first use, as stderr itself.
  const statusLine = () => (status ??= new StatusLine(io.stderr, spinnersShown(), colorOnStderr()));

  const ctx: Context = {
    io,
    env,
    globals,
    color: {
      stdout: colorEnabled(io.stdout, env, globals.color),
      // On first use: looking at stderr opens it (src/terminal/io.ts).
      get stderr() {
        return colorOnStderr();
      },
    },
    // On first use: looking at stdin and stderr opens them (src/terminal/io.ts).
    get interactive() {
      return (interactive ??= canInteract(io, env, globals.yes === true));
    },
    set interactive(value: boolean) {
      interactive = value;
    },
    clock,
    prompter: () =>
      (prompter ??= io.prompter
        ? Promise.resolve(io.prompter)
        : import('../prompts/inquirer-prompter.js').then((m) => m.createInquirerPrompter({ input: io.stdin, output: io.stderr }))),
    now: () => new Date(clock.now()),
    // The global, not node:crypto: importing that costs every command's start-up, most never need a key.
    newKey: () => crypto.randomUUID(),
    settings: () => (settings ??= resolveSettings(globals, env, configData(), keyringToken)),
    network: () => (network ??= resolveNetwork(globals, env, storedProfile(configData(), ctx.settings().profile), ctx.settings().profile)),
    secrets: () => (secretStore ??= io.secrets ? Promise.resolve(io.secrets) : keyringDisabled(env) ? Promise.resolve(undefined) : osKeyring()),
    async loadStoredToken() {
      if (globals.sandbox || env.RECRUIT_TOKEN) return;
      let profile: string;
      try {
        const config = configData();
        profile = resolveProfile(globals, env, config).name;
        if (storedProfile(config, profile).tokenStorage !== 'keyring') return;
      } catch {
        return; // settings() says what is wrong with the config, when a command needs it
      }
      try {
        const store = await ctx.secrets();
        keyringToken = store ? await store.get(profile) : undefined;
        if (!store) ctx.warn(`the token of profile "${profile}" is in the OS keyring, which RECRUIT_KEYRING=0 turns off`);
      } catch (error) {
        ctx.warn(`could not read the token of profile "${profile}" from ${keyringName()}: ${(error as Error).message}`);
      }
      settings = undefined;
    },
    sandboxAccount: () => (globals.sandbox ? sandboxAccountOf(globals.sandboxAccount, env) : undefined),
    warn: (message) => statusLine().print(`warning: ${sanitize(message)}\n`, colorOnStderr() ? (line) => paintLabel(line, 'warning:', 'yellow') : undefined),
    info: (message) => statusLine().print(`${sanitize(message)}\n`),
    api: () => (client ??= makeClient()),
    completionScope() {
      const account = ctx.sandboxAccount();
      if (account) return sandboxCompletionScope(account);
      const s = ctx.settings();
      return `${s.profile}\n${s.baseUrl === undefined ? '' : canonicalBaseUrl(s.baseUrl)}\n${credentialFingerprint(s.token)}`;
    },
    async newClient(baseUrl, token) {
      const { ApiClient, DEFAULT_TIMEOUTS } = await import('../api/client.js');
      const network = await networkOptions(ctx.network(), ctx.requestTimeoutMs() ?? DEFAULT_TIMEOUTS.requestMs);
      return new ApiClient({ ...clientOptions(), ...network, baseUrl, token });
    },
    spinner: (text, options) => (spinnersShown() ? statusLine().spinner(text, options?.delayMs) : NO_SPINNER),
    elapsedMs: () => Number(process.hrtime.bigint() - started - atPrompts) / 1e6,
    async atPrompt(ask) {
      const asked = process.hrtime.bigint();
      try {
        return await ask();
      } finally {
        atPrompts += process.hrtime.bigint() - asked;
      }
    },
    requestTimeoutMs: () => (globals.timeout === undefined ? undefined : Math.round(positiveNumber(globals.timeout, '--timeout', 86_400) * 1000)),
    async dispose() {
      status?.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups.length = 0;
    },
  };

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
    const network = account ? {} : await networkOptions(ctx.network(), ctx.requestTimeoutMs() ?? DEFAULT_TIMEOUTS.requestMs);
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
    const timeoutMs = ctx.requestTimeoutMs();
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

  return ctx;
}
