// An item edited after an earlier run created it is refused by default (it would
// be a second job), naming the job it was created as; --create-edited creates it anyway.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, countTitle, jobs, parseJson, posts, tempFile, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

describe('an edited item that was created earlier', () => {
  it('is refused, naming the job and the ways to change it; nothing is sent; --create-edited creates it', async () => {
    const items = jobs('Retitled Job', 3);
    const file = writeJobs('retitled.ndjson', items);
    const first = await batch(proxy.baseUrl, file, ['--json']);
    expect(first.code, first.stderr).toBe(0);
    const createdAs = parseJson(first.stdout)[1].jobId as number;

    writeJobs('retitled.ndjson', [items[0]!, { ...items[1]!, title: 'Retitled Job 1 II' }, items[2]!]);
    proxy.reset();
    const again = await batch(proxy.baseUrl, file);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`item 1: created as job ${createdAs} from an earlier version of this file; sending it would create a second job`);
    expect(again.stderr).toContain(`recruit jobs update ${createdAs}`);
    expect(again.stderr).toContain('jobs apply');
    expect(again.stderr).toContain('--create-edited');
    expect(posts(proxy)).toHaveLength(0);
    expect(countTitle(sandbox.current, 'Retitled Job 1 II')).toBe(0);

    const forced = await batch(proxy.baseUrl, file, ['--create-edited', '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(parseJson(forced.stdout).map((r: { result: string }) => r.result)).toEqual(['already_created', 'created', 'already_created']);
    expect(countTitle(sandbox.current, 'Retitled Job 1 II')).toBe(1);

    // From then on the edited item is one the journal created: a plain re-run sends nothing.
    proxy.reset();
    expect((await batch(proxy.baseUrl, file)).code).toBe(0);
    expect(posts(proxy)).toHaveLength(0);
  });

  it('is sent as any new item when its earlier version was refused, not created', async () => {
    const items = jobs('Fixed Job', 3);
    const file = writeJobs('fixed.ndjson', [items[0]!, { ...items[1]!, jobFunctionId: 999_999 }, items[2]!]);
    const first = await batch(proxy.baseUrl, file, ['--json']);
    expect(parseJson(first.stdout).map((r: { result: string }) => r.result)).toEqual(['created', 'refused', 'created']);

    writeJobs('fixed.ndjson', items);
    proxy.reset();
    const again = await batch(proxy.baseUrl, file, ['--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(parseJson(again.stdout).map((r: { result: string }) => r.result)).toEqual(['already_created', 'created', 'already_created']);
    expect(posts(proxy)).toHaveLength(1);
    expect(countTitle(sandbox.current, 'Fixed Job 1')).toBe(1);
  });

  it('names rows in a CSV file', async () => {
    const job = jobs('x', 1)[0]!;
    const header = 'title,jobFunctionId,employerTypeId,location,description';
    const row = (title: string) => `${title},${job.jobFunctionId},${job.employerTypeId},"${job.location}",${job.description}`;
    const file = tempFile('rows.csv', `${header}\n${row('Row Job A')}\n${row('Row Job B')}\n`);
    const first = await batch(proxy.baseUrl, file, ['--json']);
    expect(first.code, first.stderr).toBe(0);
    const createdAs = parseJson(first.stdout)[1].jobId as number;
    tempFile('rows.csv', `${header}\n${row('Row Job A')}\n${row('Row Job B2')}\n`);
    const again = await batch(proxy.baseUrl, file);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`row 3: created as job ${createdAs} from an earlier version of this file`);
  });
});
