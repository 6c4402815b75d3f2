// Two items of one file with the same jobCode are refused before anything is
// sent (a copied spreadsheet row keeps its code; jobs apply then refuses the account's file).
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { runCli } from '../helpers/cli.js';
import type { SheetCell } from '../helpers/xlsx.js';
import { batch, jobs, posts, tempFile, useRecordingProxy, writeJobs } from './helpers.js';
import { bytesFile, exceljsWorkbook } from './xlsx-jobs.js';

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

describe('a copied row of an export: its id emptied, its jobCode kept', () => {
  const job = jobs('x', 1)[0]!;
  const header = 'id,title,jobCode,jobFunctionId,employerTypeId,location,description';
  const line = (id: string, title: string, code: string) => `${id},${title},${code},${job.jobFunctionId},${job.employerTypeId},"${job.location}",${job.description}`;
  const said = (row: number, first: number) => `  - row ${row}, column jobCode: "EX-1" is also the jobCode of row ${first}; each job needs a code of its own`;

  it('is refused naming both rows and the code (CSV), whichever row comes first; nothing is sent', async () => {
    const after = tempFile('copied-after.csv', `${header}\n${line('7', 'Kept', 'EX-1')}\n${line('', 'Copy', 'EX-1')}\n`);
    proxy.reset();
    const res = await batch(proxy.baseUrl, after);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(said(3, 2));
    expect(posts(proxy)).toHaveLength(0);

    const before = tempFile('copied-before.csv', `${header}\n${line('', 'Copy', 'EX-1')}\n${line('', 'Other', 'EX-2')}\n${line('7', 'Kept', 'EX-1')}\n`);
    const res2 = await batch(proxy.baseUrl, before);
    expect(res2.code, res2.stderr).toBe(2);
    expect(res2.stderr).toContain('  - row 2, column jobCode: "EX-1" is also the jobCode of row 4; each job needs a code of its own');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('is refused in a workbook the same way', async () => {
    const cells = header.split(',');
    const value = (id: number | null, title: string) => cells.map((c) => ({ id, title, jobCode: 'EX-1', jobFunctionId: job.jobFunctionId, employerTypeId: job.employerTypeId, location: job.location, description: job.description } as Record<string, SheetCell>)[c] ?? null);
    const path = bytesFile('copied.xlsx', await exceljsWorkbook([{ name: 'Jobs', rows: [cells, value(7, 'Kept'), value(null, 'Copy')] }]));
    proxy.reset();
    const res = await batch(proxy.baseUrl, path);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(said(3, 2));
    expect(posts(proxy)).toHaveLength(0);
  });

  it('is refused in JSON and NDJSON: the exported item by its id, the copy by its code', async () => {
    for (const format of ['array', 'ndjson'] as const) {
      const file = writeJobs(`copied.${format}.json`, [{ ...job, id: 7, jobCode: 'EX-1' }, { ...job, jobCode: 'EX-1' }], format);
      proxy.reset();
      const res = await batch(proxy.baseUrl, file);
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toContain('  - item 0 id: is job 7, which exists');
      expect(res.stderr).toContain('  - item 1 jobCode: "EX-1" is also the jobCode of item 0; each job needs a code of its own');
      expect(posts(proxy)).toHaveLength(0);
    }
  });

  it('jobs apply says the same of the same sheet', async () => {
    const path = tempFile('copied-apply.csv', `${header}\n${line('7', 'Kept', 'EX-1')}\n${line('', 'Copy', 'EX-1')}\n`);
    proxy.reset();
    const res = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'apply', '--file', path, '--yes'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(said(3, 2));
    expect(posts(proxy)).toHaveLength(0);
  });
});
