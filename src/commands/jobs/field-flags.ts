// The job field flags of `jobs create` and `jobs update`, added from the registry
// (src/domain/job-fields.ts) with their types: each flag's attribute, as commander names it, is a
// string option, so a run function reads `options.jobFunction` and a flag renamed in the registry
// leaves code that reads the old name uncompiled.
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { JOB_FIELD_FLAGS } from '../../context/job-field-flags.js';
import type { JOB_FIELDS } from '../../domain/job-fields.js';

type FlagOf<F> = F extends { readonly flags: readonly (infer X)[] } ? X : never;
/** `--job-function <id|name>`, ... */
type FieldFlag = FlagOf<(typeof JOB_FIELDS)[number]> extends { readonly flag: infer S } ? S : never;
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type AttributeOf<S> = S extends `--${infer Name} ${string}` ? Camel<Name> : never;

/** The values of the job field flags: `{ title?: string; jobFunction?: string; ... }`. */
export type JobFieldOptions = { [K in AttributeOf<FieldFlag>]?: string };

/** `command` with every job field flag, in the registry's order. */
export function withJobFieldFlags<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
): Command<A, O & JobFieldOptions, G> {
  for (const f of JOB_FIELD_FLAGS) command.option(f.flag, f.help);
  return command as Command<A, O & JobFieldOptions, G>;
}
