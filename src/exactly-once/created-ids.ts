// The job ids the creates of one run were answered with. A second create answered with an id that
// another item already got (or, in `jobs apply`, the id of a job the plan updates or closes)
// contradicts the request: a create makes a new job. Its outcome is not known, so its key is kept.
import { ApiError } from '../api/errors.js';

export class CreatedIds {
  /** Who got each id: `item 3`, `the job of code "A-1"`. */
  private readonly owners = new Map<number, string>();

  /** Records that `owner` got `jobId`; returns who got it before, if another did. */
  claim(jobId: number, owner: string): string | undefined {
    const before = this.owners.get(jobId);
    if (before !== undefined && before !== owner) return before;
    this.owners.set(jobId, owner);
    return undefined;
  }
}

/** The error of a create answered with an id that `owner` already got. */
export function takenIdError(jobId: number, owner: string): ApiError {
  const why = `the answer names job ${jobId}, which ${owner} of this run already got; whether this item was created is not known`;
  return new ApiError('contradicting_answer', why, 201, [], { method: 'POST', path: '/jobs', attempts: 1 });
}
