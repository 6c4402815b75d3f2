// What runs `recruit lookup <kind>` needs to know of it (commands/define.ts, Traits): an item's
// fields are its kind's (domain/lookup-kinds.ts); job-options is no list, and has none fixed.
import { LOOKUP_TABLE } from '../../domain/lookup-kinds.js';
import type { Traits } from '../define.js';

const fieldsOf = (kind: unknown): readonly string[] | undefined => {
  const row = LOOKUP_TABLE.find((r) => r.kind === kind);
  return row && 'extra' in row ? ['id', 'name', ...row.extra] : undefined;
};

export const traits: Traits = {
  paged: true,
  jsonFields: { byArguments: (args) => fieldsOf(args[0]), every: LOOKUP_TABLE.flatMap((row) => fieldsOf(row.kind) ?? []) },
};
