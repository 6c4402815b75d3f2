// The customer (client company): required on staffing accounts, a detail with "No customer" on the
// others (steps/index.ts), and never offered when the account has none.
import { getPage } from '../../api/paginate.js';
import { namedShape } from '../../api/shapes.js';
import type { Named } from '../../api/types.js';
import { UsageError } from '../../core/errors.js';
import { BACK } from '../../prompts/back.js';
import type { Session, Step } from '../session.js';
import { askLookup } from './prompts.js';

export async function hasCustomers(session: Session): Promise<boolean> {
  if (session.cache.hasCustomers === undefined) {
    const page = await getPage<Named>(session.api, '/customers', { pageSize: 1 }, namedShape);
    session.cache.hasCustomers = (page.meta?.pagination?.totalItems ?? page.data.length) > 0;
  }
  return session.cache.hasCustomers;
}

const describe = (c: Named) => {
  const where = [c.city, c.country].filter((p): p is string => typeof p === 'string' && p !== '').join(', ');
  return where ? `${c.name} (${where})` : c.name;
};

export const customerStep: Step = {
  id: 'customer',
  label: 'Customer',
  keys: ['customer'],
  fields: ['customerId', 'customer'],
  async applies(session) {
    return session.staffing || (await hasCustomers(session));
  },
  required: (session) => session.staffing,
  async ask(session, step) {
    if (session.staffing && !(await hasCustomers(session))) {
      throw new UsageError(
        'this staffing account has no customers, and a job on a staffing account needs one',
        [],
        'add the client company in the recruitment application first (`recruit lookup customers` lists them)',
      );
    }
    const pick = await askLookup(session, step, {
      message: session.staffing ? 'Customer (required on a staffing account)' : 'Customer',
      path: '/customers',
      current: session.answers.customer,
      ...(session.staffing ? {} : { none: 'No customer' }),
      label: describe,
    });
    if (pick === BACK) return BACK;
    if (pick === null && session.staffing) throw new UsageError('a customer is required on a staffing account');
    return { customer: pick };
  },
  show: (a) => a.customer?.name ?? 'none',
};
