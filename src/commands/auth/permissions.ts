// What a token may do, from requests that cannot change anything: the list of jobs (one job), a
// job created from an empty object (every required field missing: 400, no job), and the status
// of job 0 set to nothing (no such job, no status: 400 or 404). A 403 is "not permitted"; any other
// answer is taken as permitted, as the spec has a 403 for a credential without the permission of
// the operation and says nothing of the order of the checks. The spec has no way to list a
// credential's permissions.
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';

/** true: permitted; false: refused with 403; null: not known (the check itself failed). */
export interface Permissions {
  readJobs: boolean | null;
  changeJobs: boolean | null;
  changeStatus: boolean | null;
}

async function permitted(request: () => Promise<unknown>): Promise<boolean | null> {
  try {
    await request();
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 403) return false;
    if (error.status === 400 || error.status === 404 || error.status === 409 || error.status === 422) return true;
    return null;
  }
}

export async function checkPermissions(api: ApiClient): Promise<Permissions> {
  const [readJobs, changeJobs, changeStatus] = await Promise.all([
    permitted(() => api.request('GET', '/jobs', { query: { pageSize: 1 } })),
    permitted(() => api.request('POST', '/jobs', { body: {}, idempotencyKey: `recruit-probe-${crypto.randomUUID()}` })),
    permitted(() => api.request('PATCH', '/jobs/0/status', { body: {} })),
  ]);
  return { readJobs, changeJobs, changeStatus };
}

/** "read jobs, create and update jobs; not change statuses (403)". */
export function describePermissions(p: Permissions): string {
  const parts: Array<[boolean | null, string, string]> = [
    [p.readJobs, 'read jobs', 'read jobs'],
    [p.changeJobs, 'create and update jobs', 'create or update jobs'],
    [p.changeStatus, 'change statuses', 'change statuses'],
  ];
  const yes = parts.filter(([v]) => v === true).map(([, w]) => w);
  const no = parts.filter(([v]) => v === false).map(([, , w]) => `not ${w} (403)`);
  const unknown = parts.filter(([v]) => v === null).map(([, w]) => `${w}: not known`);
  return [yes.join(', '), [...no, ...unknown].join(', ')].filter(Boolean).join('; ');
}
