// `--output` whose extension names the other format (`--xlsx --output jobs.csv`, `--csv --output
// jobs.xlsx`) is refused before anything is read or sent: exit 2, naming the flag and the
// extension, no file written, in every command that writes a table to a file.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox, validJob } from '../helpers/sandbox.js';
import { useRecordingProxy, writeJobs } from '../batch/helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);
const dir = mkdtempSync(join(tmpdir(), 'recruit-output-ext-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runCli(['--base-url', proxy.baseUrl, ...args], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });

describe('--output with the other format\'s extension', () => {
  const file = writeJobs('output-ext.ndjson', [validJob({ title: 'Output Extension' })]);
  const commands: Array<[string, string[]]> = [
    ['jobs list', ['jobs', 'list']],
    ['jobs get', ['jobs', 'get', '3']],
    ['lookup', ['lookup', 'industries']],
    ['jobs create --file', ['jobs', 'create', '--file', file]],
  ];

  for (const [name, args] of commands) {
    it(`${name}: --xlsx to a .csv name and --csv to a .xlsx name are exit 2, nothing written or sent`, async () => {
      proxy.reset();
      const csvName = join(dir, 'jobs.csv');
      const workbook = await run([...args, '--xlsx', '--output', csvName]);
      expect(workbook.code, workbook.stderr).toBe(2);
      expect(workbook.stderr).toContain(`--xlsx writes a workbook, but --output ${csvName} ends in .csv; nothing was written`);
      expect(workbook.stderr).toContain('hint: name the file jobs.xlsx, or write CSV with --csv');

      const xlsxName = join(dir, 'Jobs.XLSX');
      const csv = await run([...args, '--csv', '--output', xlsxName]);
      expect(csv.code, csv.stderr).toBe(2);
      expect(csv.stderr).toContain(`--csv writes CSV text, but --output ${xlsxName} ends in .XLSX; nothing was written`);
      expect(csv.stderr).toContain('hint: name the file Jobs.csv, or write a workbook with --xlsx');

      expect(readdirSync(dir)).toEqual([]);
      expect(existsSync(csvName)).toBe(false);
      expect(proxy.requests).toEqual([]);
    });
  }

  it('other names are written as asked (no extension, .txt, the right one)', async () => {
    for (const [flag, name] of [['--csv', 'jobs'], ['--csv', 'jobs.txt'], ['--xlsx', 'jobs.xlsx'], ['--csv', 'jobs.tsv.csv']] as const) {
      const path = join(dir, name);
      const res = await run(['jobs', 'list', flag, '--output', path]);
      expect(res.code, res.stderr).toBe(0);
      expect(existsSync(path)).toBe(true);
      rmSync(path);
    }
  });
});
