// Makes the context a command receives (context.ts): each concern is a module of its own
// (settings, stderr's messages, the clients, the stopwatch); this one assembles them.
import type { Prompter } from '../prompts/prompter.js';
import { systemClock } from '../core/clock.js';
import { canInteract, colorEnabled, type IO } from '../terminal/io.js';
import { credentialFingerprint } from '../api/credential.js';
import { canonicalBaseUrl } from '../api/base-url.js';
import { checkSandboxAccountFlag, sandboxAccountOf, sandboxCompletionScope } from './sandbox-account.js';
import type { Context } from './context.js';
import type { GlobalOptions } from './global-options.js';
import { stderrMessages } from './stderr-messages.js';
import { settingsSource } from './settings-source.js';
import { clients } from './clients.js';
import { startStopwatch } from './stopwatch.js';

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
