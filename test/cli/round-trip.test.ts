/* eslint-disable @typescript-eslint/no-explicit-any -- the plan is read as parsed JSON */
// A round trip that changes nothing, over real HTTP against the sandbox: jobs with hostile text
// (formula starts, a leading apostrophe or tab, quotes, line breaks, ZWNJ, ZWJ emoji, RLM/LRM, CJK,
// combining marks, C0 controls, codes with leading zeros) exported by `jobs list --all --csv`,
// `--json` and `--csv --output <file>`, then `jobs apply --file` of the untouched export: nothing planned.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { HOSTILE } from '../helpers/hostile-jobs.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'recruit-round-trip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recruit(args: string[]): Promise<CliResult> {
  return runCli([...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
}


beforeAll(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  for (const [i, job] of HOSTILE.entries()) {
    const res = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ jobCode: `RT-${i}`, ...job }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const decimals = validJob({ jobCode: 'RT-decimals', title: 'decimal salary', salaryMin: 1000.25, salaryMax: 65000.5, experience: 2.5 });
  expect((await call(sandbox.current, 'POST', '/v1/jobs', { body: decimals })).status).toBe(201);
});

async function planOf(path: string): Promise<any> {
  const res = await recruit(['jobs', 'apply', '--file', path, '--dry-run', '--json']);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout);
}

const changes = (plan: any) => plan.actions.map((a: any) => ({ action: a.action, jobCode: a.jobCode, changes: a.changes }));

describe('export, then apply the untouched file: nothing planned', () => {
  it('jobs list --all --csv (to a pipe)', async () => {
    const res = await recruit(['jobs', 'list', '--all', '--csv']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).not.toContain('\\u{200c}');
    expect(res.stdout).not.toContain('\\e');
    expect(res.stdout.startsWith('\ufeff')).toBe(false);
    const path = join(dir, 'export.csv');
    writeFileSync(path, res.stdout);
    expect(changes(await planOf(path))).toEqual([]);
  });

  it('jobs list --all --json', async () => {
    const res = await recruit(['jobs', 'list', '--all', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const path = join(dir, 'export.json');
    writeFileSync(path, res.stdout);
    expect(changes(await planOf(path))).toEqual([]);
  });

  it('jobs list --all --csv --output <file>: UTF-8 with a BOM, CRLF, codes kept as text for Excel; without --csv, a usage error', async () => {
    const refused = await recruit(['jobs', 'list', '--all', '--output', join(dir, 'no.csv')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--output goes with --csv');
    const path = join(dir, 'excel.csv');
    const res = await recruit(['jobs', 'list', '--all', '--csv', '--output', path]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toMatch(/^\ufeffid,jobCode,title,/);
    expect(text).toContain(',"=""00042""",');
    expect(changes(await planOf(path))).toEqual([]);
  });

  it("the Excel file saved again as German Excel does ('CSV UTF-8', `;`, decimal commas, =\"…\" as its text): nothing planned", async () => {
    const path = join(dir, 'excel-again.csv');
    expect((await recruit(['jobs', 'list', '--all', '--csv', '--output', path])).code).toBe(0);
    const { parse } = await import('csv-parse/sync');
    const [header, ...rows] = parse(readFileSync(path), { bom: true, relax_column_count: true }) as string[][];
    const numeric = new Set(['salaryMin', 'salaryMax', 'experience']);
    const resaved = [header!, ...rows].map((cells, r) =>
      cells.map((cell, k) => {
        const shown = /^="((?:[^"]|"")*)"$/.exec(cell)?.[1]?.replace(/""/g, '"') ?? cell; // Excel saves what it shows
        return r > 0 && numeric.has(header![k]!) ? shown.replace('.', ',') : shown;
      }),
    );
    const quoted = (cell: string) => (/[;"\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    writeFileSync(path, `\ufeff${resaved.map((cells) => cells.map(quoted).join(';')).join('\r\n')}\r\n`);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(';00042;00042 text;'); // the code's cell, now plain text
    expect(text).toMatch(/;1000,25;65000,5;.*;2,5;/); // numbers as German Excel writes them
    expect(changes(await planOf(path))).toEqual([]);
  });
});
