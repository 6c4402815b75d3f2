// The command that resumes a run (a batch, a bulk change, an apply), as its journal's run record
// keeps it: what the command is, its input (a file's absolute path, or the job ids given), the
// flags that change what it reads, and the global flags that chose the account. Read back, every
// field is checked for its type and the command is rendered from those fields alone, each word
// quoted for a POSIX shell: nothing of a journal is run, and nothing is printed as it was written.
import { JOB_FIELD_FLAGS, flagName } from '../context/job-field-flags.js';
import { recruitCommand, shellWord, type AccountFlags } from '../context/invocation.js';
import { escapeJson, sanitizeCell } from '../core/sanitize.js';

export type ResumeCommand =
  | { kind: 'create'; file: string | null; format?: string; sheet?: string; delimiter?: string; createEdited?: boolean; globals: AccountFlags }
  | { kind: 'apply'; file: string | null; format?: string; sheet?: string; delimiter?: string; prune?: boolean; globals: AccountFlags }
  /** ids null: read from stdin. */
  | { kind: 'status'; ids: number[] | null; status: number; globals: AccountFlags }
  | { kind: 'update'; ids: number[] | null; set: Record<string, unknown>; names: Array<{ flag: string; value: string }>; globals: AccountFlags };

/** The account flags of a command line, without anything else of it (never a token: there is no token flag). */
export function accountFlags(globals: AccountFlags): AccountFlags {
  const { profile, baseUrl, sandbox, sandboxAccount, insecureHttp } = globals;
  return {
    ...(profile !== undefined ? { profile } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(sandbox ? { sandbox: true } : {}),
    ...(sandboxAccount !== undefined ? { sandboxAccount } : {}),
    ...(insecureHttp ? { insecureHttp: true } : {}),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
const isIds = (v: unknown) => v === null || (Array.isArray(v) && v.length > 0 && v.every((id) => Number.isSafeInteger(id) && (id as number) > 0));
const NAME_FLAGS = new Set(JOB_FIELD_FLAGS.map(flagName));
const FORMATS = new Set([undefined, 'csv', 'json', 'xlsx']);

function checkedGlobals(v: unknown): AccountFlags | undefined {
  if (!isObject(v)) return undefined;
  const ok = optionalString(v.profile) && optionalString(v.baseUrl) && optionalString(v.sandboxAccount) && [undefined, true].includes(v.sandbox as boolean) && [undefined, true].includes(v.insecureHttp as boolean);
  return ok ? accountFlags(v as AccountFlags) : undefined;
}

/** The resume command a run record holds, or undefined: none (an earlier version's journal), or one not as written. */
export function checkedResume(v: unknown): ResumeCommand | undefined {
  if (!isObject(v)) return undefined;
  const globals = checkedGlobals(v.globals);
  if (!globals) return undefined;
  switch (v.kind) {
    case 'create':
    case 'apply': {
      const ok = (v.file === null || (typeof v.file === 'string' && v.file !== '')) && FORMATS.has(v.format as string) && optionalString(v.sheet) && optionalString(v.delimiter);
      if (!ok || ![undefined, true].includes((v.kind === 'apply' ? v.prune : v.createEdited) as boolean)) return undefined;
      const flags = {
        ...(v.format !== undefined ? { format: v.format as string } : {}),
        ...(v.sheet !== undefined ? { sheet: v.sheet as string } : {}),
        ...(v.delimiter !== undefined ? { delimiter: v.delimiter as string } : {}),
      };
      const file = v.file as string | null;
      return v.kind === 'create'
        ? { kind: 'create', file, ...flags, ...(v.createEdited ? { createEdited: true } : {}), globals }
        : { kind: 'apply', file, ...flags, ...(v.prune ? { prune: true } : {}), globals };
    }
    case 'status':
      return isIds(v.ids) && Number.isSafeInteger(v.status) ? { kind: 'status', ids: v.ids as number[] | null, status: v.status as number, globals } : undefined;
    case 'update': {
      const names = v.names;
      const namesOk = Array.isArray(names) && names.every((n) => isObject(n) && typeof n.flag === 'string' && NAME_FLAGS.has(n.flag) && typeof n.value === 'string');
      const setOk = isObject(v.set) && Object.keys(v.set).every((k) => k !== '' && !k.includes('='));
      if (!isIds(v.ids) || !namesOk || !setOk) return undefined;
      return { kind: 'update', ids: v.ids as number[] | null, set: v.set as Record<string, unknown>, names: names as Array<{ flag: string; value: string }>, globals };
    }
    default:
      return undefined;
  }
}

export interface ResumeLine {
  command: string;
  /** What the command needs on stdin ("the same input"), when it reads it. */
  stdin?: string;
  /**
   * Words left out of the command, each standing as a shell variable (`"$FILE"`): a name with a
   * line break, a control or an invisible formatting character cannot be shown on one line as it is
   * (shown escaped, the pasted command would name a file that does not exist, or another one).
   */
  hidden?: Array<{ variable: string; what: string }>;
}

/** The command line that resumes the run, and what it needs on stdin when it reads it. */
export function resumeLine(c: ResumeCommand): ResumeLine {
  const words: string[] = [];
  const hidden: Array<{ variable: string; what: string }> = [];
  const add = (...w: string[]) => words.push(...w.map(shellWord));
  /** `value`, or the variable that stands for it when a terminal cannot show it as it is. */
  const addShown = (flag: string, value: string, variable: string, what: string) => {
    if (sanitizeCell(value) === value) return add(flag, value);
    hidden.push({ variable, what });
    words.push(shellWord(flag), `"$${variable}"`);
  };
  let stdin: string | undefined;
  switch (c.kind) {
    case 'create':
    case 'apply':
      add('jobs', c.kind);
      if (c.file === null) add('--file', '-');
      else addShown('--file', c.file, 'FILE', 'the file');
      if (c.format !== undefined) add('--format', c.format);
      if (c.sheet !== undefined) addShown('--sheet', c.sheet, 'SHEET', 'the sheet');
      if (c.delimiter !== undefined) add('--delimiter', c.delimiter === '\t' ? 'tab' : c.delimiter);
      if (c.kind === 'apply' && c.prune) add('--prune');
      if (c.kind === 'create' && c.createEdited) add('--create-edited');
      if (c.file === null) stdin = 'the same input';
      break;
    case 'status':
      add('jobs', 'status', ...(c.ids ? c.ids.map(String) : ['-']), String(c.status));
      break;
    case 'update':
      add('jobs', 'update', ...(c.ids ? c.ids.map(String) : ['-']));
      c.names.forEach((n, i) => addShown(n.flag, n.value, `NAME${i + 1}`, `the name given to ${n.flag}`));
      // JSON with \u escapes for what a terminal cannot show: --set reads back the same value.
      for (const [key, value] of Object.entries(c.set)) addShown('--set', `${key}=${escapeJson(JSON.stringify(value))}`, `SET_${hidden.length + 1}`, `the --set of ${JSON.stringify(key)}`);
      break;
  }
  if ((c.kind === 'status' || c.kind === 'update') && c.ids === null) stdin = 'the same job ids';
  return { command: recruitCommand(c.globals, words.join(' ')), ...(stdin ? { stdin } : {}), ...(hidden.length > 0 ? { hidden } : {}) };
}

/** The resume command of a run over a file (`jobs create --file`, `jobs apply`): stdin is null, as it cannot be read again. */
export function fileResume<K extends 'create' | 'apply'>(
  kind: K,
  input: { path: string; identity: string },
  flags: { format?: string | undefined; sheet?: string | undefined; delimiter?: string | undefined; prune?: boolean | undefined; createEdited?: boolean | undefined },
  globals: AccountFlags,
): ResumeCommand {
  const given = {
    ...(flags.format !== undefined ? { format: flags.format.trim().toLowerCase() } : {}),
    ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
    ...(flags.delimiter !== undefined ? { delimiter: flags.delimiter } : {}),
  };
  const file = input.identity === input.path ? input.path : null;
  return kind === 'create'
    ? { kind, file, ...given, ...(flags.createEdited ? { createEdited: true } : {}), globals: accountFlags(globals) }
    : { kind: 'apply', file, ...given, ...(flags.prune ? { prune: true } : {}), globals: accountFlags(globals) };
}

/** Ids read from stdin are written into the command up to this many; past it the command reads them from stdin again. */
export const MAX_IDS_SHOWN = 100;

/** The ids a bulk change's resume command names: all of them, or null for a long list read from stdin. */
export function resumeIds(ids: readonly number[], fromStdin: boolean): number[] | null {
  return fromStdin && ids.length > MAX_IDS_SHOWN ? null : [...ids];
}
