// The sandbox's three accounts (docs/reference/sandbox.md) and their fixed bearer tokens, one per permission set.
// The sets are chosen so that each permission rule (docs/api-rules.md) can be seen failing and passing.
import { accountLookups, APPROVAL_CUSTOMERS, STAFFING_CUSTOMERS, type AccountLookups } from './seed-lookups.js';

export type AccountId = 'direct' | 'approval' | 'staffing';
export type Permission = 'organization.read' | 'jobs.read' | 'jobs.write' | 'jobs.status.write';

export interface Account {
  id: AccountId;
  name: string;
  /** Jobs are created as pending approval (status 3) instead of active (status 5). */
  approvalRequired: boolean;
  /** Every job must name a client company (customerId). */
  customerRequired: boolean;
  lookups: AccountLookups;
}

export const ACCOUNTS: Record<AccountId, Account> = {
  direct: {
    id: 'direct',
    name: 'Direct Employer Inc.',
    approvalRequired: false,
    customerRequired: false,
    lookups: accountLookups(0, 'direct.example', []),
  },
  approval: {
    id: 'approval',
    name: 'Approval Workflow Ltd.',
    approvalRequired: true,
    customerRequired: false,
    lookups: accountLookups(1, 'approval.example', APPROVAL_CUSTOMERS),
  },
  staffing: {
    id: 'staffing',
    name: 'Staffing Partners LLC',
    approvalRequired: false,
    customerRequired: true,
    lookups: accountLookups(2, 'staffing.example', STAFFING_CUSTOMERS),
  },
};

export const PERMISSION_SETS = {
  full: ['organization.read', 'jobs.read', 'jobs.write', 'jobs.status.write'],
  readonly: ['organization.read', 'jobs.read'],
  nostatus: ['organization.read', 'jobs.read', 'jobs.write'],
  lookups: ['organization.read'],
  // Without organization.read: lookups are refused (403), the job routes work with ids.
  nolookups: ['jobs.read', 'jobs.write', 'jobs.status.write'],
  // jobs.write alone: creating and updating need nothing else (docs/api-rules.md, "Create-job rules" 3).
  writeonly: ['jobs.write'],
} as const satisfies Record<string, readonly Permission[]>;

export type PermissionSet = keyof typeof PERMISSION_SETS;

export interface SandboxToken {
  token: string;
  account: AccountId;
  permissionSet: PermissionSet;
  permissions: readonly Permission[];
}

/** Tokens are `sbx_<account>_<permission set>`, e.g. `sbx_direct_full`; they never change. */
export const TOKENS: SandboxToken[] = (Object.keys(ACCOUNTS) as AccountId[]).flatMap((account) =>
  (Object.keys(PERMISSION_SETS) as PermissionSet[]).map((permissionSet) => ({
    token: `sbx_${account}_${permissionSet}`,
    account,
    permissionSet,
    permissions: PERMISSION_SETS[permissionSet],
  })),
);

const BY_TOKEN = new Map(TOKENS.map((t) => [t.token, t]));

export function findToken(token: string): SandboxToken | undefined {
  return BY_TOKEN.get(token);
}
