// A clone made in the wizard (`jobs create --from` on a terminal) and its source job changed since
// the clone was read (docs/decisions.md, "`jobs edit`: changes made by others meanwhile"). At
// Submit the source is read again; the fields it copied that changed there are named, and the user
// keeps the values they reviewed or takes the new ones (fields they changed in the wizard stay
// theirs), then sees the review again before anything is created.
import { isDeepStrictEqual } from 'node:util';
import type { ApiClient } from '../api/client.js';
import { getJob } from '../api/jobs.js';
import type { Job } from '../api/types.js';
import { FIELDS, type JobField } from '../domain/job-fields.js';
import { cloneFields } from '../jobs/clone.js';
import { withSpinner } from '../terminal/spinner.js';
import { answersFromBody, toBody } from './answers.js';
import { record } from './navigator.js';
import type { BeforeSubmit, Session } from './session.js';
import { STEPS } from './steps/index.js';

export interface CloneSource {
  api: ApiClient;
  id: number;
  /** The source as the clone was read from it. */
  read: Job;
  /** Fields the clone does not take from the source (given by flags, asked anew): their changes are not news. */
  notCopied: (field: string) => boolean;
  /** Names of the ids of these jobs (the lookup lists), or none. */
  namer: (jobs: readonly Job[]) => Promise<(job: Job, field: string) => string | undefined>;
}

/** A source field's value as a message shows it: quoted, a name for an id, cut at 60 characters; unset as (none). */
function shown(job: Job, field: JobField, nameOf: (job: Job, field: string) => string | undefined): string {
  const value = job[field.name];
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '(none)';
  const text = Array.isArray(value) ? value.map(String).join(', ') : field.reference ? (nameOf(job, field.name) ?? `#${String(value)}`) : String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** The check the wizard runs at Submit (session.beforeSubmit): 'review' when the answers took the source's new values. */
export function watchSource(source: CloneSource): BeforeSubmit {
  let read = source.read;
  return async (session) => {
    const { ctx } = session;
    let now: Job;
    try {
      now = await withSpinner(ctx, `reading job ${source.id} again`, () => getJob(source.api, source.id));
    } catch (error) {
      ctx.warn(`could not read job ${source.id} again to see whether it changed since the clone was read (${(error as Error).message}); the clone is created as you reviewed it`);
      return 'submit';
    }
    const was = cloneFields(read).fields;
    const is = cloneFields(now).fields;
    const moved = FIELDS.filter((f) => !source.notCopied(f.name) && !isDeepStrictEqual(was[f.name], is[f.name]));
    const before = read;
    read = now; // a change is told once: a later Submit compares with the source as it is now
    if (moved.length === 0) return 'submit';

    const body = toBody(session.answers, session.extra);
    const takeable = moved.filter((f) => isDeepStrictEqual(body[f.name], was[f.name]));
    const nameOf = await source.namer([before, now]);
    const lines = moved.map((f) => `  ${f.label}: ${shown(before, f, nameOf)} → ${shown(now, f, nameOf)}${takeable.includes(f) ? '' : ' (you changed it: yours stays)'}`);
    ctx.info(`Job ${source.id} was changed since the clone was read from it:\n${lines.join('\n')}`);
    if (takeable.length === 0) return 'submit';

    const choice = await session.prompter.select<'keep' | 'take'>({
      message: `Job ${source.id} was changed since the clone was read from it. Which values should the clone have?`,
      choices: [
        { name: 'Keep the values you reviewed', value: 'keep', description: `create the clone as reviewed; job ${source.id}'s new values are not copied` },
        {
          name: `Take job ${source.id}'s new values, then review`,
          value: 'take',
          description: `copy ${takeable.map((f) => f.label.toLowerCase()).join(', ')} as job ${source.id} has them now; fields you changed stay yours`,
        },
      ],
    });
    if (choice === 'keep') return 'submit';
    take(session, takeable, answersFromBody(is, (field) => nameOf(now, field)));
    return 'review';
  };
}

/** Sets the answers of `fields` to the source's, step by step (an industry taken drops the answers that hang on it, unless taken too). */
function take(session: Session, fields: readonly JobField[], fresh: ReturnType<typeof answersFromBody>): void {
  const keys = new Set<string>(fields.map((f) => f.reference?.name ?? f.name));
  const answers = session.answers as Record<string, unknown>;
  const freshAnswers = fresh.answers as Record<string, unknown>;
  for (const step of STEPS) {
    if (!step.keys.some((k) => keys.has(k))) continue;
    const patch = Object.fromEntries(step.keys.map((k) => [k, keys.has(k) ? freshAnswers[k] : answers[k]]));
    record(session, step, patch);
  }
  // Fields without a step of their own travel in `extra`.
  for (const key of keys) {
    if (STEPS.some((s) => s.keys.includes(key as never))) continue;
    if (fresh.extra[key] === undefined) delete session.extra[key];
    else session.extra[key] = fresh.extra[key];
  }
}
