// The items of each lookup list the sandbox serves, by its kind in the lookup-kind registry
// (src/domain/lookup-kinds.ts): the list's route, its paging and search, and the check of a job's
// reference into it all derive from that registry, so a new kind is a registry row and its data
// here (docs/architecture.md, "One description of the API").
import type { ListKind } from '../domain/lookup-kinds.js';
import type { Account } from './accounts.js';
import { employerTypes, industries, JOB_TYPES, EDUCATION_LEVELS, jobFunctions, SALARY_INTERVAL_OPTIONS, type Named } from './seed-lookups.js';
import { STATUSES } from './job-status.js';

/** An item of a list; one of a list that belongs to an industry carries its `industryId`. */
export type LookupItem = Named & { readonly industryId?: number };

/** The items of a list for an account (the service's lists are the same for every account). */
export type LookupSource = (account: Account) => readonly LookupItem[];

export const LOOKUP_DATA: Readonly<Record<ListKind, LookupSource>> = {
  industries: () => industries,
  functions: () => jobFunctions,
  'employer-types': () => employerTypes,
  customers: (account) => account.lookups.customers,
  departments: (account) => account.lookups.departments,
  'hiring-managers': (account) => account.lookups.hiringManagers,
  users: (account) => account.lookups.users,
};

/** The items of `kind`, or undefined when the sandbox has no data for it. */
export function lookupItems(kind: string, account: Account): readonly LookupItem[] | undefined {
  return (LOOKUP_DATA as Readonly<Record<string, LookupSource | undefined>>)[kind]?.(account);
}

/** GET /job-options: the statuses, and the sections that code fields (job-fields.ts `options`) take their codes from. */
export const JOB_OPTIONS = {
  initialStatus: 'account_workflow',
  statuses: STATUSES,
  jobTypes: JOB_TYPES,
  educationLevels: EDUCATION_LEVELS,
  salaryIntervals: SALARY_INTERVAL_OPTIONS,
};

/** The codes of a /job-options section, or undefined when there is no such section. */
export function optionCodes(section: string): readonly string[] | undefined {
  const list = (JOB_OPTIONS as Record<string, unknown>)[section];
  return Array.isArray(list) ? list.map((o: { code: string }) => o.code) : undefined;
}
