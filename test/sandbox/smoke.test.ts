import { describe, expect, it } from 'vitest';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

describe('sandbox smoke', () => {
  const sandbox = useSandbox();

  it('serves lookups and creates a job over real HTTP', async () => {
    const industries = await call(sandbox.current, 'GET', '/v1/industries');
    expect(industries.status).toBe(200);
    expect(industries.body.data).toHaveLength(10);
    const created = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob(), idempotencyKey: 'smoke-1' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 5, statusLabel: 'In Progress', approvalStatus: null });
  });
});
