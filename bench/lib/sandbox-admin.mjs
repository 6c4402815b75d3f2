// Small requests to a running sandbox between benchmark runs.
import { request } from 'undici';

/** Restores the seeded state: no created jobs, no idempotency keys. */
export async function resetSandbox(baseUrl) {
  const res = await request(`${new URL(baseUrl).origin}/_sandbox/reset`, { method: 'POST' });
  await res.body.dump();
  if (res.statusCode !== 200) throw new Error(`POST /_sandbox/reset answered ${res.statusCode}`);
}

/** How many jobs the account of `token` has. */
export async function countJobs(baseUrl, token) {
  const res = await request(`${baseUrl}/jobs?pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.body.json();
  if (res.statusCode !== 200) throw new Error(`GET /jobs answered ${res.statusCode}`);
  return body.meta.pagination.totalItems;
}

/** Every answer of the sandbox waits `latency` milliseconds (a number, or a range `20-40`). */
export async function setLatency(baseUrl, latency) {
  const res = await request(`${new URL(baseUrl).origin}/_sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ spec: `latency=${latency}` }),
  });
  await res.body.dump();
  if (res.statusCode !== 200) throw new Error(`PUT /_sandbox/faults answered ${res.statusCode}`);
}
