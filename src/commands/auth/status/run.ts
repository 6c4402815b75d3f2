// `recruit auth status`: which profile, base URL and token are in effect, where each comes from,
// and whether the token works. Never the token itself, not even a part of it.
import { redactUserInfo } from '../../../api/user-info.js';
import { checkBaseUrl, type Context } from '../../../context/context.js';
import { CliError, UsageError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';
import { writeJson } from '../../../terminal/output.js';
import { sanitize } from '../../../core/sanitize.js';
import { configPath } from '../../../config/config-file.js';
import { keyringName } from '../../../config/secret-store.js';
import type { Source } from '../../../config/settings.js';
import { describeSource } from '../../config/sources.js';
import { checkToken, describeCheck, type TokenCheck, type TokenState } from '../check-token.js';
import { checkPermissions, describePermissions, type Permissions } from '../permissions.js';

type Status = TokenState | 'not_logged_in' | 'no_base_url';

interface Report {
  profile: string;
  profileSource: Source;
  baseUrl: string | null;
  baseUrlSource: Source;
  tokenSource: Source | null;
  tokenStoredIn: string | null;
  /** The token authenticates (also when it lacks organization.read). */
  valid: boolean;
  status: Status;
  error: string | null;
  /** What the token may do with jobs, when it authenticates (permissions.ts); null otherwise. */
  permissions: Permissions | null;
}

export default async function status(ctx: Context): Promise<void> {
  const s = ctx.settings();
  const report: Report = {
    profile: s.profile,
    profileSource: s.profileSource,
    baseUrl: s.baseUrl ? redactUserInfo(s.baseUrl) : null,
    baseUrlSource: s.baseUrlSource,
    tokenSource: s.tokenSource ?? null,
    tokenStoredIn: s.tokenSource !== 'profile' ? null : s.tokenStorage === 'keyring' ? ((await ctx.secrets())?.name ?? keyringName()) : configPath(ctx.env),
    valid: false,
    status: 'not_logged_in',
    error: null,
    permissions: null,
  };
  let check: TokenCheck | undefined;
  const works = (c: TokenCheck) => c.state === 'valid' || c.state === 'forbidden';
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
  if (check) {
    report.status = check.state;
    report.valid = check.state === 'valid' || check.state === 'forbidden';
    report.error = check.error?.message ?? null;
  }

  if (ctx.globals.json) await writeJson(ctx, report);
  else print(ctx, report, check);
  if (report.status === 'forbidden') ctx.warn('the token lacks organization.read: lookups and name resolution will fail');
  const p = report.permissions;
  if (p && p.readJobs !== false && p.changeJobs === false && p.changeStatus === false) {
    ctx.warn('the token can only read jobs: creating, updating and status changes will be refused (403)');
  }
  fail(report);
}

function print(ctx: Context, r: Report, check: TokenCheck | undefined): void {
  const token =
    r.tokenSource === 'env' ? 'RECRUIT_TOKEN environment variable' : r.tokenSource === 'sandbox' ? 'embedded sandbox' : (r.tokenStoredIn ?? 'none');
  const rows: Array<[string, string]> = [
    ['Profile', `${r.profile} (${describeSource('profile', r.profileSource, r.profile)})`],
    [
      'Base URL',
      r.baseUrlSource === 'sandbox'
        ? `the embedded sandbox (--sandbox), ${ctx.sandboxAccount()} account`
        : r.baseUrl
          ? `${sanitize(r.baseUrl)} (${describeSource('base-url', r.baseUrlSource, r.profile)})`
          : 'not set',
    ],
    ['Token', token],
    ['Status', check ? sanitize(describeCheck(check)) : r.status === 'no_base_url' ? 'not checked: no base URL' : 'not logged in'],
    ...(r.permissions ? [['Can', describePermissions(r.permissions)] as [string, string]] : []),
  ];
  for (const [field, value] of rows) ctx.io.stdout.write(`${field.padEnd(10)}${value}\n`);
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
