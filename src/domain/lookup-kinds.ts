// The lookup lists of the API, one row each: the kind `recruit lookup <kind>` (and its completion)
// takes, the path it reads, what an item is called, whether the list belongs to an industry (the
// `industry_id` query), and the columns shown after ID and NAME (docs/decisions.md: lookup item
// fields). Reference fields of a job (job-fields.ts) name their list by its kind. Pure data: the
// sandbox may read it, and `--help` loads it.

export interface LookupKindSpec {
  readonly kind: string;
  readonly path: string;
  /** Plural noun for messages ("job functions"); absent for job-options, which is no list. */
  readonly noun?: string;
  /** What one item is called ("job function"). */
  readonly what?: string;
  /** The list belongs to an industry: read with `industry_id`, and `--industry` is required. */
  readonly byIndustry?: boolean;
  /** Item fields shown after ID and NAME. */
  readonly extra?: readonly string[];
}

/** In the order `recruit lookup --help` names them. */
export const LOOKUP_TABLE = [
  { kind: 'job-options', path: '/job-options' },
  { kind: 'industries', path: '/industries', noun: 'industries', what: 'industry', extra: [] },
  { kind: 'functions', path: '/job-functions', noun: 'job functions', what: 'job function', byIndustry: true, extra: [] },
  { kind: 'employer-types', path: '/employer-types', noun: 'employer types', what: 'employer type', byIndustry: true, extra: [] },
  { kind: 'customers', path: '/customers', noun: 'customers', what: 'customer', extra: ['city', 'country'] },
  { kind: 'departments', path: '/departments', noun: 'departments', what: 'department', extra: [] },
  { kind: 'hiring-managers', path: '/hiring-managers', noun: 'hiring managers', what: 'hiring manager', extra: ['email'] },
  { kind: 'users', path: '/users', noun: 'users', what: 'user', extra: ['email', 'role'] },
] as const satisfies readonly LookupKindSpec[];

export type LookupKind = (typeof LOOKUP_TABLE)[number]['kind'];
/** The kinds that are lists of named items (all but job-options). */
export type ListKind = Exclude<LookupKind, 'job-options'>;

/** The query parameter of a list that belongs to an industry. */
export const INDUSTRY_QUERY = 'industry_id';

export function lookupKind(kind: LookupKind): LookupKindSpec {
  return LOOKUP_TABLE.find((row) => row.kind === kind)!;
}
