// The hint after a batch's 409s names the cause that applies: freeing active-job
// slots on a full account, creating unpublished when publication was refused (approval accounts).
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, writeJobs } from './helpers.js';

describe('the hint of a batch refused with 409', () => {
  const full = useSandbox({ activeJobLimit: 1 });

  it('on a full direct account: free slots, no word of approval', async () => {
    const file = writeJobs('full.ndjson', jobs('Full Account Job', 1));
    const result = await batch(full.current.baseUrl, file);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^hint: free active-job slots/m);
    expect(result.stderr).not.toContain('approval');
  });

  it('on an approval account asked to publish: create unpublished, no word of slots', async () => {
    const file = writeJobs('publish.ndjson', jobs('Publish Approval Job', 1, { publishToCareerPage: true }));
    const result = await batch(full.current.baseUrl, file, [], { token: 'sbx_approval_full' });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^hint: .*unpublished/m);
    expect(result.stderr).not.toMatch(/^hint: .*slots/m);
  });
});
