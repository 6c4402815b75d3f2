// Two items of one file with the same jobCode are refused before anything is
// sent (a copied spreadsheet row keeps its code; jobs apply then refuses the account's file).
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, posts, tempFile, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

describe('the same jobCode twice in one file', () => {
  it('is refused naming both items (JSON) and both rows (CSV); nothing is sent', async () => {
    const items = [...jobs('Coded Job', 3)].map((job, i) => ({ ...job, jobCode: i === 2 ? 'DUP-1' : `C-${i}` }));
    items[0]!.jobCode = 'DUP-1';
    const file = writeJobs('dup-codes.ndjson', items);
    proxy.reset();
    const json = await batch(proxy.baseUrl, file);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('  - item 2 jobCode: "DUP-1" is also the jobCode of item 0; each job needs a code of its own');
    expect(posts(proxy)).toHaveLength(0);

    const job = jobs('x', 1)[0]!;
    const header = 'title,jobCode,jobFunctionId,employerTypeId,location,description';
    const row = (title: string, code: string) => `${title},${code},${job.jobFunctionId},${job.employerTypeId},"${job.location}",${job.description}`;
    const csv = tempFile('dup-codes.csv', `${header}\n${row('A', 'X-1')}\n${row('B', 'X-2')}\n${row('C', 'X-1')}\n`);
    const rows = await batch(proxy.baseUrl, csv);
    expect(rows.code).toBe(2);
    expect(rows.stderr).toContain('  - row 4, column jobCode: "X-1" is also the jobCode of row 2; each job needs a code of its own');
    expect(posts(proxy)).toHaveLength(0);
  });
});
