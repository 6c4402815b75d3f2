// Every problem of a `jobs create` in one round: the local checks, the names
// (an employer type is checked even when its industry is misspelt), nothing sent.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { useSandbox } from '../../helpers/sandbox.js';

describe('jobs create: validation in one round', () => {
  const sandbox = useSandbox();

  it('reports a short description, a bad location, a misspelt industry and a misspelt employer type together', async () => {
    const before = sandbox.current.store.jobs.size;
    const result = await runCli(
      ['jobs', 'create', '--title', 'One Round', '--description', 'too short', '--location', 'Remote',
        '--industry', 'Informaton Technology', '--job-function', 'Data Engineering', '--employer-type', 'SaaS Startp'],
      { env: { RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('(description): has 2 words; at least 100 are required');
    expect(result.stderr).toContain('(location): must be a full location even for a remote job');
    expect(result.stderr).toMatch(/--industry \(industry\): .*Informaton Technology.*Information Technology/);
    expect(result.stderr).toMatch(/--employer-type \(employerType\): .*SaaS Startp.*SaaS Startup/);
    expect(result.stderr).not.toContain('jobFunction)');
    expect(sandbox.current.store.jobs.size).toBe(before);
  });
});
