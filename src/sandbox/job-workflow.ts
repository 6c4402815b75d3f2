// The account workflow (docs/api-rules.md): creation outcome, publication rules, status changes, approval.
import type { Account } from './accounts.js';
import { HttpError, validationError } from './http-error.js';
import { UNSET_FIELDS, type Job, type JobFields } from './job.js';
import { APPROVAL, isActive, SETTABLE_STATUSES, STATUS, statusLabel } from './job-status.js';
import { validateJobBody } from './job-validation.js';
import type { SandboxStore } from './store.js';

function capacityError(store: SandboxStore): HttpError {
  return new HttpError(
    409,
    'active_job_limit_reached',
    `The account has reached its limit of ${store.activeJobLimit} active jobs; no job was activated`,
  );
}



/** Approved for publication: approved by the approval flow, or on an account without one. */
function isApproved(job: Job): boolean {
  return job.approvalStatus === APPROVAL.APPROVED || job.approvalStatus === null;
}

export function createJob(store: SandboxStore, account: Account, body: Record<string, unknown>): Job {
  const fields = validateJobBody(account, body);
  const publishing = fields.publishToCareerPage === true || fields.publishToFreeJobBoards === true;
  if (account.approvalRequired && publishing) {
    throw new HttpError(
      409,
      'publication_requires_approval',
      'This account requires approval: a job cannot be published at creation. Create it unpublished and publish it once approved and active.',
    );
  }
  if (!account.approvalRequired && !store.hasCapacity(account.id)) throw capacityError(store);

  // Validation guarantees the required fields; the optional ones default to unset.
  const complete = { ...UNSET_FIELDS, ...fields } as Omit<JobFields, 'jobCode'> & { jobCode?: string };
  const state = account.approvalRequired
    ? { status: STATUS.PENDING_APPROVAL, approvalStatus: APPROVAL.PENDING }
    : { status: STATUS.IN_PROGRESS, approvalStatus: null };
  return store.createJob(account.id, complete, state);
}

/**
 * Publication on update: an omitted publishToCareerPage keeps the setting, an omitted
 * publishToFreeJobBoards turns free boards off. Turning a channel on needs an active, approved job.
 */
export function updateJob(store: SandboxStore, account: Account, job: Job, body: Record<string, unknown>): Job {
  const fields = validateJobBody(account, body, job);
  const career = fields.publishToCareerPage ?? job.publishToCareerPage;
  const freeBoards = fields.publishToFreeJobBoards ?? false;
  const enabling = (career && !job.publishToCareerPage) || (freeBoards && !job.publishToFreeJobBoards);
  if (enabling && !(isActive(job.status) && isApproved(job))) {
    throw new HttpError(
      409,
      'publication_not_allowed',
      `A publication channel can only be turned on for an active, approved job; job ${job.id} is ${statusLabel(job.status)}` +
        (isApproved(job) ? '' : ' and not approved'),
    );
  }
  return store.updateJob(job, { ...fields, publishToCareerPage: career, publishToFreeJobBoards: freeBoards });
}

export function changeStatus(store: SandboxStore, account: Account, job: Job, body: Record<string, unknown>): Job {
  const status = body.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || !SETTABLE_STATUSES.includes(status)) {
    const message =
      status === STATUS.PENDING_APPROVAL
        ? 'cannot be set: 3 (Pending Approval) is set by the approval workflow'
        : `must be one of ${SETTABLE_STATUSES.join(', ')} (see GET /job-options)`;
    throw validationError([{ field: 'status', code: 'invalid_status', message }]);
  }
  if (status === job.status) return job;
  if (status === STATUS.IN_PROGRESS) {
    if (!isApproved(job)) {
      throw new HttpError(409, 'approval_required', `Job ${job.id} cannot be activated: its approval is ${job.approvalStatus === 0 ? 'pending' : 'rejected'}`);
    }
    if (!store.hasCapacity(account.id)) throw capacityError(store);
  }
  return store.updateJob(job, { status });
}

function requirePending(job: Job): void {
  if (job.approvalStatus !== APPROVAL.PENDING) {
    throw new HttpError(409, 'not_pending_approval', `Job ${job.id} has no pending approval request`);
  }
}

/**
 * Approval activates the job (unless it was closed or rejected meanwhile). Activation enforces the active-job limit and revalidates the job's
 * details; when either fails the approval is refused (409) and the job stays pending.
 */
export function approveJob(store: SandboxStore, account: Account, job: Job): Job {
  requirePending(job);
  // Closed or rejected through the status endpoint while approval was pending: the approval is
  // recorded, but nobody asked to reopen the job.
  if (job.status === STATUS.CLOSED || job.status === STATUS.REJECTED) {
    return store.updateJob(job, { approvalStatus: APPROVAL.APPROVED });
  }
  if (!store.hasCapacity(account.id)) throw capacityError(store);
  try {
    const { id: _id, account: _account, status: _status, approvalStatus: _approval, createdAt: _c, updatedAt: _u, ...details } = job;
    validateJobBody(account, { ...details });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new HttpError(409, 'invalid_details', `Job ${job.id} cannot be activated: ${error.message}`, error.details);
    }
    throw error;
  }
  return store.updateJob(job, { approvalStatus: APPROVAL.APPROVED, status: STATUS.IN_PROGRESS });
}

export function rejectJob(store: SandboxStore, job: Job): Job {
  requirePending(job);
  return store.updateJob(job, { approvalStatus: APPROVAL.REJECTED, status: STATUS.REJECTED });
}
