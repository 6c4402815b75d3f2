// approve, reject and reset act on a running sandbox through its /_sandbox/ admin routes: the one
// at --base-url (or RECRUIT_BASE_URL), or else the embedded sandbox, started here for the call.
import type { Context } from '../../context/context.js';
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

async function post(baseUrl: string, path: string): Promise<unknown> {
  const [{ ApiClient }, { ApiError }] = await Promise.all([import('../../api/client.js'), import('../../api/errors.js')]);
  const url = adminUrl(baseUrl, path);
  const admin = new ApiClient({ baseUrl: adminUrl(baseUrl, ''), token: undefined, userAgent: `recruit/${VERSION}` });
  try {
    return (await admin.request('POST', path)).body;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'network') {
      throw new CliError(`Could not reach the sandbox at ${url}: ${error.message}`, EXIT.GAVE_UP, 'network');
    }
    const exit = error.status === 409 ? EXIT.CONFLICT : EXIT.API_FAILED;
    throw new CliError(`The sandbox refused: ${error.message}`, exit, 'sandbox_refused');
  } finally {
    await admin.close();
  }
}

export async function callAdmin(ctx: Context, path: string): Promise<unknown> {
  return withSpinner(ctx, `asking the sandbox: POST /_sandbox${path}`, () => callAdminNow(ctx, path));
}

async function callAdminNow(ctx: Context, path: string): Promise<unknown> {
  const remote = ctx.globals.sandbox ? undefined : (ctx.globals.baseUrl ?? (ctx.env.RECRUIT_BASE_URL || undefined));
  if (remote) return post(remote, path);
  const { startEmbeddedSandbox } = await import('../../context/embedded-sandbox.js');
  const sandbox = await startEmbeddedSandbox(ctx.env);
  try {
    return await post(sandbox.baseUrl, path);
  } finally {
    await sandbox.close();
  }
}
