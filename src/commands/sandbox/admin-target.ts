// approve, reject and reset act on a running sandbox through its /_sandbox/ admin routes: the one
// at --base-url (or RECRUIT_BASE_URL), or else the embedded sandbox, started here for the call.
import type { Context } from '../../cli/context.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { EXIT } from '../../cli/exit-codes.js';

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
  const { request } = await import('undici');
  const url = adminUrl(baseUrl, path);
  let response;
  try {
    response = await request(url, { method: 'POST', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new CliError(`Could not reach the sandbox at ${url}: ${(error as Error).message}`, EXIT.GAVE_UP, 'network');
  }
  const text = await response.body.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.statusCode >= 400) {
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message ?? text;
    const exit = response.statusCode === 409 ? EXIT.CONFLICT : EXIT.API_FAILED;
    throw new CliError(`The sandbox refused: ${message} (HTTP ${response.statusCode})`, exit, 'sandbox_refused');
  }
  return body;
}

export async function callAdmin(ctx: Context, path: string): Promise<unknown> {
  const remote = ctx.globals.sandbox ? undefined : (ctx.globals.baseUrl ?? (ctx.env.RECRUIT_BASE_URL || undefined));
  if (remote) return post(remote, path);
  const { startEmbeddedSandbox } = await import('../../cli/embedded-sandbox.js');
  const sandbox = await startEmbeddedSandbox(ctx.env);
  try {
    return await post(sandbox.baseUrl, path);
  } finally {
    await sandbox.close();
  }
}
