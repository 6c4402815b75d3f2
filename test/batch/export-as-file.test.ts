// A `jobs list --json` export as the file of `jobs create --file`: the fields
// the service sets are left out with one note; an item with an id is named as an existing job.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, countTitle, parseJson, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });

describe('a --json export fed to jobs create --file', () => {
  it('leaves out the service fields with one note, and names items with an id as existing jobs', async () => {
    const listed = await runCli(['jobs', 'get', '3', '--json', '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    const job = JSON.parse(listed.stdout) as Record<string, unknown>;
    const { id: _id, jobCode: _code, ...copy } = job;
    const file = writeJobs('export.json', [{ ...copy, title: 'Exported Copy' }], 'array');
    const created = await batch(sandbox.current.baseUrl, file, ['--json']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('note: status, statusLabel, approvalStatus, approvalStatusLabel, createdAt, updatedAt are set by the service and are not sent');
    expect(created.stderr).not.toContain('cannot be given');
    expect(parseJson(created.stdout)[0].result).toBe('created');
    expect(countTitle(sandbox.current, 'Exported Copy')).toBe(1);

    const whole = writeJobs('export-whole.json', [job], 'array');
    const refused = await batch(sandbox.current.baseUrl, whole);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('  - item 0 id: is job 3, which exists: `jobs create` makes new jobs (for a copy, remove its id and jobCode; to change it, `jobs update` or `jobs apply`)');
    expect(refused.stderr.match(/^ {2}- /gm)).toHaveLength(1);
  });
});
