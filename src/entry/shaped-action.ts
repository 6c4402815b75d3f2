// What runAction does before and after a command with `--json <fields>` or `--jq`: `--json=` lists
// the command's fields; named fields are checked against them (commands/json-fields.ts) and the jq
// expression compiled, before anything is sent (exit 2); the command's stdout is collected, then
// written shaped (terminal/json-shape.ts).
import { jsonFieldsOf } from '../commands/json-fields.js';
import type { GlobalOptions } from '../context/context.js';
import { UsageError } from '../core/errors.js';
import { closestNames } from '../core/suggest.js';
import type { IO, Stream } from '../terminal/io.js';
import { Jq } from '../terminal/jq.js';
import { CollectedStdout, writeShaped } from '../terminal/json-shape.js';

export interface PreparedShape {
  /** The line only asked for the field names: they are printed, the command does not run. */
  done: boolean;
  stdout: Stream;
  flush(): Promise<void>;
}

function fieldsOf(list: string, known: readonly string[] | undefined, command: string): string[] {
  const fields = [...new Set(list.split(',').map((f) => f.trim()).filter(Boolean))];
  const unknown = known ? fields.filter((f) => !known.includes(f)) : [];
  if (unknown.length > 0) {
    // The guess is in the message: with --json, errors are JSON, which carry no hint.
    const guess = closestNames(unknown[0]!, known!);
    const mean = guess.length > 0 ? ` (did you mean ${guess.map((g) => `"${g}"`).join(' or ')}?)` : '';
    throw new UsageError(
      `unknown JSON field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')} for \`recruit ${command}\`${mean}; its fields are: ${known!.join(', ')}`,
    );
  }
  return fields;
}

/** Commands that run until they are stopped: their JSON is never "done", so it cannot be shaped. */
const RUNS_UNTIL_STOPPED = new Set(['sandbox serve']);

export async function prepareShape(io: IO, globals: GlobalOptions, command: string, args: readonly unknown[]): Promise<PreparedShape> {
  if (RUNS_UNTIL_STOPPED.has(command)) {
    throw new UsageError(`\`recruit ${command}\` runs until it is stopped, and --json <fields> and --jq shape an output once it is done`, [], 'use --json alone');
  }
  const known = jsonFieldsOf(command, args);
  const list = globals.jsonFields;
  if (list !== undefined && list.split(',').every((f) => f.trim() === '')) {
    if (!known) throw new UsageError(`the JSON of \`recruit ${command}\` has no fixed fields to list`, [], 'run it with --json to see everything it prints, then --json <fields> takes any of its fields');
    io.stdout.write(`${known.join('\n')}\n`);
    return { done: true, stdout: io.stdout, flush: async () => undefined };
  }
  const fields = list === undefined ? undefined : fieldsOf(list, known, command);
  let jq: Jq | undefined;
  if (globals.jq !== undefined) {
    jq = await Jq.load();
    jq.check(globals.jq);
  }
  const collected = new CollectedStdout();
  return {
    done: false,
    stdout: collected,
    flush: () => writeShaped(io.stdout, collected.text(), { fields, jq, expression: globals.jq }),
  };
}
