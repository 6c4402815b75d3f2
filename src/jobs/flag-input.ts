// Turns the field flags of `jobs create` / `jobs update` into a job input (the names of src/domain/job-fields.ts).
// References stay as given (a name or an id) for the resolver; numbers are checked here so the
// error names the flag.
import type { Uses } from '../context/context.js';
import { UsageError, type ErrorDetail } from '../core/errors.js';
import { JOB_FIELD_FLAGS, flagName, optionKey } from '../context/job-field-flags.js';
import { readInput } from '../terminal/read-input.js';
import { inputEncoding } from '../context/input-encoding.js';
import { parseBooleanText, parseListText, parseNumberText, parseReferenceText, REFERENCE_FIELDS } from '../domain/job-fields.js';

const REFERENCE_NAME = new Map<string, string>(REFERENCE_FIELDS.map((r) => [r.idField, r.name]));

/** The flag a body field comes from, for messages: description -> --description / --description-file. */
export function flagFor(field: string): string | undefined {
  const flags = JOB_FIELD_FLAGS.filter((f) => f.field === field || REFERENCE_NAME.get(f.field) === field).map(flagName);
  return flags.length > 0 ? flags.join(' / ') : undefined;
}

/** Values of the field flags that were given, as a job input; `given` lists the flags used. */
export async function inputFromFlags(
  ctx: Uses<'io' | 'settings' | 'info'>,
  options: Record<string, unknown>,
): Promise<{ input: Record<string, unknown>; given: string[] }> {
  const input: Record<string, unknown> = {};
  const given: string[] = [];
  const problems: ErrorDetail[] = [];
  for (const f of JOB_FIELD_FLAGS) {
    const raw = options[optionKey(f.flag)];
    if (raw === undefined) continue;
    const flag = flagName(f);
    given.push(flag);
    const value = String(raw);
    switch (f.kind) {
      case 'text':
      case 'long-text':
      case 'code':
        input[f.field] = f.fromFile ? await readInput(ctx.io, value, flag, { encoding: await inputEncoding(ctx, options.encoding as string | undefined), note: (note) => ctx.info(note) }) : value;
        break;
      case 'number': {
        const n = parseNumberText(value);
        if (n === undefined) problems.push({ field: flag, message: `must be a number, got "${value}"` });
        else input[f.field] = n;
        break;
      }
      case 'list':
        input[f.field] = parseListText(value, ',');
        break;
      case 'reference':
        input[REFERENCE_NAME.get(f.field) ?? f.field] = parseReferenceText(value);
        break;
      case 'boolean':
        input[f.field] = parseBooleanText(value) ?? value;
        break;
    }
  }
  if (problems.length > 0) throw new UsageError('invalid flag values; nothing was sent', problems);
  return { input, given };
}
