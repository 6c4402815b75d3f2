// What runAction does before and after a command with `--json <fields>` or `--jq`: `--json=` lists
// the command's fields; named fields are checked against them (its traits: commands/define.ts) and
// the jq expression compiled, before anything is sent (exit 2); the command's stdout is collected,
// then written shaped (terminal/json-shape.ts), and jq's worker ended.
import type { Traits } from '../commands/define.js';
import type { GlobalOptions } from '../context/global-options.js';
import { UsageError } from '../core/errors.js';
import { closestNames } from '../core/suggest.js';
import type { IO, Stream } from '../terminal/io.js';
import type { Jq } from '../terminal/jq.js';
import { jqBases } from '../terminal/jq-limits.js';
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

/** The fields of the command's JSON (with `args`, commander's), or undefined when they are not fixed. */
export function jsonFieldsOf({ jsonFields }: Traits, args: readonly unknown[]): readonly string[] | undefined {
  return jsonFields !== undefined && 'byArguments' in jsonFields ? jsonFields.byArguments(args) : jsonFields;
}

/** Whether the command (with `args`, commander's) may have changed something on the service: a filter that fails does not lose its results (terminal/json-shape.ts). */
export function changesSomething({ changes }: Traits, args: readonly unknown[]): boolean {
  return typeof changes === 'function' ? changes(args) : changes === true;
}

export async function prepareShape(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions, command: string, traits: Traits, args: readonly unknown[]): Promise<PreparedShape> {
  if (traits.runsUntilStopped === true) {
    throw new UsageError(`\`recruit ${command}\` runs until it is stopped, and --json <fields> and --jq shape an output once it is done`, [], 'use --json alone');
  }
  const known = jsonFieldsOf(traits, args);
  const list = globals.jsonFields;
  if (list !== undefined && list.split(',').every((f) => f.trim() === '')) {
    if (!known) throw new UsageError(`the JSON of \`recruit ${command}\` has no fixed fields to list`, [], 'run it with --json to see everything it prints, then --json <fields> takes any of its fields');
    io.stdout.write(`${known.join('\n')}\n`);
    return { done: true, stdout: io.stdout, flush: async () => undefined };
  }
  const fields = list === undefined ? undefined : fieldsOf(list, known, command);
  let jq: Jq | undefined;
  if (globals.jq !== undefined) {
    const bases = jqBases(env);
    // Its own chunk: `--json <fields>` alone never loads it (test/perf/lazy-loading.test.ts).
    const { Jq } = await import('../terminal/jq.js');
    jq = await Jq.load(bases);
    try {
      await jq.check(globals.jq);
    } catch (error) {
      await jq.close();
      throw error;
    }
  }
  const collected = new CollectedStdout();
  const keep = changesSomething(traits, args) ? io.stderr : undefined;
  return {
    done: false,
    stdout: collected,
    async flush() {
      try {
        await writeShaped(io.stdout, collected.text(), { fields, jq, expression: globals.jq, keep, messages: io.stderr });
      } finally {
        await jq?.close();
      }
    },
  };
}
