// `recruit jobs edit <jobId>`: the job's writable fields as text in the user's editor ($VISUAL,
// $EDITOR), then the changes checked by `jobs update`'s checks (every problem at once, names
// resolved), shown and, once confirmed (on a terminal; --yes without one), sent through `jobs
// update` (its free-board rule and report). An unchanged or emptied file sends nothing; a file
// that cannot be read, or a change that the checks refuse, opens the editor again with the
// problems on top. Before anything is sent the job is read again: only the fields the user changed
// are sent, and one that someone else changed meanwhile is a conflict (changes.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getJob } from '../../../api/jobs.js';
import type { Job } from '../../../api/types.js';
import type { Uses } from '../../../context/context.js';
import { optionKey } from '../../../context/job-field-flags.js';
import { UsageError } from '../../../core/errors.js';
import { openEditor } from '../../../terminal/editor.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { parseJobId } from '../args.js';
import { consent } from '../../consent.js';
import type { UpdateOptions } from '../update/flags.js';
import { changedFields, changedOnService, describeChanges, describeTheirs, mergedValues, rebase, touchesChanges, type Change, type Shown } from './changes.js';
import { conflictNote, settleConflict } from './conflict.js';
import { CONFLICT_START, EDIT_FIELDS, EditSyntaxError, editText, parseEditText, PROBLEM_START, showValue, withNote } from './edit-text.js';

/** After a conflict the file holds the user's values, which a save as it is sends. */
const HEADER = (job: Job, afterConflict = false) => [
  `Editing job ${job.id}${job.jobCode ? ` (${String(job.jobCode)})` : ''}. Change the values, save and close the editor.`,
  'Lines starting with # are ignored. Industry, job function, employer type, customer, department and',
  'hiring manager take a name or an id; an emptied optional value clears it.',
  afterConflict ? 'Empty the file to change nothing.' : 'Leave the file as it is, or empty it, to change nothing.',
];

/** The job read right before the PATCH has one of the user's fields changed: nothing is sent. */
class ChangedBeforeSend extends Error {
  constructor(readonly now: Job) {
    super('changed on the service before the PATCH');
  }
}

export default async function edit(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'clock' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs' | 'atPrompt'>, jobId: string): Promise<void> {
  const id = parseJobId(jobId);
  if (!ctx.interactive && !ctx.env.VISUAL && !ctx.env.EDITOR) {
    throw new UsageError('jobs edit opens an editor, which needs a terminal (or VISUAL or EDITOR set)', [], 'change fields with `recruit jobs update <id> --title ...` instead');
  }
  const api = await ctx.api();
  const { loadJobNamer } = await import('../job-names.js');
  const shownOf = async (job: Job): Promise<Shown> => {
    // Only names that one item has: a name two items share would not read back as this job's.
    const namer = await loadJobNamer(ctx, [job], undefined, { unique: true });
    return new Map(EDIT_FIELDS.map((f) => [f.key, showValue(job, f, (field) => namer(job, field))]));
  };
  // The job as the editor shows it; after a conflict, as it was when the editor was opened again.
  let base = await withSpinner(ctx, `reading job ${id}`, () => getJob(api, id));
  let original = await shownOf(base);
  let pristine = editText(HEADER(base), original);
  const canAsk = ctx.interactive && ctx.globals.yes !== true;

  const dir = mkdtempSync(join(tmpdir(), 'recruit-edit-'));
  const file = join(dir, `job-${id}.txt`);
  let keep = false;
  try {
    let text = pristine;
    // The text given back after a conflict is the user's: saved as it is, it is sent.
    let savedAsIsSends = false;
    for (;;) {
      writeFileSync(file, text, { mode: 0o600 });
      await openEditor(file, ctx.env);
      const edited = readFileSync(file, 'utf8');
      if (edited.trim() === '' || edited === pristine || (edited === text && !savedAsIsSends)) {
        ctx.info(`Job ${id} unchanged; nothing was sent.`);
        return;
      }
      savedAsIsSends = false;
      let problem: string | undefined;
      let changes: Change[] = [];
      try {
        changes = changedFields(original, parseEditText(edited));
        updateOptions(changes);
      } catch (error) {
        if (!(error instanceof EditSyntaxError)) throw error;
        problem = error.message;
      }
      if (!problem && changes.length === 0) {
        ctx.info(`Job ${id} unchanged; nothing was sent.`);
        return;
      }
      // The job again, and again right before the PATCH: someone may have changed it meanwhile.
      let now = problem ? undefined : await withSpinner(ctx, `reading job ${id} again`, () => getJob(api, id));
      while (now) {
        const moved = changedOnService(base, now);
        const nowShown = moved.length === 0 ? original : await shownOf(now);
        const sorted = rebase(changes, moved, original, nowShown);
        if (sorted.conflicts.length > 0) {
          keep = true; // the user's text, until they choose to edit it again
          await settleConflict(ctx, id, sorted.conflicts, file, canAsk);
          keep = false;
          text = withNote(CONFLICT_START, conflictNote(sorted.conflicts), editText(HEADER(now, true), mergedValues(nowShown, sorted.changes, sorted.conflicts)));
          [base, original] = [now, nowShown];
          pristine = editText(HEADER(now, true), nowShown);
          savedAsIsSends = true;
          break;
        }
        if (sorted.changes.length === 0) {
          ctx.info(`Job ${id} already has your values (someone made the same change); nothing was sent.`);
          return;
        }
        const { checkUpdate, updateWith } = await import('../update/run.js');
        const options = updateOptions(sorted.changes);
        // Every check of `jobs update`, every problem at once, before the question: a change the
        // service would refuse opens the editor again rather than being asked about.
        try {
          await withSpinner(ctx, `checking the changes to job ${id}`, () => checkUpdate(ctx, id, options, { job: now! }));
        } catch (error) {
          if (!(error instanceof UsageError)) throw error;
          problem = problemText(error);
          break;
        }
        if (sorted.theirs.length > 0) ctx.info(describeTheirs(sorted.theirs));
        ctx.info(describeChanges(sorted.changes));
        const sure = await consent(ctx, `Send these changes to job ${id}?`, () => {
          keep = true; // the user's text, refused for want of --yes
          return withoutTerminal(id, file);
        });
        if (!sure) {
          ctx.info('Nothing was sent.');
          return;
        }
        const readFirst = base;
        const beforeSend = (job: Job) => {
          if (touchesChanges(readFirst, job, sorted.changes)) throw new ChangedBeforeSend(job);
        };
        try {
          return await updateWith(ctx, String(id), options, { beforeSend });
        } catch (error) {
          if (error instanceof ChangedBeforeSend) {
            now = error.now;
            continue;
          }
          // The checks again, against the job as read right before the PATCH: the user's to fix.
          if (!(error instanceof UsageError)) throw error;
          problem = problemText(error);
          now = undefined;
        }
      }
      if (problem) {
        ctx.warn(`${problem}; opening the editor again`);
        text = withNote(PROBLEM_START, problem, edited);
      }
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** A refusal of the checks as the editor shows it on top: the message, then a line per problem. */
function problemText(error: UsageError): string {
  return [error.message, ...error.details.map((d) => `  - ${d.field ? `${d.field}: ` : ''}${d.message}`)].join('\n');
}

/** Without a terminal the changes are sent only with --yes, as `jobs apply` applies its plan (docs/decisions.md). */
function withoutTerminal(id: number, file: string): UsageError {
  return new UsageError(
    `jobs edit asks before it sends, and there is no terminal to ask on: nothing was sent to job ${id}; your text is kept in ${file}`,
    [],
    `pass --yes to send the changes without asking (\`recruit jobs edit ${id} --yes\`)`,
  );
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
