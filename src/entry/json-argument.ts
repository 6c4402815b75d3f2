// `--json` takes an optional list of fields, as gh's does, yet `--json` alone must stay what it
// was (everything), wherever it stands: `recruit --json jobs list`, `jobs get --json 3`. Commander
// would take any word after an optional-value option as its value, so the line is settled here
// first (docs/decisions.md, "--json <fields>"):
// - `--json=<fields>` always has a value (`--json=` lists the command's fields);
// - `--json <word>`: the word is the value when it is a comma-separated list of names, one of them
//   a field some command's JSON has (its traits: program.ts, COMMAND_TRAITS), and the command words are already given
//   (`recruit jobs --json status 3 closed` is the status command);
// - otherwise `--json` has no value, and is moved to the end of the options (before any `--`), a
//   place where commander cannot take the next word for it: the root's options mean the same
//   wherever they stand.
import type { Traits } from '../commands/define.js';

/** Nouns whose next word is a verb (`jobs get`): until it is given, a word is a command's name. */
export const NOUNS_WITH_VERBS: ReadonlySet<string> = new Set(['jobs', 'auth', 'config', 'sandbox', 'help']);
/** The root's options that take a value, as program.ts declares them: their value is no command word. */
const ROOT_VALUES = new Set(['--profile', '--base-url', '--sandbox-account', '--timeout', '--max-response-size', '--jq']);

/**
 * The per-item results of a batch or bulk change (`jobs create --file`, `jobs status <ids…>`,
 * `jobs update <ids…>`): not checked (a single change prints the job instead), but known, so that
 * `--json id,ok` is read as fields.
 */
const RESULT_FIELDS = ['index', 'ok', 'result', 'jobId', 'sent', 'previousStatus', 'previousStatusLabel', 'error', 'body'];

/** Every field name some command's JSON has (`every`: each command's traits): a word after a spaced `--json` is its value only when made of these. */
export function knownJsonFields(every: readonly Traits[]): Set<string> {
  const names = new Set<string>(RESULT_FIELDS);
  for (const { jsonFields } of every) for (const n of (jsonFields && 'byArguments' in jsonFields ? jsonFields.every : jsonFields) ?? []) names.add(n);
  return names;
}

const FIELD_LIST = /^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*$/;

function isFieldList(word: string, known: Set<string>): boolean {
  // One known name is enough: `--json title,benefits` is a field list, whose unknown name the command's check then names.
  return FIELD_LIST.test(word) && word.split(',').some((name) => known.has(name));
}

/** The command line with `--json`'s value settled: `--json=<fields>`, or a bare `--json` no word can follow. `every`: each command's traits (program.ts, COMMAND_TRAITS). */
export function settleJsonArgument(argv: readonly string[], every: readonly Traits[]): string[] {
  if (!argv.includes('--json')) return [...argv];
  const known = knownJsonFields(every);
  const out: string[] = [];
  const words: string[] = [];
  let bare = false;
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg !== '--json') {
      if (!arg.startsWith('-')) words.push(arg);
      out.push(arg);
      if (ROOT_VALUES.has(arg) && i + 1 < argv.length) out.push(argv[++i]!);
      continue;
    }
    const next = argv[i + 1];
    const commandGiven = words.length >= 2 || (words.length === 1 && !NOUNS_WITH_VERBS.has(words[0]!));
    if (next !== undefined && commandGiven && isFieldList(next, known)) {
      out.push(`--json=${next}`);
      i++;
    } else bare = true;
  }
  if (bare) out.push('--json');
  return [...out, ...argv.slice(i)];
}
