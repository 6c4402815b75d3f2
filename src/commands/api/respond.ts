// Prints an answer of `recruit api` as it came (pretty JSON, or the text), error statuses too, and
// turns an error status into its exit code (docs/reference/exit-codes.md) once the body is out.
import type { ApiResponse } from '../../api/client.js';
import { httpError } from '../../api/errors.js';
import type { Uses } from '../../context/context.js';
import { writeOut } from '../../terminal/io.js';
import { writeJson } from '../../terminal/output.js';
import { sanitize } from '../../core/sanitize.js';

export async function printBody(ctx: Uses<'io' | 'globals' | 'color'>, response: ApiResponse): Promise<void> {
  if (response.text === '') return;
  if (typeof response.body === 'string') {
    const text = sanitize(response.body);
    await writeOut(ctx.io.stdout, text);
    if (!text.endsWith('\n')) await writeOut(ctx.io.stdout, '\n');
  } else {
    await writeJson(ctx, response.body);
  }
}

/** Only a 2xx is success: an error status, and a redirect (never followed), fail once the body is out. */
export function failOnError(response: ApiResponse): void {
  if (response.status >= 200 && response.status < 300) return;
  throw httpError(response, response.body, { method: response.method, path: response.path, attempts: response.attempts });
}
