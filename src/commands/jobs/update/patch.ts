// Builds the body of `jobs update` from its three sources, later ones winning: --file, then the
// field and publication flags, then --set. Reference flags given as names are returned apart, to be
// resolved once the API (and possibly the job's industry) is at hand.
import type { Uses } from '../../../context/context.js';
import { UsageError } from '../../../core/errors.js';
import { JOB_FIELD_FLAGS, flagName, optionKey, type JobFieldFlag } from '../../../context/job-field-flags.js';
import { checkOneStdin, readInput, type ReadOptions } from '../../../terminal/read-input.js';
import { inputEncoding } from '../../../context/input-encoding.js';
import { isId } from '../../../context/resolve.js';
import { setOwnField } from '../../../domain/own-field.js';
import { parseBooleanText, parseListText, parseNumberText } from '../../../domain/job-fields.js';
import type { UpdateOptions } from './flags.js';

/** A reference flag given as a name, e.g. `--job-function "Data Engineering"`. */
export interface NameReference {
  field: string;
  flag: string;
  value: string;
}

export interface BuiltPatch {
  patch: Record<string, unknown>;
  names: NameReference[];
}

async function readFilePatch(ctx: Uses<'io'>, path: string, read: ReadOptions): Promise<Record<string, unknown>> {
  const text = await readInput(ctx.io, path, '--file', read);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--file ${path === '-' ? '(stdin)' : path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`--file must hold one JSON object of job fields, e.g. {"title": "Staff Engineer"}`);
  }
  return parsed as Record<string, unknown>;
}

/** `key=value`; the value is JSON when it parses as JSON (5, true, ["a"]), else the text itself. */
export function parseSet(entry: string): [string, unknown] {
  const eq = entry.indexOf('=');
  const key = eq < 0 ? '' : entry.slice(0, eq).trim();
  if (key === '') throw new UsageError(`--set needs key=value, got "${entry}"`, [], 'e.g. --set experience=5 --set skills=\'["Go","SQL"]\'');
  const raw = entry.slice(eq + 1);
  try {
    return [key, JSON.parse(raw) as unknown];
  } catch {
    return [key, raw];
  }
}

export async function buildPatch(ctx: Uses<'io' | 'settings' | 'info'>, options: UpdateOptions): Promise<BuiltPatch> {
  // The field flags come from the registry: read by their attribute names, as commander set them.
  const values: Record<string, unknown> = options;
  const given = (f: JobFieldFlag) => values[optionKey(f.flag)] as string | undefined;
  checkOneStdin([['--file', options.file], ...JOB_FIELD_FLAGS.filter((f) => f.fromFile).map((f): [string, string | undefined] => [flagName(f), given(f)])]);
  for (const field of new Set(JOB_FIELD_FLAGS.map((f) => f.field))) {
    const both = JOB_FIELD_FLAGS.filter((f) => f.field === field && given(f) !== undefined).map(flagName);
    if (both.length > 1) throw new UsageError(`give ${both.join(' or ')}, not both`);
  }

  // The setting is looked at only when a file is read; --encoding is checked whenever it is given.
  const readsFile = options.file !== undefined || options.encoding !== undefined || JOB_FIELD_FLAGS.some((f) => f.fromFile && given(f) !== undefined);
  const read: ReadOptions = { ...(readsFile ? { encoding: await inputEncoding(ctx, options.encoding) } : {}), note: (note) => ctx.info(note) };
  const patch: Record<string, unknown> = options.file !== undefined ? await readFilePatch(ctx, options.file, read) : {};
  const names = new Map<string, NameReference>();

  for (const f of JOB_FIELD_FLAGS) {
    const value = values[optionKey(f.flag)];
    if (typeof value !== 'string') continue;
    if (f.fromFile) {
      patch[f.field] = await readInput(ctx.io, value, flagName(f), read);
      continue;
    }
    switch (f.kind) {
      case 'text':
      case 'long-text':
      case 'code':
        patch[f.field] = value;
        break;
      case 'number':
        // Not a number: left as given for the checks, which tell every problem at once (checks.ts).
        patch[f.field] = parseNumberText(value) ?? value;
        break;
      case 'list':
        patch[f.field] = parseListText(value, ',');
        break;
      case 'boolean':
        patch[f.field] = parseBooleanText(value) ?? value;
        break;
      case 'reference':
        if (value.trim() === '') throw new UsageError(`${flagName(f)} needs an id or a name`);
        if (isId(value)) patch[f.field] = Number(value);
        else {
          delete patch[f.field];
          names.set(f.field, { field: f.field, flag: flagName(f), value: value.trim() });
        }
        break;
    }
  }
  if (options.publishCareerPage !== undefined) patch.publishToCareerPage = options.publishCareerPage;
  if (options.publishFreeBoards !== undefined) patch.publishToFreeJobBoards = options.publishFreeBoards;

  for (const entry of options.set ?? []) {
    const [key, value] = parseSet(entry);
    setOwnField(patch, key, value);
    names.delete(key);
  }
  return { patch, names: [...names.values()] };
}
