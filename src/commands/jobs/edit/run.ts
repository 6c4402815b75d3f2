// `recruit jobs edit <jobId>`: the job's writable fields as text in the user's editor ($VISUAL,
// $EDITOR), then the changes shown and, once confirmed, sent through `jobs update` (its checks,
// name resolution, free-board rule and report). An unchanged or emptied file sends nothing; a file
// that cannot be read, or a change that the checks refuse, opens the editor again with the
// problem on top.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getJob } from '../../../api/jobs.js';
import type { Job } from '../../../api/types.js';
import type { Context } from '../../../context/context.js';
import { optionKey } from '../../../context/job-field-flags.js';
import { UsageError } from '../../../core/errors.js';
import { answerOf } from '../../../prompts/prompter.js';
import { openEditor } from '../../../terminal/editor.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { parseJobId } from '../args.js';
import type { UpdateOptions } from '../update/flags.js';
import { EDIT_FIELDS, EditSyntaxError, editText, parseEditText, showValue, type EditField } from './edit-text.js';

const HEADER = (job: Job) => [
  `Editing job ${job.id}${job.jobCode ? ` (${String(job.jobCode)})` : ''}. Change the values, save and close the editor.`,
  'Lines starting with # are ignored. Industry, job function, employer type, customer, department and',
  'hiring manager take a name or an id; an emptied optional value clears it.',
  'Leave the file as it is, or empty it, to change nothing.',
];

export default async function edit(ctx: Context, jobId: string): Promise<void> {
  const id = parseJobId(jobId);
  if (!ctx.interactive && !ctx.env.VISUAL && !ctx.env.EDITOR) {
    throw new UsageError('jobs edit opens an editor, which needs a terminal (or VISUAL or EDITOR set)', [], 'change fields with `recruit jobs update <id> --title ...` instead');
  }
  const api = await ctx.api();
  const job = await withSpinner(ctx, `reading job ${id}`, () => getJob(api, id));
  const { loadJobNamer } = await import('../job-names.js');
  // Only names that one item has: a name two items share would not read back as this job's.
  const namer = await loadJobNamer(ctx, [job], undefined, { unique: true });
  const original = new Map(EDIT_FIELDS.map((f) => [f.key, showValue(job, f, (field) => namer(job, field))]));
  const pristine = editText(HEADER(job), original);

  const dir = mkdtempSync(join(tmpdir(), 'recruit-edit-'));
  const file = join(dir, `job-${id}.txt`);
  try {
    let text = pristine;
    for (;;) {
      writeFileSync(file, text, { mode: 0o600 });
      await openEditor(file, ctx.env);
      const edited = readFileSync(file, 'utf8');
      if (edited.trim() === '' || edited === text || edited === pristine) {
        ctx.info(`Job ${id} unchanged; nothing was sent.`);
        return;
      }
      let problem: string | undefined;
      let options: UpdateOptions | undefined;
      let changes: Change[] = [];
      try {
        changes = changedFields(original, parseEditText(edited));
        options = updateOptions(changes);
      } catch (error) {
        if (!(error instanceof EditSyntaxError)) throw error;
        problem = error.message;
      }
      if (options && Object.keys(options).length === 0) {
        ctx.info(`Job ${id} unchanged; nothing was sent.`);
        return;
      }
      if (options) {
        printChanges(ctx, changes);
        if (ctx.interactive && ctx.globals.yes !== true) {
          const prompter = await ctx.prompter();
          const sure = await answerOf(prompter.confirm({ message: `Send these changes to job ${id}?`, default: true }));
          if (!sure) {
            ctx.info('Nothing was sent.');
            return;
          }
        }
        try {
          const { default: update } = await import('../update/run.js');
          return await update(ctx, String(id), options);
        } catch (error) {
          // The update's own checks run before anything is sent: their refusal is the user's to fix.
          if (!(error instanceof UsageError)) throw error;
          problem = [error.message, ...error.details.map((d) => `  - ${d.field ? `${d.field}: ` : ''}${d.message}`)].join('\n');
        }
      }
      ctx.warn(`${problem}; opening the editor again`);
      text = withProblem(edited, problem!);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Change {
  field: EditField;
  before: string;
  after: string;
}

/** The fields whose value the edit changed. */
function changedFields(original: ReadonlyMap<string, string>, edited: ReadonlyMap<string, string>): Change[] {
  return EDIT_FIELDS.flatMap((field) => {
    const before = original.get(field.key) ?? '';
    const after = edited.get(field.key) ?? before;
    return after === before ? [] : [{ field, before, after }];
  });
}

/** The update's options: each changed field as its flag would give it; an emptied optional field as null. */
function updateOptions(changes: readonly Change[]): UpdateOptions {
  const options: Record<string, unknown> = {};
  const cleared: string[] = [];
  for (const { field: f, after } of changes) {
    if (after === '') {
      if (f.field.required === 'always') throw new EditSyntaxError(`${f.key} cannot be emptied: a job needs it`);
      cleared.push(`${f.field.name}=null`);
    } else {
      options[optionKey(`--${f.key}`)] = after;
    }
  }
  if (cleared.length > 0) options.set = cleared;
  return options as UpdateOptions;
}

function printChanges(ctx: Context, changes: readonly Change[]): void {
  const short = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
  const shown = (text: string) => (text === '' ? '(none)' : short(text));
  ctx.info(`Changes:\n${changes.map((c) => `  ${c.field.key}: ${shown(c.before)} → ${shown(c.after)}`).join('\n')}`);
}

const PROBLEM_START = '# ---- The last edit could not be sent: ----';
const PROBLEM_END = '# ----';

/** The edited text again, with the problem on top as comments (which the next read ignores), an earlier problem taken off. */
function withProblem(edited: string, problem: string): string {
  let body = edited;
  if (body.startsWith(PROBLEM_START)) {
    const end = body.indexOf(`\n${PROBLEM_END}\n`, PROBLEM_START.length);
    if (end >= 0) body = body.slice(end + PROBLEM_END.length + 2);
  }
  return [PROBLEM_START, ...problem.split('\n').map((l) => `# ${l}`), PROBLEM_END, body].join('\n');
}
