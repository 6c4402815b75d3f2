// A hostile workbook costs bounded memory, proved on the built executable in a child process with
// a 64 MB V8 heap: its peak RSS (getrusage, written at exit by a preloaded script) stays far under
// what inflating the bomb would take. The part claims 10 bytes and inflates to 272 MiB: a reader
// that trusted the zip's word, or inflated the part whole before checking, would hold all of it.
// A workbook of 100,000 jobs is read as it streams, under the budget of a 100,000-row CSV file.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, type CliResult } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { deflatedRun, deflatedText, rowXml, SHEET_END, SHEET_START, sheetXml, workbookParts, zip } from '../helpers/xlsx.js';
import { useSandbox, words } from '../helpers/sandbox.js';

const MiB = 1024 * 1024;
const RSS_BOUND_BYTES = 160 * MiB;
/** A 100,000-row CSV file's budget (docs/performance.md). */
const ROWS_BUDGET_BYTES = 150 * MiB;
const REPORTER = fileURLToPath(new URL('../helpers/report-peak-rss.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'recruit-xlsx-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sandbox = useSandbox();
beforeAll(ensureFreshBuild, 60_000);

async function measured(args: string[]): Promise<CliResult & { peakRssBytes: number }> {
  const rssFile = join(dir, 'peak-rss');
  rmSync(rssFile, { force: true });
  const result = await runBin(['--base-url', sandbox.current.baseUrl, ...args], {
    env: {
      RECRUIT_TOKEN: 'sbx_direct_full',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=64 --require ${REPORTER}`.trim(),
      RECRUIT_PEAK_RSS_FILE: rssFile,
    },
    timeoutMs: 120_000, // not a bound on time: a stop for a child that would never end
  });
  expect(existsSync(rssFile), `no peak RSS written; exit ${result.code}, stderr: ${result.stderr.slice(-500)}`).toBe(true);
  return { ...result, peakRssBytes: Number(readFileSync(rssFile, 'utf8')) * 1024 };
}

describe('hostile workbooks in bounded memory (built executable)', () => {
  it('a part that claims 10 bytes and inflates to 272 MiB is refused, nothing sent, in bounded memory', { timeout: 180_000 }, async () => {
    const header = sheetXml([{ row: 1, cells: ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'] }]);
    const bomb = join(dir, 'bomb.xlsx');
    // Made without holding it: the child's peak RSS starts from this process's (Linux keeps it across exec).
    const deflated = await deflatedRun(272 * MiB);
    writeFileSync(bomb, zip([{ name: 'xl/worksheets/sheet1.xml', data: '', deflated, claimedSize: 10 }, ...workbookParts([{ name: 'Sheet1', xml: header }]).slice(0, 4)]));
    const res = await measured(['jobs', 'create', '--file', bomb]);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain('xl/worksheets/sheet1.xml inflates to more than 256 MiB');
    expect(res.peakRssBytes).toBeGreaterThan(10 * MiB); // a real measurement, not a zero
    expect(res.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
    expect(sandbox.current.store.jobs.size).toBeGreaterThan(0);
  });

  it('a workbook of 100,000 jobs (its header a row more) is read as it streams, every job valid, under a 100,000-row CSV file\'s budget', { timeout: 300_000 }, async () => {
    const header = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId', 'salaryMin'];
    const description = words(110);
    function* pieces() {
      yield SHEET_START + rowXml(1, header);
      for (let k = 1; k <= 100_000; k++) yield rowXml(k + 1, [`Mem Workbook ${k}`, description, 'Austin, TX, USA', 101, 501, 90_000 + (k % 1000)]);
      yield SHEET_END;
    }
    const file = join(dir, 'rows.xlsx');
    writeFileSync(file, zip([...workbookParts([{ name: 'Jobs', xml: '' }]).slice(0, 4), { name: 'xl/worksheets/sheet1.xml', data: '', deflated: await deflatedText(pieces()) }]));
    const res = await measured(['jobs', 'create', '--file', file, '--dry-run']);
    expect(res.code, res.stderr.slice(-1000)).toBe(0);
    expect(res.stderr + res.stdout).toContain('100000 jobs valid; nothing sent');
    expect(res.peakRssBytes).toBeLessThan(ROWS_BUDGET_BYTES);
  });
});
