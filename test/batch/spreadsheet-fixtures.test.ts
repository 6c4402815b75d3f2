// Files as Excel, Google Sheets and LibreOffice Calc write them (test/fixtures/spreadsheets/README.md
// says how each was made), each read by `jobs create --file` over real HTTP against the sandbox: each
// creates exactly the jobs it holds, with their text intact, whatever its encoding and separator.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { batch } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/spreadsheets/${name}`, import.meta.url));

function storedByCode(code: string) {
  const found = [...sandbox.current.store.jobs.values()].filter((j) => j.jobCode === code);
  expect(found, `jobs with code ${code}`).toHaveLength(1);
  return found[0]!;
}

const LINUX = ['Linux', 'Kubernetes'];

describe('spreadsheet files as Excel and Sheets write them', () => {
  it("Excel's 'CSV (Comma delimited)' in Windows-1252: read as such, said once, the text intact", async () => {
    const res = await batch(sandbox.current.baseUrl, fixture('excel-windows-1252.csv'));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.match(/read as windows-1252/g)).toHaveLength(1);
    expect(res.stderr).toMatch(/read as windows-1252 \(detected; Excel's 'CSV \(Comma delimited\)'\): "[^"]*[^ -~][^"]*"; if it reads wrong, pass --encoding <name>; save the file as UTF-8 to skip this note/);
    expect(storedByCode('FX-1252-1')).toMatchObject({ title: 'Ingénieur DevOps', location: 'Zürich, Switzerland', salaryMin: 70000, skills: LINUX });
    expect(storedByCode('FX-1252-2').title).toBe('Büroleiter – Straße');
    expect(storedByCode('FX-1252-3').title).toBe('Café “Crème” €5 bonus…');
    expect(storedByCode('FX-1252-1').description).toMatch(/^Wir suchen Verstärkung für unser Team in München – Straße, Café und Büro\. alpha0 /);
  });

  it("Excel's 'CSV UTF-8': the BOM is not part of the first column's name", async () => {
    const res = await batch(sandbox.current.baseUrl, fixture('excel-utf8-bom.csv'));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('read as');
    expect(storedByCode('FX-BOM-1')).toMatchObject({ title: 'Ingeniero de datos (Señor)', location: 'São Paulo, Brazil', salaryMin: 5000, skills: ['SQL', 'Python'] });
    expect(storedByCode('FX-BOM-2').title).toBe('Инженер по данным');
  });

  it("German Excel's `;` file: quoted lists, decimal commas, dot and space groups", async () => {
    const res = await batch(sandbox.current.baseUrl, fixture('excel-semicolon.csv'));
    expect(res.code, res.stderr).toBe(0);
    expect(storedByCode('FX-SEMI-1')).toMatchObject({ title: 'Datenanalyst (m/w/d)', salaryMin: 70000, salaryMax: 85000.5, experience: 2.5, skills: ['SQL', 'Python', 'R'] });
    expect(storedByCode('FX-SEMI-2')).toMatchObject({ title: 'Systemadministratorin; Teilzeit', salaryMin: 1200, salaryMax: 1800, experience: 12.5, skills: ['Linux'] });
  });

  it("Excel's 'Unicode Text' (UTF-16LE, tabs) read with --format csv", async () => {
    const res = await batch(sandbox.current.baseUrl, fixture('excel-unicode-text.txt'), ['--format', 'csv']);
    expect(res.code, res.stderr).toBe(0);
    expect(storedByCode('FX-UTF16-1')).toMatchObject({ title: '数据工程师 – 上海', salaryMin: 30000, experience: 4, skills: ['SQL', 'Spark'] });
    expect(storedByCode('FX-UTF16-2')).toMatchObject({ title: 'מהנדס DevOps \u200fבכיר', experience: 1.5 });
  });

  it("Google Sheets' CSV: formatted numbers, ZWNJ and a ZWJ emoji intact, a code 00042 kept as text", async () => {
    const res = await batch(sandbox.current.baseUrl, fixture('sheets.csv'));
    expect(res.code, res.stderr).toBe(0);
    expect(storedByCode('FX-SHEETS-1')).toMatchObject({ title: 'برنامه\u200cنویس ارشد', salaryMin: 70000, salaryMax: 95000, skills: ['Go', 'Rust'] });
    expect(storedByCode('00042').title).toBe('Engineer 👩\u200d💻 (Ops, "night")');
  });

  it.each([
    ['windows-1250', 'LO-1250', ['Vývojář softwaru', 'Účetní – pobočka Ostrava', 'Vedoucí skladu (Plzeň)'], 'Praha, Czechia'],
    ['windows-1251', 'LO-1251', ['Менеджер по продажам', 'Бухгалтер', 'Инженер-программист'], 'Москва, Russia'],
    ['shift_jis', 'LO-SJIS', ['営業部長', 'ソフトウェア開発者', '経理担当（名古屋）'], '東京, Japan'],
  ])("LibreOffice Calc's CSV in %s: its encoding told from the bytes, said once, the text intact", async (encoding, code, titles, location) => {
    const res = await batch(sandbox.current.baseUrl, fixture(`libreoffice-${encoding}.csv`));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.match(/read as /g)).toHaveLength(1);
    expect(res.stderr).toContain(`read as ${encoding} (detected): "${titles[0]}"`);
    titles.forEach((title, k) => expect(storedByCode(`${code}-${k + 1}`).title).toBe(title));
    expect(storedByCode(`${code}-1`).location).toBe(location);
  });

  it.each([
    ['de-DE', 'WAHR/FALSCH, 1,00E-10'],
    ['fr-FR', 'VRAI/FAUX, 1,00E-10'],
    ['ja-JP', 'TRUE/FALSE, 1.00E-10'],
  ])("LibreOffice Calc's CSV in %s: its booleans (%s) and numbers as the locale writes them", async (locale) => {
    const res = await batch(sandbox.current.baseUrl, fixture(`libreoffice-${locale}.csv`));
    expect(res.code, res.stderr).toBe(0);
    expect(storedByCode(`LO-${locale}-1`)).toMatchObject({ publishToCareerPage: true, publishToFreeJobBoards: false, salaryMin: 70000.5, salaryMax: 85000, experience: 1.5 });
    expect(storedByCode(`LO-${locale}-2`)).toMatchObject({ publishToCareerPage: false, publishToFreeJobBoards: true, salaryMin: 1e-7, salaryMax: 1500000, experience: 1e-10 });
  });

  it("Google Sheets' TSV, told by its name", async () => {
    const res = await batch(sandbox.current.baseUrl, fixture('sheets.tsv'));
    expect(res.code, res.stderr).toBe(0);
    expect(storedByCode('FX-TSV-1')).toMatchObject({ title: 'Ingénieure qualité', location: 'Lyon, France', salaryMin: 42000, skills: ['Selenium', 'Cypress'] });
    expect(storedByCode('FX-TSV-2')).toMatchObject({ title: 'Cloud-Architekt', location: 'Genève, Switzerland' });
  });
});
