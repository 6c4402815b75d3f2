// What every command receives (cf. gh's factory): streams, environment, global options, settings
// and an API client created on first use, and clocks and keys that tests can fix.
import type { ApiClient } from '../api/client.js';
import { readConfig } from '../config/config-file.js';
import { resolveSettings, type Settings } from '../config/settings.js';
import { VERSION } from '../version.js';
import { CliError, UsageError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { canInteract, colorEnabled, type IO } from './io.js';
import { sanitize } from './sanitize.js';

export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  json?: boolean;
  color: boolean;
  verbose?: boolean;
  yes?: boolean;
  insecureHttp?: boolean;
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

export interface Context {
  io: IO;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  /** Colour on stdout / stderr. */
  color: { stdout: boolean; stderr: boolean };
  /** Prompts are allowed: stdin and stdout are terminals, not CI, no --yes. */
  interactive: boolean;
  now(): Date;
  newKey(): string;
  settings(): Settings;
  /** The API client; with --sandbox, the embedded sandbox is started first. */
  api(): Promise<ApiClient>;
  warn(message: string): void;
  info(message: string): void;
  /** A spinner on stderr, only on a terminal and never with --json, CI or NO_COLOR. */
  spinner(text: string): Promise<Spinner>;
  /** Releases the client and the embedded sandbox; run once the command is done. */
  dispose(): Promise<void>;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** Checks a base URL: http(s), no plain http to another host without --insecure-http. */
export function checkBaseUrl(raw: string, insecureHttp: boolean, warn: (m: string) => void): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`the base URL "${raw}" is not a valid URL`, [], 'it looks like https://api.example.com/v1');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`the base URL must use https:// (or http:// to a loopback address), got "${url.protocol}"`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !insecureHttp) {
    throw new UsageError(
      `refusing to send the token over plain http:// to ${url.host}`,
      [],
      'use https://, or pass --insecure-http if you really mean it',
    );
  }
  if (!/\/v1\/?$/.test(url.pathname)) {
    warn(`the base URL ${raw} does not end with the version segment /v1; API paths are relative to it`);
  }
  return raw.replace(/\/+$/, '');
}

export function createContext(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions): Context {
  let settings: Settings | undefined;
  let client: Promise<ApiClient> | undefined;
  const cleanups: Array<() => Promise<void>> = [];
  let stderrColor: boolean | undefined;
  let interactive: boolean | undefined;
  const colorOnStderr = () => (stderrColor ??= colorEnabled(io.stderr, env, globals.color));

  const ctx: Context = {
    io,
    env,
    globals,
    color: {
      stdout: colorEnabled(io.stdout, env, globals.color),
      // On first use: looking at stderr opens it (src/cli/io.ts).
      get stderr() {
        return colorOnStderr();
      },
    },
    // On first use: looking at stdin and stderr opens them (src/cli/io.ts).
    get interactive() {
      return (interactive ??= canInteract(io, env, globals.yes === true));
    },
    set interactive(value: boolean) {
      interactive = value;
    },
    now: () => new Date(),
    // The global, not node:crypto: importing that costs every command's start-up, most never need a key.
    newKey: () => crypto.randomUUID(),
    settings: () => (settings ??= resolveSettings(globals, env, readConfig(env))),
    warn: (message) => void io.stderr.write(`warning: ${sanitize(message)}\n`),
    info: (message) => void io.stderr.write(`${message}\n`),
    api: () => (client ??= makeClient()),
    async spinner(text) {
      const usable = io.stderr.isTTY === true && !globals.json && !env.CI && colorOnStderr();
      if (!usable) return { update: () => undefined, stop: () => undefined };
      const { default: ora } = await import('ora');
      const spinner = ora({ text, stream: io.stderr as NodeJS.WritableStream }).start();
      return { update: (t) => void (spinner.text = t), stop: () => void spinner.stop() };
    },
    async dispose() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups.length = 0;
    },
  };

  async function makeClient(): Promise<ApiClient> {
    const { ApiClient } = await import('../api/client.js');
    let baseUrl: string;
    let token: string | undefined;
    if (globals.sandbox) {
      const { startEmbeddedSandbox, EMBEDDED_TOKEN } = await import('./embedded-sandbox.js');
      const sandbox = await startEmbeddedSandbox(env);
      cleanups.push(() => sandbox.close());
      baseUrl = sandbox.baseUrl;
      token = EMBEDDED_TOKEN;
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
    const api = new ApiClient({
      baseUrl,
      token,
      userAgent: `recruit/${VERSION} node/${process.version} (${process.platform})`,
      log: globals.verbose ? (line) => void io.stderr.write(`${sanitize(line)}\n`) : undefined,
    });
    cleanups.push(() => api.close());
    return api;
  }

  return ctx;
}
