// Authentication (401) and permissions (403) of the sandbox's /v1 routes, over real HTTP.
import { describe, expect, it } from 'vitest';
import { call, useSandbox, validJob, type ApiResponse } from '../helpers/sandbox.js';

type ErrorResponse = ApiResponse<{ error: { code: string; message: string; details?: Array<{ field: string }> } }>;

const ACCOUNT_IDS = ['direct', 'approval', 'staffing'] as const;

/** A valid create body for each account (staffing needs one of its own customers). */
function jobFor(account: (typeof ACCOUNT_IDS)[number], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return validJob(account === 'staffing' ? { customerId: 1201, ...overrides } : overrides);
}

describe('sandbox authentication (401)', () => {
  const sandbox = useSandbox();

  function expectUnauthenticated(res: ErrorResponse): void {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'unauthenticated' } });
    expect(typeof res.body.error.message).toBe('string');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
  }

  it('answers 401 when the Authorization header is missing', async () => {
    expectUnauthenticated(await call(sandbox.current, 'GET', '/v1/industries', { token: null }));
    expectUnauthenticated(await call(sandbox.current, 'GET', '/v1/jobs/1', { token: null }));
    expectUnauthenticated(await call(sandbox.current, 'POST', '/v1/jobs', { token: null, body: validJob() }));
  });

  it.each([
    ['a Basic scheme', 'Basic c2J4X2RpcmVjdF9mdWxsOg=='],
    ['a bare token without a scheme', 'sbx_direct_full'],
    ['the Bearer scheme without a token', 'Bearer'],
    ['the Bearer scheme with an empty token', 'Bearer   '],
    ['two tokens', 'Bearer sbx_direct_full sbx_direct_full'],
  ])('answers 401 for a malformed header: %s', async (_name, header) => {
    const res = await call(sandbox.current, 'GET', '/v1/industries', { token: null, headers: { authorization: header } });
    expectUnauthenticated(res);
  });

  it('answers 401 for an unknown token', async () => {
    expectUnauthenticated(await call(sandbox.current, 'GET', '/v1/industries', { token: 'sbx_nobody_full' }));
    expectUnauthenticated(await call(sandbox.current, 'GET', '/v1/jobs/1', { token: 'SBX_DIRECT_FULL' }));
  });

  it('accepts the Bearer scheme case-insensitively', async () => {
    const res = await call(sandbox.current, 'GET', '/v1/industries', {
      token: null,
      headers: { authorization: 'bearer sbx_direct_full' },
    });
    expect(res.status).toBe(200);
  });

  it('creates nothing on a 401', async () => {
    const title = 'Unauthenticated Create Attempt';
    const res = await call(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_nobody_full', body: validJob({ title }) });
    expect(res.status).toBe(401);
    const list = await call(sandbox.current, 'GET', `/v1/jobs?search=${encodeURIComponent(title)}`);
    expect(list.body.meta.pagination.totalItems).toBe(0);
  });
});

describe('sandbox permissions (403)', () => {
  const sandbox = useSandbox();

  function expectForbidden(res: ErrorResponse, permission: string): void {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'forbidden' } });
    expect(res.body.error.message).toContain(permission);
  }

  it('refuses every job operation to a lookups-only token', async () => {
    const token = 'sbx_direct_lookups';
    expectForbidden(await call(sandbox.current, 'GET', '/v1/jobs/1', { token }), 'jobs.read');
    expectForbidden(await call(sandbox.current, 'GET', '/v1/jobs', { token }), 'jobs.read');
    expectForbidden(await call(sandbox.current, 'POST', '/v1/jobs', { token, body: validJob() }), 'jobs.write');
    expectForbidden(await call(sandbox.current, 'PATCH', '/v1/jobs/1', { token, body: { title: 'Nope' } }), 'jobs.write');
    expectForbidden(
      await call(sandbox.current, 'PATCH', '/v1/jobs/1/status', { token, body: { status: 1 } }),
      'jobs.status.write',
    );
  });

  it('lets a lookups-only token read lookups', async () => {
    const res = await call(sandbox.current, 'GET', '/v1/job-options', { token: 'sbx_direct_lookups' });
    expect(res.status).toBe(200);
  });

  it('lets a readonly token read jobs but not create, update or change status', async () => {
    const token = 'sbx_direct_readonly';
    expect((await call(sandbox.current, 'GET', '/v1/jobs/1', { token })).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/v1/jobs', { token })).status).toBe(200);
    expectForbidden(await call(sandbox.current, 'POST', '/v1/jobs', { token, body: validJob() }), 'jobs.write');
    expectForbidden(await call(sandbox.current, 'PATCH', '/v1/jobs/1', { token, body: { title: 'Nope' } }), 'jobs.write');
    expectForbidden(
      await call(sandbox.current, 'PATCH', '/v1/jobs/1/status', { token, body: { status: 1 } }),
      'jobs.status.write',
    );
  });

  it('refuses status changes to a nostatus token but lets it create and update', async () => {
    const token = 'sbx_direct_nostatus';
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      token,
      body: validJob({ title: 'Nostatus Created Job' }),
      idempotencyKey: 'auth-nostatus-create',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const updated = await call(sandbox.current, 'PATCH', `/v1/jobs/${id}`, {
      token,
      body: { title: 'Nostatus Updated Job' },
      idempotencyKey: 'auth-nostatus-update',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Nostatus Updated Job');
    expectForbidden(
      await call(sandbox.current, 'PATCH', `/v1/jobs/${id}/status`, { token, body: { status: 2 } }),
      'jobs.status.write',
    );
    const after = await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token });
    expect(after.body.status).toBe(5);
  });

  it.each(ACCOUNT_IDS)('allows every operation to the %s account full token', async (account) => {
    const token = `sbx_${account}_full`;
    expect((await call(sandbox.current, 'GET', '/v1/industries', { token })).status).toBe(200);
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      token,
      body: jobFor(account, { title: `Full Token Job ${account}` }),
      idempotencyKey: `auth-full-${account}-create`,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token })).status).toBe(200);
    const list = await call(sandbox.current, 'GET', '/v1/jobs', { token });
    expect(list.status).toBe(200);
    const updated = await call(sandbox.current, 'PATCH', `/v1/jobs/${id}`, {
      token,
      body: { title: `Full Token Job ${account} (edited)` },
      idempotencyKey: `auth-full-${account}-update`,
    });
    expect(updated.status).toBe(200);
    const status = await call(sandbox.current, 'PATCH', `/v1/jobs/${id}/status`, {
      token,
      body: { status: 1 },
      idempotencyKey: `auth-full-${account}-status`,
    });
    expect(status.status).toBe(200);
    expect(status.body.status).toBe(1);
  });

  it('changes nothing when a request is refused with 403', async () => {
    const before = await call(sandbox.current, 'GET', '/v1/jobs/2');
    expect(before.status).toBe(200);
    const listBefore = await call(sandbox.current, 'GET', '/v1/jobs');

    expect((await call(sandbox.current, 'PATCH', '/v1/jobs/2', { token: 'sbx_direct_readonly', body: { title: 'Hijacked' } })).status).toBe(403);
    expect((await call(sandbox.current, 'PATCH', '/v1/jobs/2/status', { token: 'sbx_direct_nostatus', body: { status: 1 } })).status).toBe(403);
    expect((await call(sandbox.current, 'PATCH', '/v1/jobs/2/status', { token: 'sbx_direct_lookups', body: { status: 1 } })).status).toBe(403);
    expect((await call(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_direct_readonly', body: validJob() })).status).toBe(403);

    const after = await call(sandbox.current, 'GET', '/v1/jobs/2');
    expect(after.body).toEqual(before.body);
    const listAfter = await call(sandbox.current, 'GET', '/v1/jobs');
    expect(listAfter.body.meta.pagination.totalItems).toBe(listBefore.body.meta.pagination.totalItems);
  });

  it('does not consume an idempotency key on a 403', async () => {
    const key = 'auth-403-key';
    const body = validJob({ title: 'Refused Then Allowed' });
    const refused = await call(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_direct_readonly', body, idempotencyKey: key });
    expect(refused.status).toBe(403);
    const allowed = await call(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_direct_full', body, idempotencyKey: key });
    expect(allowed.status).toBe(201);
    expect(allowed.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each(ACCOUNT_IDS)('refuses every lookup to the %s nolookups token (no organization.read) with 403', async (account) => {
    const token = `sbx_${account}_nolookups`;
    for (const path of ['/v1/job-options', '/v1/industries', '/v1/job-functions?industry_id=1', '/v1/employer-types?industry_id=1',
      '/v1/customers', '/v1/departments', '/v1/hiring-managers', '/v1/users']) {
      expectForbidden(await call(sandbox.current, 'GET', path, { token }), 'organization.read');
    }
    // The same token reads, creates, updates and moves jobs by id.
    expect((await call(sandbox.current, 'GET', '/v1/jobs', { token })).status).toBe(200);
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      token,
      body: jobFor(account, { title: `Nolookups Job ${account}` }),
      idempotencyKey: `auth-nolookups-${account}`,
    });
    expect(created.status).toBe(201);
    const status = await call(sandbox.current, 'PATCH', `/v1/jobs/${created.body.id as number}/status`, {
      token,
      body: { status: 2 },
      idempotencyKey: `auth-nolookups-${account}-status`,
    });
    expect(status.status).toBe(200);
  });

  it.each(ACCOUNT_IDS)('creates a job with the %s writeonly token: jobs.write is the only permission creation needs', async (account) => {
    const token = `sbx_${account}_writeonly`;
    const title = `Writeonly Job ${account}`;
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      token,
      body: jobFor(account, { title }),
      idempotencyKey: `auth-writeonly-${account}`,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title, status: account === 'approval' ? 3 : 5 });
    const id = created.body.id as number;
    // And updating, with nothing else either.
    const updated = await call(sandbox.current, 'PATCH', `/v1/jobs/${id}`, {
      token,
      body: { title: `${title} (edited)` },
      idempotencyKey: `auth-writeonly-${account}-update`,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe(`${title} (edited)`);
    // Everything else is refused: reading it back, listing, status, lookups.
    expectForbidden(await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token }), 'jobs.read');
    expectForbidden(await call(sandbox.current, 'GET', '/v1/jobs', { token }), 'jobs.read');
    expectForbidden(await call(sandbox.current, 'PATCH', `/v1/jobs/${id}/status`, { token, body: { status: 1 } }), 'jobs.status.write');
    expectForbidden(await call(sandbox.current, 'GET', '/v1/industries', { token }), 'organization.read');
    const stored = await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: `sbx_${account}_full` });
    expect(stored.body).toMatchObject({ title: `${title} (edited)` });
  });

  it("hides another account's job (404) even from a full token", async () => {
    // Job 13 is a seeded job of the approval account.
    expect((await call(sandbox.current, 'GET', '/v1/jobs/13', { token: 'sbx_approval_full' })).status).toBe(200);
    const res = await call(sandbox.current, 'GET', '/v1/jobs/13', { token: 'sbx_direct_full' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('sandbox tokens (GET /_sandbox/tokens)', () => {
  const sandbox = useSandbox();

  it('lists 18 tokens: one per account and permission set', async () => {
    const res = await call(sandbox.current, 'GET', '/_sandbox/tokens', { token: null });
    expect(res.status).toBe(200);
    const tokens = res.body as Array<{ token: string; account: string; permissions: string[] }>;
    expect(tokens).toHaveLength(18);
    for (const entry of tokens) {
      expect(Object.keys(entry).sort()).toEqual(['account', 'permissions', 'token']);
      expect(ACCOUNT_IDS).toContain(entry.account);
      expect(entry.token).toMatch(new RegExp(`^sbx_${entry.account}_(full|readonly|nostatus|lookups|nolookups|writeonly)$`));
    }
    expect(new Set(tokens.map((t) => t.token)).size).toBe(18);
    for (const account of ACCOUNT_IDS) {
      const own = tokens.filter((t) => t.account === account);
      expect(Object.fromEntries(own.map((t) => [t.token.slice(`sbx_${account}_`.length), [...t.permissions].sort()]))).toEqual({
        full: ['jobs.read', 'jobs.status.write', 'jobs.write', 'organization.read'],
        readonly: ['jobs.read', 'organization.read'],
        nostatus: ['jobs.read', 'jobs.write', 'organization.read'],
        lookups: ['organization.read'],
        nolookups: ['jobs.read', 'jobs.status.write', 'jobs.write'],
        writeonly: ['jobs.write'],
      });
    }
  });

  it('lists tokens that the API accepts, with exactly the listed permissions', async () => {
    const res = await call(sandbox.current, 'GET', '/_sandbox/tokens', { token: null });
    for (const { token, permissions } of res.body as Array<{ token: string; permissions: string[] }>) {
      const lookup = await call(sandbox.current, 'GET', '/v1/job-options', { token });
      expect(lookup.status, token).toBe(permissions.includes('organization.read') ? 200 : 403);
      const read = await call(sandbox.current, 'GET', '/v1/jobs', { token });
      expect(read.status, token).toBe(permissions.includes('jobs.read') ? 200 : 403);
    }
  });
});
