// An encoding is never guessed silently (docs/decisions.md, "Spreadsheets: encodings ..."), over
// real HTTP against the sandbox: a UTF-8 file with a few bad bytes is refused naming them, never
// read whole as another code page; a file in another code page is read when its encoding is clear,
// said in a note with a sample, or refused naming the likely encodings; --encoding reads it as told.
// The files are made with iconv-lite, as the programs of each code page save them.
import { writeFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox, validJob, words } from '../helpers/sandbox.js';
import { batch, posts, tempFile, useRecordingProxy } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

const HEADER = 'title,description,location,jobFunction,employerTypeId\r\n';
const row = (title: string) => `${title},${words(110)},"Berlin, Germany",103,504\r\n`;
const bytesFile = (name: string, bytes: Buffer) => {
  const file = tempFile(name, '');
  writeFileSync(file, bytes);
  return file;
};
const titles = () => [...sandbox.current.store.jobs.values()].map((j) => j.title);

describe('a UTF-8 file with a few bad bytes', () => {
  it('NDJSON with one stray 0x92 among accented lines: refused naming the line, column and byte; nothing sent', async () => {
    const line = (title: string) => JSON.stringify(validJob({ title }));
    const good = ['Stray Café Manager – Zürich', 'Stray Señor Ingeniero', 'Stray Straße 1', 'Stray Büro', 'Stray Crème'].map(line);
    const bad = Buffer.from(line('Stray Manager’s assistant'));
    const apostrophe = bad.indexOf(Buffer.from('’'));
    // The apostrophe as Windows-1252 writes it: one byte, 0x92, in a file that is UTF-8 everywhere else.
    const bytes = Buffer.concat([Buffer.from(`${good.slice(0, 3).join('\n')}\n`), bad.subarray(0, apostrophe), Buffer.from([0x92]), bad.subarray(apostrophe + 3), Buffer.from(`\n${good.slice(3).join('\n')}\n`)]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, bytesFile('stray.ndjson', bytes));
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(`line 4: cannot be read: column ${apostrophe + 1}: the byte 0x92 is not text in UTF-8`);
    expect(res.stderr).not.toContain('CafÃ');
    expect(posts(proxy)).toHaveLength(0);
    expect(titles().filter((t) => t.startsWith('Stray'))).toEqual([]);
  });

  it('a UTF-8 CSV with one Windows-1252 row appended: refused naming that row; nothing sent', async () => {
    const utf8 = Buffer.from(HEADER + row('Appended Café Zürich') + row('Appended Señor Müller') + row('Appended Straße'));
    const bytes = Buffer.concat([utf8, iconv.encode(row('Appended Crème brûlée'), 'windows-1252')]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, bytesFile('appended.csv', bytes));
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain('row 5, column title: cannot be read: character 12 of the cell: the byte 0xE8 is not text in UTF-8');
    expect(posts(proxy)).toHaveLength(0);
  });
});

/** The code pages of the reports: each file read right (with a note) or refused naming the encoding that reads it right. */
const CODE_PAGES: Array<{ name: string; encoding: string; alike: string[]; title: string }> = [
  { name: 'Windows-1250 (Czech)', encoding: 'windows-1250', alike: ['windows-1250', 'iso-8859-2'], title: 'Vývojář' },
  { name: 'Windows-1251 (Russian)', encoding: 'windows-1251', alike: ['windows-1251'], title: 'Москва' },
  { name: 'Windows-1254 (Turkish)', encoding: 'windows-1254', alike: ['windows-1254', 'iso-8859-9'], title: 'İstanbul' },
  { name: 'Shift_JIS, kanji only', encoding: 'shift_jis', alike: ['shift_jis'], title: '東京 営業' },
  { name: 'EUC-KR', encoding: 'euc-kr', alike: ['euc-kr', 'cp949'], title: '서울 영업' },
  { name: 'CP949', encoding: 'cp949', alike: ['euc-kr', 'cp949'], title: '서울 영업부 관리자' },
  { name: 'GBK', encoding: 'gbk', alike: ['gbk', 'gb18030'], title: '北京 销售' },
  { name: 'GB18030', encoding: 'gb18030', alike: ['gbk', 'gb18030'], title: '北京 销售经理' },
  { name: 'Mac Roman (German)', encoding: 'macintosh', alike: ['macintosh'], title: 'Müller' },
  { name: 'ISO-8859-15 (a euro)', encoding: 'iso-8859-15', alike: ['iso-8859-15'], title: 'Prix 100 €' },
];

describe('a file in another code page, told or refused, never mojibake', () => {
  it.each(CODE_PAGES)('$name: read right with a note, or refused naming $encoding; never another text with exit 0', async ({ encoding, alike, title }) => {
    const file = bytesFile(`${encoding}.csv`, iconv.encode(HEADER + row(title), encoding));
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    if (res.code === 0) {
      expect(titles()).toContain(title);
      expect(res.stderr).toMatch(new RegExp(`read as (${alike.join('|')}) \\(detected\\): "${title}`));
    } else {
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toContain('is not UTF-8, and its encoding is not clear');
      // The reading that is right is offered, with the text as it reads.
      expect(alike.some((name) => res.stderr.includes(`as ${name}: "${title}`)), res.stderr).toBe(true);
      expect(res.stderr).toContain('pass the one that reads right with --encoding');
      expect(posts(proxy)).toHaveLength(0);
    }
  });

  it.each(CODE_PAGES)('$name: read right with --encoding $encoding, said in a note with a sample', async ({ encoding, title }) => {
    const file = bytesFile(`forced-${encoding}.csv`, iconv.encode(HEADER + row(`${title} forced`), encoding));
    const res = await batch(sandbox.current.baseUrl, file, ['--encoding', encoding]);
    expect(res.code, res.stderr).toBe(0);
    expect(titles()).toContain(`${title} forced`);
    expect(res.stderr).toContain(`read as ${encoding} (--encoding): "${title} forced"`);
  });

  it.each([
    ['windows-1250', 'cs', ['Vývojář softwaru – Praha', 'Účetní pro pobočku v Ostravě', 'Hledáme zkušeného kolegu, který bude řídit tým']],
    ['windows-1251', 'ru', ['Менеджер по продажам – Москва', 'Бухгалтер в Санкт-Петербурге', 'Ищем опытного специалиста']],
    ['shift_jis', 'ja', ['東京本社 営業部長 募集中です', 'ソフトウェア開発者、経験３年以上', '大阪支店の経理担当者']],
  ])('text enough to tell: %s (%s) read without asking, said in a note', async (encoding, lang, rows) => {
    const titled = rows.map((t) => `${lang} ${t}`);
    const file = bytesFile(`clear-${lang}.csv`, iconv.encode(HEADER + titled.map((t) => row(`"${t}"`)).join(''), encoding));
    const res = await batch(sandbox.current.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(titles()).toEqual(expect.arrayContaining(titled));
    expect(res.stderr).toContain(`read as ${encoding} (detected): "${lang} ${rows[0]}"`);
  });
});

describe("Excel's Western 'CSV (Comma delimited)' still reads", () => {
  it('Windows-1252 with é, ü, ñ, €, smart quotes and dashes: read, said once with a sample', async () => {
    const rows = ['Ingénieur DevOps – Zürich', 'Señor Analista “Datos”', 'Büroleiter (€5k bonus…)', 'Manager’s assistant', 'Crème brûlée chef'];
    const file = bytesFile('excel-western.csv', iconv.encode(HEADER + rows.map((t) => row(`"${t}"`)).join(''), 'windows-1252'));
    const res = await batch(sandbox.current.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(titles()).toEqual(expect.arrayContaining(rows));
    expect(res.stderr.match(/read as windows-1252/g)).toHaveLength(1);
    expect(res.stderr).toContain(`read as windows-1252 (detected; Excel's 'CSV (Comma delimited)'): "Señor Analista “Datos”"`);
  });

  it.each(['Café', 'Zürich', 'Señor', '“Quoted”', '€5 bonus', 'Größe', 'São Paulo'])('one cell with %s, the rest ASCII: read as Windows-1252', async (word) => {
    const title = `Western ${word}`;
    const file = bytesFile(`one-accent-${word.codePointAt(1)}.csv`, iconv.encode(HEADER + row(title), 'windows-1252'));
    const res = await batch(sandbox.current.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(titles()).toContain(title);
    expect(res.stderr).toContain('read as windows-1252 (detected');
  });
});

describe('--encoding and the encoding setting', () => {
  const czech = () => bytesFile('setting.csv', iconv.encode(HEADER + row('Setting Vývojář'), 'windows-1250'));

  it('an unknown name is exit 2 naming the flag, the variable or the profile; nothing sent', async () => {
    proxy.reset();
    const flag = await batch(proxy.baseUrl, czech(), ['--encoding', 'klingon']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--encoding "klingon" is not an encoding recruit knows');
    const env = await batch(proxy.baseUrl, czech(), [], { env: { RECRUIT_ENCODING: 'klingon' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('RECRUIT_ENCODING "klingon" is not an encoding recruit knows');
    const description = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'create', '--title', 'x', '--description', words(110), '--encoding', 'klingon'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(description.code).toBe(2);
    expect(description.stderr).toContain('--encoding "klingon" is not an encoding');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('RECRUIT_ENCODING and the profile setting read the file as they say; the flag wins', async () => {
    const env = await batch(sandbox.current.baseUrl, czech(), [], { env: { RECRUIT_ENCODING: 'windows-1250' } });
    expect(env.code, env.stderr).toBe(0);
    expect(env.stderr).toContain('read as windows-1250 (RECRUIT_ENCODING): "Setting Vývojář"');
    const set = await runCli(['config', 'set', 'encoding', 'windows-1250']);
    expect(set.code, set.stderr).toBe(0);
    try {
      const listed = await runCli(['config', 'get', 'encoding']);
      expect(listed.stdout.trim()).toBe('windows-1250');
      const profile = await batch(sandbox.current.baseUrl, bytesFile('profile.csv', iconv.encode(HEADER + row('Profile Vývojář'), 'windows-1250')));
      expect(profile.code, profile.stderr).toBe(0);
      expect(profile.stderr).toContain('read as windows-1250 (encoding in profile "default"): "Profile Vývojář"');
      expect(titles()).toContain('Profile Vývojář');
      // The flag wins over the profile: auto tells UTF-8 from the bytes.
      const utf8 = await batch(sandbox.current.baseUrl, bytesFile('flag-wins.csv', Buffer.from(HEADER + row('Flag wins Vývojář'))), ['--encoding', 'auto']);
      expect(utf8.code, utf8.stderr).toBe(0);
      expect(titles()).toContain('Flag wins Vývojář');
    } finally {
      await runCli(['config', 'set', 'encoding', 'auto']);
    }
    const unknown = await runCli(['config', 'set', 'encoding', 'klingon']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('encoding "klingon" is not an encoding recruit knows');
  });

  it('a UTF-8 file that --encoding would misread is refused, both readings shown; nothing sent', async () => {
    proxy.reset();
    const res = await batch(proxy.baseUrl, bytesFile('utf8.csv', Buffer.from(HEADER + row('Misread Vývojář'))), ['--encoding', 'windows-1250']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('is UTF-8 ("Misread Vývojář"), but --encoding says windows-1250, which would read it as "Misread VĂ˝vojĂˇĹ™"');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('--encoding with a workbook is exit 2: a workbook says its own', async () => {
    const res = await batch(proxy.baseUrl, bytesFile('book.xlsx', Buffer.from('PK')), ['--encoding', 'windows-1250']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--encoding goes with a text file');
  });

  it('--description-file, jobs update --file and api --input: detected or read as --encoding says', async () => {
    const description = `Описание вакансии: менеджер по продажам в Москве, опыт работы от трёх лет. ${words(110)}`;
    const file = bytesFile('description-1251.txt', iconv.encode(description, 'windows-1251'));
    const create = await runCli(
      ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--title', 'Encoding description', '--description-file', file, '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504', '--json'],
      { env: { RECRUIT_TOKEN: 'sbx_direct_full' } },
    );
    expect(create.code, create.stderr).toBe(0);
    expect(create.stderr).toContain(`--description-file ${file} read as windows-1251 (detected): "Описание вакансии: менеджер по продажам в Москве`);
    const id = (JSON.parse(create.stdout) as { id: number }).id;
    expect(sandbox.current.store.jobs.get(id)?.description).toBe(description);

    const patch = bytesFile('patch-1250.json', iconv.encode(JSON.stringify({ title: 'Účetní' }), 'windows-1250'));
    const update = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'update', String(id), '--file', patch, '--encoding', 'windows-1250'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(update.code, update.stderr).toBe(0);
    expect(update.stderr).toContain('read as windows-1250 (--encoding): "Účetní"');
    expect(sandbox.current.store.jobs.get(id)?.title).toBe('Účetní');

    const body = bytesFile('body-sjis.json', iconv.encode(JSON.stringify({ title: '東京 営業' }), 'shift_jis'));
    const api = await runCli(['--base-url', sandbox.current.baseUrl, 'api', `/jobs/${id}`, '-X', 'PATCH', '--input', body, '--encoding', 'shift_jis'], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(api.code, api.stderr).toBe(0);
    expect(sandbox.current.store.jobs.get(id)?.title).toBe('東京 営業');
  });
});
