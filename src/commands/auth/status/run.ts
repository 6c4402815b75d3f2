// `recruit auth status`: which profile, base URL and token are in effect, where each comes from,
// and whether the token works; then every other profile, checked the same. Never a token itself,
// not even a part of it.
import { redactUserInfo } from '../../../api/user-info.js';
import type { Uses } from '../../../context/context.js';
import { checkBaseUrl } from '../../../context/base-url-check.js';
import { CliError, UsageError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';
import { writeJson } from '../../../terminal/output.js';
import { sanitize } from '../../../core/sanitize.js';
import { configPath, readConfig, storedProfile } from '../../../config/config-file.js';
import { canonicalBaseUrl } from '../../../api/base-url.js';
import { accountKey, learnedAccountType } from '../../../jobs/account-type.js';
import { keyringName } from '../../../config/secret-store.js';
import type { Source } from '../../../config/settings.js';
import { describeSource } from '../../config/sources.js';
import { checkToken, describeCheck, type TokenCheck, type TokenState } from '../check-token.js';
import { checkPermissions, describePermissions, type Permissions } from '../permissions.js';

type Status = TokenState | 'not_logged_in' | 'no_base_url';

interface Report {
  profile: string;
  /** The profile commands use now (the others are listed after it). */
  current: boolean;
  profileSource: Source;
  baseUrl: string | null;
  baseUrlSource: Source;
  /** direct, staffing or auto; `learned` when auto and the service told which (jobs/account-type.ts). */
  accountType: string;
  accountTypeSource: Source | 'learned';
  tokenSource: Source | null;
  tokenStoredIn: string | null;
  /** The token authenticates (also when it lacks organization.read). */
  valid: boolean;
  status: Status;
  error: string | null;
  /** What the token may do with jobs, when it authenticates (permissions.ts); null otherwise. */
  permissions: Permissions | null;
}

interface Checked {
  report: Report;
  check: TokenCheck | undefined;
}

const works = (c: TokenCheck) => c.state === 'valid' || c.state === 'forbidden';

/**
 * Every profile, as `gh auth status` shows every host: the one in effect first (its failure is the
 * exit code), then the others of the config file by name, each checked with its own base URL and
 * token. `--profile` and `--sandbox` narrow it to the one in effect (docs/decisions.md).
 */
export default async function status(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'settings' | 'secrets' | 'sandboxAccount' | 'api' | 'newClient' | 'warn'>): Promise<void> {
  const s = ctx.settings();
  const narrowed = ctx.globals.sandbox === true || s.profileSource === 'flag';
  const profiles = narrowed ? [] : Object.keys(readConfig(ctx.env).profiles ?? {}).filter((name) => name !== s.profile).sort();
  const [current, ...others] = await Promise.all([currentProfile(ctx), ...profiles.map((name) => otherProfile(ctx, name))]);
  const report = current!.report;

  if (ctx.globals.json) await writeJson(ctx, { ...report, otherProfiles: others.map((o) => o.report) });
  else print(ctx, [current!, ...others]);
  if (report.status === 'forbidden') ctx.warn('the token lacks organization.read: lookups and name resolution will fail');
  const p = report.permissions;
  if (p && p.readJobs !== false && p.changeJobs === false && p.changeStatus === false) {
    ctx.warn('the token can only read jobs: creating, updating and status changes will be refused (403)');
  }
  fail(report);
}

/** The profile in effect, with what flags and RECRUIT_* variables make of it. */
async function currentProfile(ctx: Uses<'env' | 'globals' | 'settings' | 'secrets' | 'api' | 'newClient' | 'warn'>): Promise<Checked> {
  const s = ctx.settings();
  const learned = s.accountType === 'auto' ? learnedAccountType(ctx) : undefined;
  const report: Report = {
    profile: s.profile,
    current: true,
    profileSource: s.profileSource,
    baseUrl: s.baseUrl ? redactUserInfo(s.baseUrl) : null,
    baseUrlSource: s.baseUrlSource,
    accountType: learned ?? s.accountType,
    accountTypeSource: learned ? 'learned' : s.accountTypeSource,
    tokenSource: s.tokenSource ?? null,
    tokenStoredIn: s.tokenSource !== 'profile' ? null : s.tokenStorage === 'keyring' ? ((await ctx.secrets())?.name ?? keyringName()) : configPath(ctx.env),
    valid: false,
    status: 'not_logged_in',
    error: null,
    permissions: null,
  };
  let check: TokenCheck | undefined;
  if (ctx.globals.sandbox) {
    const api = await ctx.api();
    Object.assign(report, { baseUrl: api.baseUrl, baseUrlSource: 'sandbox', tokenSource: 'sandbox', tokenStoredIn: null });
    check = await checkToken(ctx, api);
    if (works(check)) report.permissions = await checkPermissions(api);
  } else if (s.token && s.baseUrl) {
    const baseUrl = checkBaseUrl(s.baseUrl, ctx.globals.insecureHttp === true, ctx.warn);
    const api = await ctx.newClient(baseUrl, s.token);
    try {
      check = await checkToken(ctx, api);
      if (works(check)) report.permissions = await checkPermissions(api);
    } finally {
      await api.close();
    }
  } else if (s.token) {
    report.status = 'no_base_url';
  }
  settle(report, check);
  return { report, check };
}

/** Another profile of the config file, as it is stored: flags and RECRUIT_* variables are the current one's. */
async function otherProfile(ctx: Uses<'env' | 'globals' | 'secrets' | 'newClient'>, name: string): Promise<Checked> {
  const stored = storedProfile(readConfig(ctx.env), name);
  const storage = stored.tokenStorage === 'keyring' ? 'keyring' : stored.token !== undefined ? 'file' : undefined;
  const secrets = storage === 'keyring' ? await ctx.secrets() : undefined;
  const token = storage === 'keyring' ? await secrets?.get(name).catch(() => undefined) : stored.token;
  const baseUrl = stored.baseUrl ? canonicalBaseUrl(stored.baseUrl) : undefined;
  const learned = stored.learnedAccountType;
  const learnedType = (stored.accountType ?? 'auto') === 'auto' && baseUrl && learned && learned.account === accountKey(baseUrl, token) ? learned.type : undefined;
  const report: Report = {
    profile: name,
    current: false,
    profileSource: 'profile',
    baseUrl: baseUrl ? redactUserInfo(baseUrl) : null,
    baseUrlSource: baseUrl ? 'profile' : 'default',
    accountType: learnedType ?? stored.accountType ?? 'auto',
    accountTypeSource: learnedType ? 'learned' : stored.accountType ? 'profile' : 'default',
    tokenSource: token === undefined ? null : 'profile',
    tokenStoredIn: storage === 'keyring' ? (secrets?.name ?? keyringName()) : storage === 'file' ? configPath(ctx.env) : null,
    valid: false,
    status: token === undefined ? 'not_logged_in' : 'no_base_url',
    error: null,
    permissions: null,
  };
  let check: TokenCheck | undefined;
  if (token !== undefined && baseUrl) {
    try {
      check = await checkToken(ctx, { baseUrl: checkBaseUrl(baseUrl, ctx.globals.insecureHttp === true, () => undefined), token });
    } catch (error) {
      report.status = 'error';
      report.error = error instanceof Error ? error.message : String(error);
    }
  }
  settle(report, check);
  return { report, check };
}

function settle(report: Report, check: TokenCheck | undefined): void {
  if (!check) return;
  report.status = check.state;
  report.valid = works(check);
  report.error = check.error?.message ?? null;
}

function print(ctx: Uses<'io' | 'sandboxAccount'>, profiles: readonly Checked[]): void {
  const blocks = profiles.map(({ report: r, check }) => {
    const token =
      r.tokenSource === 'env' ? 'RECRUIT_TOKEN environment variable' : r.tokenSource === 'sandbox' ? 'embedded sandbox' : (r.tokenStoredIn ?? 'none');
    const account =
      r.accountTypeSource === 'learned'
        ? `${r.accountType} (learned)`
        : r.accountType === 'auto'
          ? 'auto (not known yet)'
          : `${r.accountType} (${describeSource('account-type', r.accountTypeSource, r.profile)})`;
    const status = check
      ? sanitize(describeCheck(check))
      : r.status === 'error'
        ? `not checked: ${sanitize(r.error ?? '')}`
        : r.status === 'no_base_url'
          ? 'not checked: no base URL'
          : 'not logged in';
    const rows: Array<[string, string]> = [
      ['Profile', r.current ? `${r.profile} (current: ${describeSource('profile', r.profileSource, r.profile)})` : r.profile],
      [
        'Base URL',
        r.baseUrlSource === 'sandbox'
          ? `the embedded sandbox (--sandbox), ${ctx.sandboxAccount()} account`
          : r.baseUrl
            ? `${sanitize(r.baseUrl)} (${describeSource('base-url', r.baseUrlSource, r.profile)})`
            : 'not set',
      ],
      ...(r.baseUrlSource === 'sandbox' ? [] : [['Account', account] as [string, string]]),
      ['Token', token],
      ['Status', status],
      ...(r.permissions ? [['Can', describePermissions(r.permissions)] as [string, string]] : []),
    ];
    return rows.map(([field, value]) => `${field.padEnd(10)}${value}\n`).join('');
  });
  ctx.io.stdout.write(blocks.join('\n'));
}

function fail(r: Report): void {
  const who = `profile "${r.profile}"`;
  switch (r.status) {
    case 'valid':
    case 'forbidden':
      return;
    case 'not_logged_in':
      throw new CliError(`not logged in: no token for ${who}`, EXIT.AUTH, 'not_logged_in', [], 'run `recruit auth login` or set RECRUIT_TOKEN');
    case 'no_base_url':
      throw new UsageError(`no base URL for ${who}`, [], 'run `recruit auth login`, pass --base-url or set RECRUIT_BASE_URL');
    case 'refused':
      throw new CliError(`the token for ${who} was refused (401)`, EXIT.AUTH, 'unauthenticated', [], 'log in again with `recruit auth login`');
    case 'unreachable':
      throw new CliError(`could not check the token: ${r.error ?? ''}`, EXIT.GAVE_UP, 'unreachable');
    case 'error':
      throw new CliError(`could not check the token: ${r.error ?? ''}`, EXIT.API_FAILED, 'check_failed');
  }
}
