// The job field flags shared by `jobs update` and `jobs create`, from the registry
// (domain/job-fields.ts). Data only, so the program can describe them without loading any command.
import { FIELDS, type FieldKind, type JobField } from '../domain/job-fields.js';

export interface JobFieldFlag {
  flag: string;
  /** Body field the flag sets. */
  field: string;
  kind: FieldKind;
  help: string;
  /** The flag names a file (- for stdin) that holds the value. */
  fromFile: boolean;
}

export function fieldFlags(fields: readonly JobField[]): JobFieldFlag[] {
  return fields.flatMap((f) => (f.flags ?? []).map((x) => ({ flag: x.flag, field: f.name, kind: f.kind, help: x.help, fromFile: x.fromFile === true })));
}

export const JOB_FIELD_FLAGS: readonly JobFieldFlag[] = fieldFlags(FIELDS);

/** The flag itself: `--job-function <id>` -> `--job-function`. */
export function flagName(f: Pick<JobFieldFlag, 'flag'>): string {
  return f.flag.split(' ')[0]!;
}

/** The commander attribute name of a flag: `--job-function <id>` -> `jobFunction`. */
export function optionKey(flag: string): string {
  const name = flag.split(' ')[0]!.replace(/^--/, '');
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
