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
  /** The list is the account's own (customers, users), not the service's. */
  readonly ofAccount?: boolean;
  /** The spec shows `search` on it (on the others the sandbox takes it as well). */
  readonly searchInSpec?: boolean;
  /** How docs/openapi.yaml describes it (the sandbox serves it from this and its data alone). */
  readonly api?: LookupApi;
}

/** A list's place in docs/openapi.yaml. */
export interface LookupApi {
  /** The schema of an item (`JobFunction`); its page is `JobFunctionPage`. */
  readonly schema: string;
  /** Item fields beyond id and name, as JSON Schema; every item has them. */
  readonly fields?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** What an item is, and what the list operation adds to `Requires organization.read.`. */
  readonly item?: string;
  readonly doc?: string;
  /** The operation's summary noun when it is not `noun` ("client companies"). */
  readonly summaryNoun?: string;
  readonly notInSpec?: string;
}

/** In the order `recruit lookup --help` names them. */
export const LOOKUP_TABLE = [
  { kind: 'job-options', path: '/job-options' },
  { kind: 'industries', path: '/industries', noun: 'industries', what: 'industry', extra: [],
    api: { schema: 'Industry', notInSpec: 'Industry item fields are not shown; we use {id, name} like job functions.' } },
  { kind: 'functions', path: '/job-functions', noun: 'job functions', what: 'job function', byIndustry: true, extra: [], searchInSpec: true,
    api: { schema: 'JobFunction' } },
  { kind: 'employer-types', path: '/employer-types', noun: 'employer types', what: 'employer type', byIndustry: true, extra: [], searchInSpec: true,
    api: { schema: 'EmployerType', item: 'A classification of an employer (not a client company).' } },
  { kind: 'customers', path: '/customers', noun: 'customers', what: 'customer', extra: ['city', 'country'], ofAccount: true,
    api: { schema: 'Customer', item: 'A client company.', summaryNoun: 'client companies', fields: { city: { type: 'string' }, country: { type: 'string' } },
      doc: 'A staffing account must name one of these as `customerId` on every job; on other accounts a customer is optional (the sandbox\'s direct account has none).',
      notInSpec: 'Client company item fields are not shown; city and country are ours.' } },
  { kind: 'departments', path: '/departments', noun: 'departments', what: 'department', extra: [], ofAccount: true,
    api: { schema: 'Department', notInSpec: 'Department item fields are not shown.' } },
  { kind: 'hiring-managers', path: '/hiring-managers', noun: 'hiring managers', what: 'hiring manager', extra: ['email'], ofAccount: true,
    api: { schema: 'HiringManager', fields: { email: { type: 'string' }, departmentId: { type: 'integer', minimum: 1 } },
      notInSpec: 'Hiring manager item fields are not shown.' } },
  { kind: 'users', path: '/users', noun: 'users', what: 'user', extra: ['email', 'role'], ofAccount: true,
    api: { schema: 'User', fields: { email: { type: 'string' }, role: { type: 'string', enum: ['admin', 'recruiter', 'hiring_manager', 'approver'] } },
      notInSpec: 'User item fields, and the roles, are not shown.' } },
] as const satisfies readonly LookupKindSpec[];

export type LookupKind = (typeof LOOKUP_TABLE)[number]['kind'];
/** The kinds that are lists of named items (all but job-options). */
export type ListKind = Exclude<LookupKind, 'job-options'>;

/** The query parameter of a list that belongs to an industry. */
export const INDUSTRY_QUERY = 'industry_id';

export function lookupKind(kind: LookupKind): LookupKindSpec {
  return LOOKUP_TABLE.find((row) => row.kind === kind)!;
}
