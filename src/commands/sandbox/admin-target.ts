// approve, reject and reset act on a sandbox through its /_sandbox/ admin routes: the embedded one
// under --sandbox; else the one the base URL in effect (--base-url, RECRUIT_BASE_URL, the profile's)
// points at, once its /_sandbox/health says it is a sandbox; else, with no base URL at all, the
// embedded one, started here for the call (docs/decisions.md, "Sandbox").
import type { ApiClient } from '../../api/client.js';
import type { Uses } from '../../context/context.js';
import { CliError, UsageError } from '../../core/errors.js';
import { EXIT } from '../../core/exit-codes.js';
import { VERSION } from '../../core/version.js';
import { withSpinner } from '../../terminal/spinner.js';

/** http://host:4010/v1 -> http://host:4010/_sandbox/<path> */
export function adminUrl(baseUrl: string, path: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`the base URL "${baseUrl}" is not a URL`);
  }
  const prefix = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${prefix}/_sandbox${path}`;
}

/** What the admin route answered, and where it acted, for the output. */
export interface AdminAnswer {
  body: unknown;
  /** "the sandbox at http://127.0.0.1:4010/v1", or "the embedded sandbox". */
  where: string;
  embedded: boolean;
  /** The embedded sandbox's account a job belongs to (the admin routes act on any account's job). */
  accountOfJob?: ((id: number) => string | undefined) | undefined;
}

/** Runs `work` with a client of the admin routes; an ApiError becomes the CLI's error for it. */
async function withAdmin<T>(baseUrl: string, work: (admin: ApiClient, fail: (path: string) => (error: unknown) => never) => Promise<T>): Promise<T> {
  const [{ ApiClient }, { ApiError }] = await Promise.all([import('../../api/client.js'), import('../../api/errors.js')]);
  const admin = new ApiClient({ baseUrl: adminUrl(baseUrl, ''), token: undefined, userAgent: `recruit/${VERSION}` });
  const fail = (path: string) => (error: unknown): never => {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'network') {
      throw new CliError(`Could not reach the sandbox at ${adminUrl(baseUrl, path)}: ${error.message}`, EXIT.GAVE_UP, 'network');
    }
    const exit = error.status === 409 ? EXIT.CONFLICT : EXIT.API_FAILED;
    throw new CliError(`The sandbox refused: ${error.message}`, exit, 'sandbox_refused');
  };
  try {
    return await work(admin, fail);
  } finally {
    await admin.close();
  }
}

function post(baseUrl: string, path: string): Promise<unknown> {
  return withAdmin(baseUrl, (admin, fail) => admin.request('POST', path).then((res) => res.body, fail(path)));
}

/** A service that does not answer GET /_sandbox/health with {"ok": true} is not a sandbox: nothing is sent to it. */
async function assertSandbox(baseUrl: string, source: string): Promise<void> {
  const { ApiError } = await import('../../api/errors.js');
  const isSandbox = await withAdmin(baseUrl, (admin, fail) =>
    admin.request('GET', '/health').then(
      (res) => (res.body as { ok?: unknown } | null)?.ok === true,
      (error: unknown) => (error instanceof ApiError && error.kind !== 'network' ? false : fail('/health')(error)),
    ),
  );
  if (!isSandbox) {
    throw new UsageError(
      `${source} ${baseUrl}, which is not a sandbox (no /_sandbox/health there): approve, reject and reset act on a sandbox only`,
      [],
      'for the embedded sandbox add --sandbox (`recruit --sandbox sandbox approve <jobId>`); for `recruit sandbox serve`, give its URL with --base-url',
    );
  }
}

export async function callAdmin(ctx: Uses<'env' | 'globals' | 'settings' | 'spinner'>, path: string): Promise<AdminAnswer> {
  return withSpinner(ctx, `asking the sandbox: POST /_sandbox${path}`, () => callAdminNow(ctx, path));
}


async function callAdminNow(ctx: Uses<'env' | 'globals' | 'settings'>, path: string): Promise<AdminAnswer> {
  if (!ctx.globals.sandbox) {
    const settings = ctx.settings();
    if (settings.baseUrl !== undefined) {
      const source =
        settings.baseUrlSource === 'profile'
          ? `profile "${settings.profile}" points at`
          : `${settings.baseUrlSource === 'env' ? 'RECRUIT_BASE_URL' : '--base-url'} is`;
      await assertSandbox(settings.baseUrl, source);
      return { body: await post(settings.baseUrl, path), where: `the sandbox at ${settings.baseUrl}`, embedded: false };
    }
  }
  const { startEmbeddedSandbox } = await import('../../context/embedded-sandbox.js');
  const sandbox = await startEmbeddedSandbox(ctx.env);
  try {
    return { body: await post(sandbox.baseUrl, path), where: 'the embedded sandbox', embedded: true, accountOfJob: sandbox.accountOfJob };
  } finally {
    await sandbox.close();
  }
}
