// What runAction does before and after a command with `--json <fields>` or `--jq`: `--json=` lists
// the command's fields; named fields are checked against them (commands/json-fields.ts) and the jq
// expression compiled, before anything is sent (exit 2); the command's stdout is collected, then
// written shaped (terminal/json-shape.ts), and jq's worker ended.
import { jsonFieldsOf } from '../commands/json-fields.js';
import type { GlobalOptions } from '../context/context.js';
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

/** Commands that run until they are stopped: their JSON is never "done", so it cannot be shaped. */
const RUNS_UNTIL_STOPPED = new Set(['sandbox serve']);

/** Commands that change jobs: a filter that fails does not lose their results (terminal/json-shape.ts). */
const CHANGES_JOBS = new Set(['jobs create', 'jobs update', 'jobs status', 'jobs close', 'jobs apply', 'jobs edit', 'sandbox approve', 'sandbox reject']);

/** Whether `command` (with `args`, commander's) may have changed something on the service. */
export function changesSomething(command: string, args: readonly unknown[]): boolean {
  if (CHANGES_JOBS.has(command)) return true;
  if (command !== 'api') return false;
  // api's own rule (commands/api/run.ts): GET unless -X says otherwise, POST with fields or input.
  const options = (args.find((a) => a !== null && typeof a === 'object' && !Array.isArray(a)) ?? {}) as { method?: string; field?: string[]; input?: string };
  const method = options.method ?? ((options.field?.length ?? 0) > 0 || options.input !== undefined ? 'POST' : 'GET');
  return !['GET', 'HEAD'].includes(method.toUpperCase());
}

export async function prepareShape(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions, command: string, args: readonly unknown[]): Promise<PreparedShape> {
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
  const keep = changesSomething(command, args) ? io.stderr : undefined;
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
