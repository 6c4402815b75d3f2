// Sandbox GET /jobs/{id} per second (docs/performance.md: at least 3,000 on one core), beside a minimal
// node:http server measured the same way in the same run. Each server is one Node process, so one core.
import { measureThroughput } from './lib/load.mjs';
import { startBaselineServer, startSandboxServer } from './lib/servers.mjs';

export async function sandboxThroughput({ seconds = 3 } = {}) {
  const headers = { authorization: 'Bearer sbx_direct_full' };
  const baseline = await startBaselineServer();
  const baselineRps = await measureThroughput(`${baseline.baseUrl}/jobs/1`, { headers, seconds }).finally(baseline.stop);
  const sandbox = await startSandboxServer();
  const sandboxRps = await measureThroughput(`${sandbox.baseUrl}/jobs/1`, { headers, seconds }).finally(sandbox.stop);
  return [
    {
      name: 'sandbox GET /jobs/{id} per second',
      value: Math.round(sandboxRps),
      unit: 'req/s',
      baseline: { name: 'minimal node:http server', value: Math.round(baselineRps) },
      ratio: sandboxRps / baselineRps,
      budget: { minValue: 3000, met: sandboxRps >= 3000 },
    },
  ];
}
