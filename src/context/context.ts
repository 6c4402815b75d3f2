// What every command receives (cf. gh's factory): streams, environment, global options, settings
// and an API client created on first use, and clocks and keys that tests can fix. Types only:
// create-context.ts makes one, from a module per concern that may name these types itself.
import type { ApiClient } from '../api/client.js';
import type { Prompter } from '../prompts/prompter.js';
import type { SecretStore } from '../config/secret-store.js';
import type { Settings } from '../config/settings.js';
import type { NetworkSettings } from '../config/network.js';
import type { Clock } from '../core/clock.js';
import type { IO } from '../terminal/io.js';
import type { SandboxAccount } from './sandbox-account.js';
import type { Spinner } from '../terminal/spinner.js';
import type { GlobalOptions } from './global-options.js';

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

