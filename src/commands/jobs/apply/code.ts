// How `jobs apply` matches an item with a job: by the job code's canonical text (LF line ends,
// Unicode NFC), as the file's codes are read (docs/decisions.md, "The canonical meaning of an
// item"), so that a code stored in NFD, exported and applied, is its own job and not a new one.
import type { Job } from '../../../api/types.js';
import { canonicalText } from '../../../exactly-once/canonical-json.js';

/** The job's code as an item's code is compared with it, or undefined when it has none. */
export function codeOf(job: Job): string | undefined {
  return typeof job.jobCode === 'string' && job.jobCode !== '' ? canonicalText(job.jobCode) : undefined;
}

/** Each code's job (the last of a code several jobs share: those are refused before, ambiguousCodes). */
export function byCode(jobs: readonly Job[]): Map<string, Job> {
  const map = new Map<string, Job>();
  for (const job of jobs) {
    const code = codeOf(job);
    if (code !== undefined) map.set(code, job);
  }
  return map;
}
