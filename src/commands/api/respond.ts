// Prints an answer of `recruit api` as it came (pretty JSON, or the text), error statuses too, and
// turns an error status into the exit code of design 2 once the body is out.
import type { ApiClient, ApiResponse } from '../../api/client.js';
import { httpError } from '../../api/errors.js';
import type { Context } from '../../cli/context.js';
import { writeJson } from '../../cli/output.js';
import { sanitize } from '../../cli/sanitize.js';

export function printBody(ctx: Context, response: ApiResponse): void {
  if (response.text === '') return;
  if (typeof response.body === 'string') {
    const text = sanitize(response.body);
    ctx.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  } else {
    writeJson(ctx, response.body);
  }
}

export function failOnError(client: ApiClient, method: string, path: string, response: ApiResponse): void {
  if (response.status < 400) return;
  throw httpError(response.status, response.body, response.text, { method, url: client.url(path), attempts: response.attempts });
}
