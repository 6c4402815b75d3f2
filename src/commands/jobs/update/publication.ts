// The publication rule of `jobs update` (docs/api-rules.md, "Publication rules"). On PATCH an omitted
// publishToCareerPage keeps the career page as it is, but an omitted publishToFreeJobBoards turns
// free boards OFF. Unless the user decided, the job's current free-board setting is sent back.
import type { Job } from '../../../api/types.js';
import { UsageError } from '../../../core/errors.js';

export interface PublicationPlan {
  /** Whether publishToCareerPage is sent (else the career page stays as it is), and its value. */
  careerSent: boolean;
  career: unknown;
  careerNow: boolean | undefined;
  /** The publishToFreeJobBoards value sent, always present. */
  freeBoards: unknown;
  /** True when the value sent is the job's own, not the user's choice. */
  kept: boolean;
}

function asBool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Whether the job must be read to apply the rule: the user did not say what free boards should be. */
export function needsCurrentFreeBoards(patch: Record<string, unknown>): boolean {
  return !Object.hasOwn(patch, 'publishToFreeJobBoards');
}

/** Completes `patch` with the kept free-board setting and says what it will send. */
export function planPublication(patch: Record<string, unknown>, job: Job | undefined): PublicationPlan {
  const careerSent = Object.hasOwn(patch, 'publishToCareerPage');
  const base = { careerSent, career: patch.publishToCareerPage, careerNow: asBool(job?.publishToCareerPage) };
  if (!needsCurrentFreeBoards(patch)) return { ...base, freeBoards: patch.publishToFreeJobBoards, kept: false };
  const current = asBool(job?.publishToFreeJobBoards);
  if (current === undefined) {
    throw new UsageError(
      'cannot tell whether the job is published on free job boards (the service did not return publishToFreeJobBoards), ' +
        'and an update without that field turns free boards off',
      [],
      'say what you want: --publish-free-boards or --no-publish-free-boards',
    );
  }
  patch.publishToFreeJobBoards = current;
  return { ...base, freeBoards: current, kept: true };
}

function state(value: unknown): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : `set to ${JSON.stringify(value)}`;
}

function careerText(plan: PublicationPlan): string | undefined {
  return plan.careerSent ? `career page ${state(plan.career)}` : undefined;
}

function freeText(plan: PublicationPlan): string {
  return `free boards ${plan.kept ? 'kept ' : ''}${state(plan.freeBoards)}`;
}

/** The stderr line: what was sent for each channel. */
export function describePublication(plan: PublicationPlan): string {
  const career = plan.careerSent
    ? `${careerText(plan)} (sent publishToCareerPage: ${JSON.stringify(plan.career)})`
    : `career page unchanged${plan.careerNow === undefined ? '' : ` (${state(plan.careerNow)})`}`;
  return `Publication: ${career}; ${freeText(plan)} (sent publishToFreeJobBoards: ${JSON.stringify(plan.freeBoards)})`;
}
