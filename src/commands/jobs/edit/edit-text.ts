// A job as text to edit, and back: one `name: value` line per field that `jobs update` has a flag
// for (the registry's order and flag names), then the long texts as blocks that run to the next block or the end. Comment lines (#) outside blocks are ignored.
import { FIELDS, type JobField } from '../../../domain/job-fields.js';
import type { Job } from '../../../api/types.js';

export interface EditField {
  /** The flag's name without dashes: `job-function`. */
  key: string;
  field: JobField;
  block: boolean;
}

/** The fields the file holds: those with a value flag (not a file flag), in the registry's order. */
export const EDIT_FIELDS: readonly EditField[] = FIELDS.flatMap((field) => {
  const flag = (field.flags ?? []).find((f) => f.fromFile !== true);
  if (!flag) return [];
  return [{ key: flag.flag.split(' ')[0]!.replace(/^--/, ''), field, block: field.kind === 'long-text' }];
});

/** The value of a field as the file shows it: names for references when known, lists comma separated. */
export function showValue(job: Job, f: EditField, nameOf: (field: string) => string | undefined): string {
  const value = job[f.field.name];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (f.field.kind === 'reference') return nameOf(f.field.name) ?? String(value);
  return String(value);
}

export function editText(header: string[], values: ReadonlyMap<string, string>): string {
  const lines = header.map((l) => `# ${l}`.trimEnd());
  for (const f of EDIT_FIELDS.filter((e) => !e.block)) lines.push(`${f.key}: ${values.get(f.key) ?? ''}`.trimEnd());
  for (const f of EDIT_FIELDS.filter((e) => e.block)) lines.push('', `${f.key}:`, values.get(f.key) ?? '');
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

export class EditSyntaxError extends Error {}

/** The values of an edited file by key; every key must be there once. */
export function parseEditText(text: string): Map<string, string> {
  const values = new Map<string, string>();
  const keys = new Map(EDIT_FIELDS.map((f) => [f.key, f]));
  let block: { key: string; lines: string[] } | undefined;
  const closeBlock = () => {
    if (block) values.set(block.key, block.lines.join('\n').replace(/^\s*\n/, '').replace(/\s+$/, ''));
    block = undefined;
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, i) => {
    const blockStart = /^([a-z-]+):\s*$/.exec(line);
    if (blockStart && keys.get(blockStart[1]!)?.block) {
      closeBlock();
      block = { key: blockStart[1]!, lines: [] };
      return;
    }
    if (block) {
      block.lines.push(line);
      return;
    }
    if (line.trim() === '' || line.startsWith('#')) return;
    const m = /^([A-Za-z-]+):(.*)$/.exec(line);
    const f = m ? keys.get(m[1]!) : undefined;
    if (!m || !f) {
      const known = EDIT_FIELDS.map((e) => e.key).join(', ');
      throw new EditSyntaxError(`line ${i + 1}: ${m ? `"${m[1]}" is not a field of this file` : 'expected "field: value"'} (fields: ${known})`);
    }
    if (values.has(f.key)) throw new EditSyntaxError(`line ${i + 1}: ${f.key} is given twice`);
    values.set(f.key, m[2]!.trim());
  });
  closeBlock();
  return values;
}

export const PROBLEM_START = '# ---- The last edit could not be sent: ----';
export const CONFLICT_START = '# ---- Changed on the service while you edited it: ----';
const NOTE_END = '# ----';

/** The text again, with a note on top as comments (which the next read ignores), an earlier note of its kind taken off. */
export function withNote(start: string, note: string, edited: string): string {
  let body = edited;
  if (body.startsWith(start)) {
    const end = body.indexOf(`\n${NOTE_END}\n`);
    if (end >= 0) body = body.slice(end + NOTE_END.length + 2);
  }
  return [start, ...note.split('\n').map((l) => `# ${l}`.trimEnd()), NOTE_END, body].join('\n');
}
