// `recruit auth login`: ask for (or take) a base URL and a token, check the token with one cheap
// request, and only then store both in the profile. The token is never printed.
import { exitCodeOf, hintOf } from '../../../core/api-failure.js';
import { canonicalBaseUrl } from '../../../api/base-url.js';
import type { Uses } from '../../../context/context.js';
import { checkBaseUrl } from '../../../context/base-url-check.js';
import { CliError, UsageError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';
import { writeJson } from '../../../terminal/output.js';
import { sanitize } from '../../../core/sanitize.js';
import { editProfile, readConfig, storedProfile, updateConfig } from '../../../config/config-file.js';
import { fileProtection } from '../../../config/secret-store.js';
import { forgetKeyringToken, keepToken } from '../token-storage.js';
import { resolveProfile } from '../../../config/settings.js';
import { accountKey, describeLearned, probeAccountType, type KnownAccountType } from '../../../jobs/account-type.js';
import { checkToken, describeCheck } from '../check-token.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { answerOf } from '../../../prompts/prompter.js';
import type { LoginOptions } from './flags.js';

const MAX_TOKEN_BYTES = 64 * 1024;

/** `url` in its canonical form with `/v1` added, when its path does not end with it and it is a URL at all; else undefined. */
function withVersion(url: string): string | undefined {
  const canonical = canonicalBaseUrl(url);
  if (!URL.canParse(canonical) || canonical.slice(new URL(canonical).origin.length).endsWith('/v1')) return undefined;
  return `${canonical}/v1`;
}

export default async function login(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'prompter' | 'now' | 'settings' | 'secrets' | 'newClient' | 'warn' | 'info' | 'spinner'>, options: LoginOptions): Promise<void> {
  if (ctx.globals.sandbox) {
    throw new UsageError('--sandbox needs no login: the embedded sandbox accepts its own token', [], 'run commands with --sandbox directly');
  }
  if (!options.withToken && !ctx.interactive) {
    throw new UsageError(
      'cannot prompt for the token without a terminal',
      [],
      'pipe the token in with --with-token and give the URL with --base-url: echo "$TOKEN" | recruit auth login --base-url https://api.example.com/v1 --with-token',
    );
  }
  const config = readConfig(ctx.env);
  const profile = resolveProfile(ctx.globals, ctx.env, config).name;
  const insecure = ctx.globals.insecureHttp === true;
  const known = ctx.env.RECRUIT_BASE_URL || storedProfile(config, profile).baseUrl;
  const prompter = options.withToken ? undefined : await ctx.prompter();

  let rawUrl = ctx.globals.baseUrl || undefined;
  const asked = !rawUrl && prompter !== undefined;
  const askUrl = async (offered: string | undefined): Promise<string> => {
    const validate = (value: string): true | string => {
      try {
        checkBaseUrl(value.trim(), insecure, () => undefined);
        return true;
      } catch (error) {
        return (error as Error).message;
      }
    };
    const answer = (await answerOf(prompter!.input({ message: 'API base URL (ending in /v1):', default: offered, validate }))).trim();
    // Without the version segment every path would miss: offered with it, before the token is asked.
    const withV1 = withVersion(answer);
    if (withV1 !== undefined && (await answerOf(prompter!.confirm({ message: `Use ${withV1} (with the version segment /v1)?`, default: true })))) return withV1;
    return answer;
  };
  if (asked) rawUrl = await askUrl(known);
  rawUrl ??= known;
  if (!rawUrl) throw new UsageError(`no base URL for profile "${profile}"`, [], 'pass --base-url https://api.example.com/v1');
  let baseUrl = checkBaseUrl(rawUrl.trim(), insecure, asked ? () => undefined : ctx.warn);

  const askToken = async (): Promise<string> => (await answerOf(prompter!.password({ message: 'Token:', validate: (v) => v.trim() !== '' || 'enter the token' }))).trim();
  let token = options.withToken ? (await readAll(ctx.io.stdin)).trim() : await askToken();
  const checkTyped = (typed: string): string => {
    if (!typed) throw new UsageError(options.withToken ? 'no token on stdin' : 'no token given', [], 'echo "$TOKEN" | recruit auth login --with-token');
    if (/\s/.test(typed)) throw new UsageError('the token must be a single word without spaces or line breaks');
    return typed;
  };
  checkTyped(token);

  let check = await withSpinner(ctx, `checking the token with ${baseUrl}`, () => checkToken(ctx, { baseUrl, token }));
  for (;;) {
    const at = baseUrl;
    if (asked && check.error?.status === 404) {
      // Nothing at that address (404): the URL is asked again, alone; the token is kept.
      ctx.warn(`${describeCheck(check)}: nothing answers at ${baseUrl}; check the base URL (API paths are relative to it and it usually ends with /v1)`);
      baseUrl = checkBaseUrl(await askUrl(withVersion(baseUrl) ?? baseUrl), insecure, () => undefined);
    } else if (prompter && check.state === 'refused') {
      // A token typed at the prompt and refused: asked again, the base URL kept (as gh asks again).
      ctx.warn(`the token was refused by ${at} (401): check it and enter it again (Ctrl-C stops; nothing is saved until one works)`);
      token = checkTyped(await askToken());
    } else break;
    const [url, typed] = [baseUrl, token];
    check = await withSpinner(ctx, `checking the token with ${url}`, () => checkToken(ctx, { baseUrl: url, token: typed }));
  }
  if (check.state === 'refused') {
    throw new CliError(`the token was refused by ${baseUrl} (401); nothing was saved`, EXIT.AUTH, 'unauthenticated', [], 'check the token and the base URL');
  }
  if (check.state === 'unreachable' || check.state === 'error') {
    const error = check.error!;
    const hint = error.status === 404 ? 'check the base URL: API paths are relative to it and it usually ends with /v1' : hintOf(error);
    throw new CliError(`${describeCheck(check)}; nothing was saved`, exitCodeOf(error), error.code, error.details, hint);
  }
  if (check.state === 'forbidden') {
    // The token authenticates; it may be scoped to jobs only, which is a legitimate setup.
    ctx.warn('the token works but lacks organization.read (403 on /industries): lookups and name resolution will fail');
  }

  const learned = await withSpinner(ctx, 'learning the account type', () => learnAtLogin(ctx, baseUrl, token));
  const wasInKeyring = storedProfile(config, profile).tokenStorage === 'keyring';
  const kept = await keepToken(ctx, profile, token, options.insecureStorage === true);
  await updateConfig(ctx.env, (data) => {
    const stored = editProfile(data, profile);
    stored.baseUrl = baseUrl;
    kept.apply(stored);
    const account = accountKey(baseUrl, token);
    if (learned) stored.learnedAccountType = { type: learned, account, at: ctx.now().toISOString() };
    // What was learned with the profile's previous token says nothing about this one.
    else if (stored.learnedAccountType?.account !== account) delete stored.learnedAccountType;
    if (!data.currentProfile) data.currentProfile = profile;
  });
  // A token moved to the file leaves no copy in the keyring.
  if (wasInKeyring && kept.storage === 'file') await forgetKeyringToken(ctx, profile).catch(() => false);
  if (ctx.env.RECRUIT_TOKEN) ctx.warn('RECRUIT_TOKEN is set and still overrides the stored token');
  if (ctx.env.RECRUIT_BASE_URL && canonicalBaseUrl(ctx.env.RECRUIT_BASE_URL) !== baseUrl) ctx.warn('RECRUIT_BASE_URL is set and still overrides the stored base URL');
  if (learned) ctx.info(describeLearned(learned, profile));
  if (ctx.globals.json) {
    await writeJson(ctx, { profile, baseUrl, tokenStoredIn: kept.where, tokenStorage: kept.storage, status: check.state, learnedAccountType: learned ?? null });
    return;
  }
  const where = kept.storage === 'file' ? `${kept.where} (${fileProtection()})` : kept.where;
  ctx.io.stdout.write(`Logged in to ${sanitize(baseUrl)} as profile ${profile}; token stored in ${where}\n`);
}

/** Under `account-type auto`, one probe tells whether the account needs a customer on every job. */
async function learnAtLogin(ctx: Uses<'settings' | 'newClient' | 'info'>, baseUrl: string, token: string): Promise<KnownAccountType | undefined> {
  if (ctx.settings().accountType !== 'auto') return undefined;
  const client = await ctx.newClient(baseUrl, token);
  try {
    const type = await probeAccountType(client);
    if (!type) {
      ctx.info('the account type is not known yet (the service did not say whether a customer is required); it is learned on the first refusal that names customerId, or set it: `recruit config set account-type staffing|direct`');
    }
    return type;
  } finally {
    await client.close();
  }
}

async function readAll(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.length > MAX_TOKEN_BYTES) throw new UsageError('stdin holds more than 64 KiB; expected a single token');
  }
  return text;
}
