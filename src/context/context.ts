// What every command receives (cf. gh's factory): streams, environment, global options, settings
// and an API client created on first use, and clocks and keys that tests can fix. Each concern is
// a module of its own; this one assembles them.
import type { ApiClient } from '../api/client.js';
import type { Prompter } from '../prompts/prompter.js';
import type { SecretStore } from '../config/secret-store.js';
import type { Settings } from '../config/settings.js';
import type { NetworkSettings } from '../config/network.js';
import { systemClock, type Clock } from '../core/clock.js';
import { canInteract, colorEnabled, type IO } from '../terminal/io.js';
import { credentialFingerprint } from '../api/credential.js';
import { canonicalBaseUrl } from '../api/base-url.js';
import { checkSandboxAccountFlag, sandboxAccountOf, sandboxCompletionScope, type SandboxAccount } from './sandbox-account.js';
import type { Spinner } from '../terminal/spinner.js';
import type { GlobalOptions } from './global-options.js';
import { stderrMessages } from './stderr-messages.js';
import { settingsSource } from './settings-source.js';
import { clients } from './clients.js';
import { startStopwatch } from './stopwatch.js';

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

/**
 * The members of the context a function uses, as gh's Options name the services a command takes:
 * `Uses<'io' | 'globals' | 'settings'>`. A command's run function and its helpers declare theirs;
 * the action hands in the whole context, a test builds exactly these members, and a member a
 * function starts to use is added to its type, or it does not compile.
 */
export type Uses<K extends keyof Context> = Pick<Context, K>;

export function createContext(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions): Context {
  checkSandboxAccountFlag(globals.sandboxAccount, globals.sandbox === true);
  const clock = io.clock ?? systemClock;
  const messages = stderrMessages(io, env, globals);
  const source = settingsSource(io, env, globals, messages.warn);
  const stopwatch = startStopwatch();
  let interactive: boolean | undefined;
  let prompter: Promise<Prompter> | undefined;

  const ctx: Context = {
    io,
    env,
    globals,
    color: {
      stdout: colorEnabled(io.stdout, env, globals.color),
      // On first use: looking at stderr opens it (src/terminal/io.ts).
      get stderr() {
        return messages.color();
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
    settings: source.settings,
    network: source.network,
    secrets: source.secrets,
    loadStoredToken: source.loadStoredToken,
    sandboxAccount: () => (globals.sandbox ? sandboxAccountOf(globals.sandboxAccount, env) : undefined),
    warn: messages.warn,
    info: messages.info,
    spinner: messages.spinner,
    api: () => made.api(),
    newClient: (baseUrl, token) => made.newClient(baseUrl, token),
    requestTimeoutMs: () => made.requestTimeoutMs(),
    completionScope() {
      const account = ctx.sandboxAccount();
      if (account) return sandboxCompletionScope(account);
      const s = ctx.settings();
      return `${s.profile}\n${s.baseUrl === undefined ? '' : canonicalBaseUrl(s.baseUrl)}\n${credentialFingerprint(s.token)}`;
    },
    elapsedMs: stopwatch.elapsedMs,
    atPrompt: (ask) => stopwatch.atPrompt(ask),
    async dispose() {
      messages.close();
      await made.close();
    },
  };
  const made = clients(ctx, messages.statusLine);
  return ctx;
}
