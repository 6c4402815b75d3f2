// CSV separators and numbers over real HTTP against the sandbox: `;` and tab told from the header
// row or given by --delimiter, a number that reads two ways named with its row, column and both
// readings, and the usage errors of --delimiter; nothing is sent when a file is refused.
import { describe, expect, it } from 'vitest';
import { useSandbox, words } from '../helpers/sandbox.js';
import { batch, posts, tempFile, useRecordingProxy } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

const HEADER = ['title', 'description', 'location', 'jobFunction', 'employerTypeId', 'salaryMin', 'skills'];
const file = (name: string, sep: string, rows: string[][]) => tempFile(name, [HEADER, ...rows].map((r) => r.join(sep)).join('\r\n') + '\r\n');
const titled = (title: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.title === title);

describe('CSV separators and numbers', () => {
  it('a number that reads two ways is an error naming its row, its column and both readings; nothing sent', async () => {
    const path = file('ambiguous.csv', ';', [
      ['Sep ok', words(110), '"Berlin, Germany"', '103', '504', '70.000', '"SQL; Python"'],
      ['Sep ambiguous', words(110), '"Berlin, Germany"', '103', '504', '70,000', 'SQL'],
    ]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, path);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      'row 3, column salaryMin: "70,000" reads two ways: 70000 (with a thousands separator) or 70 (with a decimal comma or point); write 70000 or 70',
    );
    expect(posts(proxy)).toHaveLength(0);
  });

  it('--delimiter tab: a *.csv file of tabs, commas inside its cells, a decimal comma read as such', async () => {
    const path = file('tabs.csv', '\t', [['Sep, tabbed, one', words(110), 'Berlin, Germany', '103', '504', '1,5', 'SQL; Go']]);
    const res = await batch(sandbox.current.baseUrl, path, ['--delimiter', 'tab']);
    expect(res.code, res.stderr).toBe(0);
    expect(titled('Sep, tabbed, one')[0]).toMatchObject({ location: 'Berlin, Germany', salaryMin: 1.5, skills: ['SQL', 'Go'] });
  });

  it('a wrong --delimiter is told by the header row; --delimiter with JSON or a bad value is a usage error', async () => {
    const path = file('semi.csv', ';', [['Sep wrong', words(110), 'Berlin', '103', '504', '', '']]);
    proxy.reset();
    const wrong = await batch(proxy.baseUrl, path, ['--delimiter', ',']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('is one column split by semicolons, but the file was read with commas between columns: leave out --delimiter, or give --delimiter ;');
    const bad = await batch(proxy.baseUrl, path, ['--delimiter', '|']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--delimiter must be , ; or tab, got "|"');
    const json = await batch(proxy.baseUrl, tempFile('sep.json', '[]'), ['--delimiter', ';']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--delimiter goes with a CSV file');
    expect(posts(proxy)).toHaveLength(0);
  });
});
