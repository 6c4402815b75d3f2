// Hidden sheets, rows and columns of a workbook batch file, over real HTTP against the sandbox:
// without --sheet the first sheet the user sees is read, never a hidden one; a hidden sheet is read
// only when --sheet names it; hidden rows and columns hold data and are read; each is said on
// stderr. Workbooks written by exceljs, and one written by openpyxl then saved again by LibreOffice
// (test/fixtures/workbooks/README.md).
import { fileURLToPath } from 'node:url';
import type { WorksheetState } from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { batch, parseJson, posts, useRecordingProxy } from './helpers.js';
import { bytesFile, exceljsWorkbook, HEADER, row } from './xlsx-jobs.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/workbooks/${name}`, import.meta.url));

const stored = (title: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.title === title);

/** A hidden (or very hidden) first sheet of three jobs before a visible sheet of one. */
async function hiddenFirst(state: WorksheetState, tag: string): Promise<string> {
  return bytesFile(
    `hidden-first-${tag}.xlsx`,
    await exceljsWorkbook([
      { name: 'Old', state, rows: [HEADER, row(`Hidden Sheet Job ${tag} 1`), row(`Hidden Sheet Job ${tag} 2`), row(`Hidden Sheet Job ${tag} 3`)] },
      { name: 'Jobs', rows: [HEADER, row(`Visible Sheet Job ${tag}`)] },
    ]),
  );
}

describe('hidden sheets of a workbook', () => {
  it.each([
    ['hidden', 'hidden'],
    ['veryHidden', 'very hidden'],
  ] as const)('a %s first sheet is not read: the first visible sheet is, and a note names both', async (state, said) => {
    const file = await hiddenFirst(state, state);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(stored(`Visible Sheet Job ${state}`)).toHaveLength(1);
    for (const k of [1, 2, 3]) expect(stored(`Hidden Sheet Job ${state} ${k}`)).toHaveLength(0);
    expect(posts(proxy)).toHaveLength(1);
    expect(res.stderr).toContain(`note: sheet "Old" of ${file} is ${said}; reading "Jobs", its first visible sheet (--sheet names a hidden sheet to read it)`);
  });

  it('--sheet names a hidden sheet: it is read, with a note', async () => {
    const file = await hiddenFirst('veryHidden', 'named');
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--sheet', 'old']);
    expect(res.code, res.stderr).toBe(0);
    for (const k of [1, 2, 3]) expect(stored(`Hidden Sheet Job named ${k}`)).toHaveLength(1);
    expect(stored('Visible Sheet Job named')).toHaveLength(0);
    expect(posts(proxy)).toHaveLength(3);
    expect(res.stderr).toContain(`note: sheet "Old" is very hidden in ${file}; reading it because --sheet names it`);

    const visible = await batch(proxy.baseUrl, file, ['--sheet', 'Jobs', '--dry-run']);
    expect(visible.code, visible.stderr).toBe(0);
    expect(visible.stderr).not.toContain('hidden');
  });

  it('the note comes before an error of the sheet read: a visible sheet that holds no jobs is named as the one read', async () => {
    const file = bytesFile(
      'hidden-jobs-visible-notes.xlsx',
      await exceljsWorkbook([
        { name: 'Jobs', state: 'hidden', rows: [HEADER, row('Behind Notes Job')] },
        { name: 'Read me', rows: [['Fill in the jobs on the sheet Jobs']] },
      ]),
    );
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    const note = res.stderr.indexOf(`note: sheet "Jobs" of ${file} is hidden; reading "Read me", its first visible sheet`);
    expect(note, res.stderr).toBeGreaterThanOrEqual(0);
    expect(res.stderr.indexOf('its sheet "Read me" is not a table of jobs')).toBeGreaterThan(note);
    expect(res.stderr).toContain('--sheet "Jobs"');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('a workbook whose sheets are all hidden is refused, naming them and --sheet; nothing is sent', async () => {
    const file = bytesFile(
      'all-hidden.xlsx',
      await exceljsWorkbook([
        { name: 'Old', state: 'hidden', rows: [HEADER, row('All Hidden Job 1')] },
        { name: 'Lists', state: 'veryHidden', rows: [['industry'], ['IT']] },
      ]),
    );
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(`--file ${file} has no visible sheet: every sheet is hidden in the workbook`);
    expect(res.stderr).toContain('Old (hidden)');
    expect(res.stderr).toContain('Lists (very hidden)');
    expect(res.stderr).toContain('--sheet "Old"');
    expect(posts(proxy)).toHaveLength(0);
    expect(stored('All Hidden Job 1')).toHaveLength(0);
  });

  it('jobs apply reads the same sheet: the first visible one', async () => {
    const header = [...HEADER, 'jobCode'];
    const file = bytesFile(
      'apply-hidden-first.xlsx',
      await exceljsWorkbook([
        { name: 'Old', state: 'hidden', rows: [header, row('Apply Hidden 1', { jobCode: 'AH-1' }, header), row('Apply Hidden 2', { jobCode: 'AH-2' }, header)] },
        { name: 'Current', rows: [header, row('Apply Visible', { jobCode: 'AV-1' }, header)] },
      ]),
    );
    const res = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', file, '--dry-run', '--json'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(res.code, res.stderr).toBe(0);
    const plan = parseJson(res.stdout) as { counts: { create: number }; actions: Array<{ action: string; jobCode: string }> };
    expect(plan.counts.create).toBe(1);
    expect(plan.actions.filter((a) => a.action === 'create').map((a) => a.jobCode)).toEqual(['AV-1']);
    expect(res.stderr).toContain(`note: sheet "Old" of ${file} is hidden; reading "Current", its first visible sheet`);
  });
});

describe('hidden rows and columns of the sheet read', () => {
  it('are read, with one note naming them (the first few, then a count); blank hidden ones are not named', async () => {
    const titles = Array.from({ length: 8 }, (_, k) => `Hidden Row Job ${k}`);
    const file = bytesFile(
      'hidden-rows.xlsx',
      await exceljsWorkbook([
        {
          name: 'Jobs',
          rows: [HEADER, ...titles.map((t) => row(t, { qualifications: `in a hidden column ${t}` })), null, row('Shown Row Job')],
          hiddenRows: [2, 4, 5, 6, 7, 8, 9, 10], // row 10 is blank
          hiddenColumns: [7, 8, 12], // qualifications, and two that hold nothing: publishToCareerPage and one past the header
        },
      ]),
    );
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    for (const t of [...titles, 'Shown Row Job']) expect(stored(t), t).toHaveLength(1);
    expect(stored('Hidden Row Job 0')[0]).toMatchObject({ qualifications: 'in a hidden column Hidden Row Job 0' });
    expect(posts(proxy)).toHaveLength(9);
    expect(res.stderr).toContain(`note: ${file}, sheet "Jobs": rows 2, 4, 5, 6, 7 and 2 more and column G are hidden in the workbook; they are read`);
    expect(res.stderr.match(/hidden in the workbook/g)).toHaveLength(1);
  });

  it('one hidden row alone is said as one', async () => {
    const file = bytesFile('one-hidden-row.xlsx', await exceljsWorkbook([{ name: 'Jobs', rows: [HEADER, row('One Hidden Row Job'), row('One Shown Row Job')], hiddenRows: [3] }]));
    const res = await batch(sandbox.current.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(stored('One Shown Row Job')).toHaveLength(1);
    expect(res.stderr).toContain(`note: ${file}, sheet "Jobs": row 3 is hidden in the workbook; it is read`);
  });
});

describe('workbooks written by openpyxl and LibreOffice (test/fixtures/workbooks/README.md)', () => {
  it.each(['openpyxl-hidden.xlsx', 'libreoffice-hidden.xlsx'])('%s: a hidden first sheet, a hidden row and a hidden column: the visible sheet is read whole, both said', async (name) => {
    const file = fixture(name);
    expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200); // both files hold the same jobs
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    const codes = [...sandbox.current.store.jobs.values()].map((j) => j.jobCode).filter((c) => c?.startsWith('OPX-'));
    expect(codes.sort()).toEqual(['OPX-1', 'OPX-2', 'OPX-3']);
    expect(stored('Openpyxl Visible Job')[0]).toMatchObject({ jobCode: 'OPX-1', qualifications: 'Kept in a hidden column' });
    expect(stored('Openpyxl Hidden Row Job')[0]).toMatchObject({ jobCode: 'OPX-2' });
    expect(posts(proxy)).toHaveLength(3);
    expect(res.stderr).toContain(`note: sheet "Archive" of ${file} is hidden; reading "Jobs", its first visible sheet`);
    expect(res.stderr).toContain(`note: ${file}, sheet "Jobs": row 3 and column H are hidden in the workbook; they are read`);
  });
});
