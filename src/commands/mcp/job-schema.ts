// The job fields of the write tools, derived from the job-field registry (src/domain/job-fields.ts):
// each field under its API name, a reference also under its name form (`jobFunction`: an id or a
// name, as its flag takes it), with the registry's label and what a value looks like. And the
// turning of a tool's fields into what the commands take: a job input for `jobs create`, the
// options of `jobs update`.
import * as z from 'zod';
import { JOB_FIELD_FLAGS, optionKey } from '../../context/job-field-flags.js';
import { FIELDS, parseReferenceText, type JobField } from '../../domain/job-fields.js';
import type { UpdateOptions } from '../jobs/update/flags.js';

const idOrName = z.union([z.number().int().positive(), z.string().min(1)]);

function valueSchema(field: JobField): z.ZodType {
  switch (field.kind) {
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'list':
      return z.array(z.string());
    case 'reference':
      return z.number().int().positive();
    default:
      return z.string();
  }
}

/** Every field optional; `requireAlways` marks the fields a new job needs on every account that have one name only. */
export function jobFieldsShape(requireAlways: boolean): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of FIELDS) {
    const required = requireAlways && field.required === 'always' && !field.reference;
    const needed = field.required === 'always' ? ' Required on create.' : field.required === 'staffing' ? ' Required on create on staffing accounts.' : '';
    const base = valueSchema(field).describe(`${field.label}: ${field.formats}.${needed}`);
    shape[field.name] = required ? base : base.optional();
    if (field.reference) {
      shape[field.reference.name] = idOrName
        .describe(`${field.label}, by id or by name (names are resolved and checked as \`recruit lookup ${field.reference.lookup}\` lists them); instead of ${field.name}.${needed}`)
        .optional();
    }
  }
  return shape;
}

/** The names of the fields of a job among a tool's arguments. */
const FIELD_KEYS = new Set(FIELDS.flatMap((f) => (f.reference ? [f.name, f.reference.name] : [f.name])));

/** The job fields of the arguments, as a job input (the form of an item of a batch file): a reference's digits are its id. */
export function jobInput(args: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (!FIELD_KEYS.has(key) || value === undefined) continue;
    const field = FIELDS.find((f) => f.reference?.name === key);
    input[key] = field && typeof value === 'string' ? parseReferenceText(value) : value;
  }
  return input;
}

/**
 * The options of `jobs update` for the fields of the arguments: a reference through its flag, so
 * that a name is resolved in the job's industry as `jobs update --job-function <name>` resolves
 * it; every other value through `--set`, as JSON, so that a list or a text with commas in it is
 * sent as given.
 */
export function updateOptions(args: Record<string, unknown>): UpdateOptions {
  const options: Record<string, unknown> = {};
  const set: string[] = [];
  for (const [key, value] of Object.entries(jobInput(args))) {
    const field = FIELDS.find((f) => f.name === key || f.reference?.name === key)!;
    const flag = field.reference ? JOB_FIELD_FLAGS.find((f) => f.field === field.name) : undefined;
    if (flag) options[optionKey(flag.flag)] = String(value);
    else set.push(`${key}=${JSON.stringify(value)}`);
  }
  if (set.length > 0) options.set = set;
  return options as UpdateOptions;
}
