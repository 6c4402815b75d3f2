// Telling the encoding of an input that is not UTF-8: the survey of its bytes
// (src/terminal/byte-survey.ts), the shape of a decoded word (plausible-words.ts), the guess
// (encoding-detect.ts), and what text-input.ts makes of them: a reading, a refusal, a forced name.
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ByteSurvey, mostlyUtf8, SAMPLE_BYTES, type Survey } from '../../src/terminal/byte-survey.js';
import { candidatesOf, choose, decodeCell, differingCell, guessEncoding, offer, pickCell, readingOf, scoresOf, type Candidate, type Guess } from '../../src/terminal/encoding-detect.js';
import { judgeWord, westernWord } from '../../src/terminal/plausible-words.js';
import { checkEncoding, decodeBytes, encodingNote, mayHoldUnreadable, sniffBytes, unreadableAt, unreadableHint, unreadableWhat, type Sniff } from '../../src/terminal/text-input.js';
import { UsageError } from '../../src/core/errors.js';

function survey(...chunks: Uint8Array[]): Survey {
  const s = new ByteSurvey();
  for (const chunk of chunks) s.push(chunk);
  return s.result();
}
const text = (words: Survey['words']) => words.map((w) => Buffer.from(w.bytes).toString('latin1'));
const guess = (t: string, encoding: string): Promise<Guess> => guessEncoding(survey(iconv.encode(t, encoding)));
const FORCED = (name: string) => ({ name, where: '--encoding' });

async function refusal(promise: Promise<unknown>): Promise<UsageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  return error as UsageError;
}

describe('byte-survey: a second look at bytes that are not UTF-8', () => {
  it('counts the valid sequences beyond ASCII and the bad bytes; as many good as bad or more is UTF-8 with damage', () => {
    const one = survey(Buffer.concat([Buffer.from('aé€👩'), Buffer.from([0x92])]));
    expect(one).toMatchObject({ sequences: 3, invalid: 1, nul: false });
    expect(mostlyUtf8(one)).toBe(true);
    expect(mostlyUtf8(survey(Buffer.concat([Buffer.from('é'), Buffer.from([0x92])])))).toBe(true);
    expect(mostlyUtf8(survey(Buffer.concat([Buffer.from('é'), Buffer.from([0x92, 0x93])])))).toBe(false);
    expect(mostlyUtf8(survey(Buffer.from([0x92])))).toBe(false);
    expect(mostlyUtf8(survey(Buffer.from('plain')))).toBe(false); // nothing beyond ASCII: no sign of UTF-8
    expect(survey(Buffer.from([0x61, 0x00, 0xe9])).nul).toBe(true);
  });

  it('a sequence cut by a chunk is one character; one the input never finishes is bad bytes', () => {
    const e = Buffer.from('é');
    expect(survey(Buffer.from([0x41, e[0]!]), Buffer.from([e[1]!, 0x42]))).toMatchObject({ sequences: 1, invalid: 0 });
    expect(survey(Buffer.from([0x41, 0xe2, 0x82]))).toMatchObject({ sequences: 0, invalid: 2 });
  });

  it('keeps each distinct word holding a byte beyond ASCII once, and the first cells that hold one', () => {
    const s = survey(iconv.encode('Café, Zürich;Café 12 Ünïcode\r\n"Zürich"\tplain,ASCII', 'windows-1252'));
    expect(iconv.decode(Buffer.concat(s.words.map((w) => Buffer.from(w.bytes))), 'windows-1252')).toBe('CaféZürichÜnïcode');
    expect(s.cells.map((c) => iconv.decode(Buffer.from(c.bytes), 'windows-1252'))).toEqual(['Café', ' Zürich', 'Café 12 Ünïcode', 'Zürich']);
    expect(s.words.every((w) => !w.cut && !w.trimmed)).toBe(true);
  });

  it('ends a cell at each of its separators alone: tab, line feed, carriage return, quote, comma, semicolon', () => {
    for (const separator of ['\t', '\n', '\r', '"', ',', ';']) {
      const s = survey(iconv.encode(`Café${separator}Zürich`, 'windows-1252'));
      expect(s.cells.map((c) => iconv.decode(Buffer.from(c.bytes), 'windows-1252')), JSON.stringify(separator)).toEqual(['Café', 'Zürich']);
    }
  });

  it('counts 0x80 as a bad byte, and @ (0x40) as part of a word', () => {
    expect(survey(Buffer.from([0x80]))).toMatchObject({ sequences: 0, invalid: 1 });
    expect(text(survey(Buffer.from('\xe9@\xe9', 'latin1')).words)).toEqual(['é@é']);
  });

  it('a word of exactly 512 bytes is whole; its sample stops at 16 KiB exactly', () => {
    expect(survey(Buffer.alloc(512, 0xe9)).words[0]).toMatchObject({ cut: false });
    const letters = (i: number) => [...i.toString(26).padStart(13, '0')].map((d) => String.fromCharCode(0x61 + parseInt(d, 26))).join('');
    // Each word 15 bytes and its separator: 1,024 of them fill the sample.
    const words = Array.from({ length: 1100 }, (_, i) => `w${letters(i)}\xe9`);
    expect(survey(Buffer.from(words.join(' '), 'latin1')).words).toHaveLength(1024);
  });

  it('ends words at every byte below 0x40, which no double-byte code page uses as a second byte', () => {
    const sjis = iconv.encode('東京 営業:ソフト', 'shift_jis');
    expect(survey(sjis).words.map((w) => iconv.decode(Buffer.from(w.bytes), 'shift_jis'))).toEqual(['東京', '営業', 'ソフト']);
  });

  it('cuts a long token at 512 bytes, and drops the ASCII before the last 32 bytes ahead of its first accent', () => {
    const long = survey(Buffer.alloc(600, 0xe9));
    expect(long.words[0]).toMatchObject({ cut: true, trimmed: false });
    expect(long.words[0]!.bytes.length).toBe(512);
    const late = survey(Buffer.concat([Buffer.from('x'.repeat(40)), Buffer.from([0xe9])]));
    expect(late.words[0]).toMatchObject({ cut: false, trimmed: true });
    expect(Buffer.from(late.words[0]!.bytes).toString('latin1')).toBe(`${'x'.repeat(32)}é`);
    const exact = survey(Buffer.concat([Buffer.from('x'.repeat(32)), Buffer.from([0xe9])]));
    expect(exact.words[0]).toMatchObject({ trimmed: false });
  });

  it('keeps words up to its sample size, and 8 cells', () => {
    const letters = (i: number) => [...i.toString(26)].map((d) => String.fromCharCode(0x61 + parseInt(d, 26))).join('');
    const many = Array.from({ length: 4000 }, (_, i) => `w${letters(i)}\xe9`).join(',');
    const s = survey(Buffer.from(many, 'latin1'));
    const bytes = s.words.reduce((n, w) => n + w.bytes.length + 1, 0);
    expect(bytes).toBeGreaterThanOrEqual(SAMPLE_BYTES);
    expect(bytes).toBeLessThan(SAMPLE_BYTES + 16);
    expect(text(s.words)[0]).toBe('waé');
    expect(s.cells).toHaveLength(8);
  });

  it('stops looking at words after 50,000 of them, but counts every byte', () => {
    const repeated = Buffer.from(`${'caf\xe9 '.repeat(50_000)}na\xefve`, 'latin1');
    const s = survey(repeated);
    expect(text(s.words)).toEqual(['café']);
    expect(s.invalid).toBe(50_001);
  });

  it('gives the same survey however the bytes are cut into chunks (property)', () => {
    const piece = fc.oneof(fc.string({ maxLength: 8 }).map((t) => Buffer.from(t)), fc.uint8Array({ minLength: 1, maxLength: 4 }).map((b) => Buffer.from(b)));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 }), (pieces, cuts) => {
        const bytes = Buffer.concat(pieces);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Buffer[] = [];
        let start = 0;
        for (const p of points) {
          chunks.push(bytes.subarray(start, p));
          start = p;
        }
        chunks.push(bytes.subarray(start));
        expect(survey(...chunks)).toEqual(survey(bytes));
      }),
    );
  });
});

describe('plausible-words: text, or the mojibake of a wrong code page', () => {
  it.each(['Zürich', 'Café', 'ÉCOLE', 'Éric', 'MÜLLER', '“Quote”', '¿Qué', 'Java™', 'm²', '1½', '°C', '€', 'Москва', 'Αθήνα', '東京', 'Java開発', 'می\u200cخواهم', 'Ééé', 'naïve', '–', 'а\u200cб', 'Ééééx', 'AÉ', '東', '東京a', 'ソフト', 'ひらがな', '한국어', 'ㄅㄆ'])('%s is text', (word) => {
    expect(judgeWord(word)).toBeUndefined();
  });

  it.each([
    ['a character no text holds', ['a\ufffd', 'a\u0085', 'a\u0080', '\ue000', '\u0378']],
  ])('%s: impossible', (_, words) => {
    for (const word of words) expect(judgeWord(word), word).toBe('impossible');
  });

  it.each([
    ['the currency sign ISO-8859-15 has € for', ['Prix¤', '¤']],
    ['letters of two alphabets', ['Мü', 'αé', 'აბé']],
    ['a symbol before a letter', ['£ódŸ', '½uvre', '©Java', '³aw', '£ó', '£Ó']],
    ['two symbols side by side', ['±±', '¾÷']],
    ['the soft hyphen before a symbol', ['¼\u00ad¿']],
    ['a joiner beside a Latin letter', ['En\u200cc', '\u200ca', 'a\u200c']],
    ['a capital inside a small word', ['MŸller', 'aÀ', 'CafŽ']],
    ['a letter of another alphabet glued to ASCII letters', ['Cafй', 'йa', 'iPhoneФ', 'Telא', 'Bآb', 'Kก', 'Եa']],
    ['letters of two alphabets beyond ASCII', ['שלוםé', 'سلامü', 'สวัสดีé', 'Բարևé', 'Αθήνα東']],
    ['one CJK character among ASCII letters', ['Stra瓻', '瓻e', 'a한', 'aひ', 'aソ', 'aㄅ']],
    ['a word all of accented Latin letters', ['Ìîñêâà', 'àéîõ', 'ÀÉÎÕ', 'àéîõ5']],
  ])('%s: odd', (_, words) => {
    for (const word of words) expect(judgeWord(word), word).toBe('odd');
  });

  it.each([
    ['Zürich', true],
    ['Señor', true],
    ['Crème', true],
    ['Ærø', true],
    ['œuvre', true],
    ['Größe', true],
    ['São', true],
    ['ÉCOLE', true],
    ['€', true],
    ['Vývojáø', false],
    ['Ýstanbul', false],
    ['ð', false],
    ['Łódź', false],
    ['Grüße–Señor', false],
    // A word that only one alphabet holds: German, French, Spanish, Portuguese, Italian, Dutch,
    // Danish/Norwegian/Swedish, Finnish, Catalan, Estonian.
    ['Straßenbäume', true],
    ['cœur', true],
    ['Señoría', true],
    ['informações', true],
    ['così', true],
    ['coöperatië', true],
    ['Søgård', true],
    ['Åšž', true],
    ['açò', true],
    ['Tõnismägi', true],
  ])('%s fits a Western European alphabet: %s', (word, western) => {
    expect(westernWord(word)).toBe(western);
  });
});

describe('encoding-detect: the guess', () => {
  it('Windows-1252 with German text reads clear; identical readings are one, named windows-1252', async () => {
    expect(await guess('Müller, Straße; Größe', 'windows-1252')).toEqual({ clear: true, reading: expect.objectContaining({ encoding: 'windows-1252', cell: 'Müller' }) });
  });

  it('a Western file with one accent or only smart quotes reads as Windows-1252', async () => {
    for (const t of ['Señor', 'we’re “hiring” – now…', 'Crème', '€5']) {
      const found = await guess(t, 'windows-1252');
      expect(found.clear && found.reading.encoding, t).toBe('windows-1252');
    }
  });

  it('a rival with clearly more of chardet’s confidence takes the prior from Windows-1252', async () => {
    // Polish read as Windows-1252 is plausible word by word (ż, ł, ą are symbols there only when glued); chardet knows Polish.
    const found = await guess('Programista w Krakowie, Łódź, Wrocław. Szukamy osoby z doświadczeniem, wynagrodzenie zależne od umiejętności.', 'windows-1250');
    expect(found).toMatchObject({ clear: true, reading: { encoding: 'windows-1250', language: 'Polish' } });
  });

  it.each([
    ['windows-1250', 'Vývojář softwaru – Praha. Účetní, Ostrava. Hledáme zkušeného kolegu, který bude řídit tým.', 'Czech'],
    ['windows-1251', 'Менеджер по продажам, Москва. Ищем опытного специалиста, зарплата по результатам собеседования.', 'Russian'],
    ['shift_jis', '東京本社 営業部長 募集中です。ソフトウェア開発者、経験３年以上。', 'Japanese'],
    ['gb18030', '北京 销售 经理 招聘。软件开发工程师，三年以上经验。', 'Chinese'],
    ['euc-kr', '서울 영업 관리자 모집합니다. 소프트웨어 개발자, 경력 3년 이상.', 'Korean'],
    ['iso-8859-15', 'Prix 100 € à Paris, œuvre, déjà vu, rémunération attractive.', 'French'],
  ])('%s: enough text reads clear, its language named', async (encoding, t, language) => {
    const found = await guess(t, encoding);
    expect(found).toMatchObject({ clear: true, reading: { encoding, language } });
  });

  it('a short Czech word is not clear: every plausible reading is offered, Windows-1252 after the others as unsure', async () => {
    const found = await guess('Vývojář', 'windows-1250');
    expect(found.clear).toBe(false);
    const readings = found.clear ? [] : found.readings;
    expect(readings.map((r) => [r.encoding, r.cell])).toEqual([
      ['windows-1250', 'Vývojář'],
      ['windows-1254', 'Vıvojáø'],
      ['windows-1257', 'Vżvojįų'],
      ['windows-1252', 'Vývojáø'],
    ]);
    expect(readings.every((r) => r.language === undefined)).toBe(true);
  });

  it('Turkish İstanbul is not clear: its Icelandic reading in Windows-1252 is no Western word', async () => {
    const found = await guess('İstanbul', 'windows-1254');
    expect(found.clear).toBe(false);
    expect(found.clear ? [] : found.readings.map((r) => r.cell)).toEqual(expect.arrayContaining(['İstanbul', 'Ýstanbul']));
  });

  it('short CJK is not clear, each double-byte reading named with its language', async () => {
    const found = await guess('東京 営業', 'shift_jis');
    expect(found).toEqual({
      clear: false,
      readings: [
        { encoding: 'shift_jis', confidence: 10, cell: '東京 営業', language: 'Japanese' },
        { encoding: 'gb18030', confidence: 10, cell: '搶嫗 塩嬈', language: 'Chinese' },
        { encoding: 'euc-kr', confidence: 10, cell: '뱦떈 뎑떾', language: 'Korean' },
      ],
    });
  });

  it('Mac Roman is only ever offered: never read unasked, offered last', async () => {
    const found = await guess('Müller', 'macintosh');
    expect(found).toEqual({
      clear: false,
      readings: [
        { encoding: 'windows-1250', confidence: 0, cell: 'Mźller' },
        { encoding: 'macintosh', confidence: 0, cell: 'Müller' },
      ],
    });
  });

  it('no plausible reading at all: nothing offered', async () => {
    expect(await guess('นักพัฒนาซอฟต์แวร์ กรุงเทพ', 'windows-874')).toEqual({ clear: false, readings: [] });
  });

  it('the cell shown for a clear reading is the first one its rival reads otherwise', async () => {
    const rows = ['Zürich Büro', 'Ingénieur', 'Señor Analista', 'Café “Crème”'].join('\r\n');
    const found = await guess(`${rows}\r\n${'Grüße aus München. '.repeat(5)}`, 'windows-1252');
    expect(found).toMatchObject({ clear: true, reading: { encoding: 'windows-1252', cell: 'Señor Analista' } });
  });

  it('a cell longer than 60 characters is cut, and one whose ASCII start was dropped says so', async () => {
    const found = await guess(`${'x'.repeat(40)} Müller ${'y'.repeat(80)}, Grüße`, 'windows-1252');
    expect(found.clear && found.reading.cell).toBe(`…${'x'.repeat(30)} Müller ${'y'.repeat(20)}…`);
  });
});

describe('text-input: what a guess, a refusal or a forced name makes of an input', () => {
  it('a clear guess is read, said in a note with its sample', async () => {
    const sniff = await sniffBytes(iconv.encode('Büroleiter – Straße', 'windows-1252'));
    expect(sniff).toEqual({ encoding: 'windows-1252', bom: 0, chosen: 'detected', sample: 'Büroleiter – Straße' });
    expect(encodingNote(sniff, 'jobs.csv')).toBe(
      `note: jobs.csv read as windows-1252 (detected; Excel's 'CSV (Comma delimited)'): "Büroleiter – Straße"; if it reads wrong, pass --encoding <name>; save the file as UTF-8 to skip this note`,
    );
    const czech = await sniffBytes(iconv.encode('Vývojář softwaru – Praha. Účetní, Ostrava. Hledáme zkušeného kolegu, který bude řídit tým.', 'windows-1250'));
    expect(encodingNote(czech, 'jobs.csv')).toBe(
      'note: jobs.csv read as windows-1250 (detected): "Vývojář softwaru – Praha. Účetní"; if it reads wrong, pass --encoding <name>; save the file as UTF-8 to skip this note',
    );
  });

  it('an unclear guess is refused naming the readings, the first one in the hint', async () => {
    const error = await refusal(sniffBytes(iconv.encode('Vývojář', 'windows-1250'), undefined, '--file jobs.csv'));
    expect(error.message).toBe('--file jobs.csv is not UTF-8, and its encoding is not clear; it looks like windows-1250, windows-1254, windows-1257 or windows-1252');
    expect(error.details.map((d) => d.message)).toEqual(['as windows-1250: "Vývojář"', 'as windows-1254: "Vıvojáø"', 'as windows-1257: "Vżvojįų"', 'as windows-1252: "Vývojáø"']);
    expect(error.hint).toBe('pass the one that reads right with --encoding (--encoding windows-1250, say), or save the file as UTF-8; nothing was sent');
    const one = await refusal(sniffBytes(iconv.encode('Prix 100 €', 'iso-8859-15'), undefined, 'stdin'));
    expect(one.message).toMatch(/^stdin is not UTF-8, and its encoding is not clear; it looks like [^,]+(, [^,]+)* or macintosh$/);
    const single = await refusal(sniffBytes(iconv.encode('Łódź', 'windows-1250'), undefined, 'stdin'));
    expect(single.message).toBe('stdin is not UTF-8, and its encoding is not clear; it looks like windows-1250');
    expect(single.details).toEqual([{ message: 'as windows-1250: "Łódź"' }]);
    const none = await refusal(sniffBytes(iconv.encode('นักพัฒนาซอฟต์แวร์ กรุงเทพ', 'windows-874'), undefined, 'stdin'));
    expect(none.message).toBe('stdin is not UTF-8, and no common encoding reads it as text');
    expect(none.details).toEqual([]);
    expect(none.hint).toContain('pass its encoding with --encoding <name>');
  });

  it('names the language of a reading in the refusal when it has one', async () => {
    const error = await refusal(sniffBytes(iconv.encode('東京 営業', 'shift_jis'), undefined, 'x.csv'));
    expect(error.message).toBe('x.csv is not UTF-8, and its encoding is not clear; it looks like shift_jis (Japanese), gb18030 (Chinese) or euc-kr (Korean)');
  });

  it('--encoding reads the bytes as told, said in a note; the note names where the name came from', async () => {
    const bytes = iconv.encode('Vývojář', 'windows-1250');
    const sniff = await sniffBytes(bytes, FORCED('CP1250'));
    expect(sniff).toEqual({ encoding: 'cp1250', bom: 0, chosen: '--encoding', sample: 'Vývojář' });
    expect((await decodeBytes(bytes, FORCED('windows-1250'))).text).toBe('Vývojář');
    expect(encodingNote(sniff, 'jobs.csv')).toBe('note: jobs.csv read as cp1250 (--encoding): "Vývojář"');
    const profile = { name: 'windows-1250', where: 'encoding in profile "work"' };
    expect(encodingNote(await sniffBytes(bytes, profile), 'x')).toBe('note: x read as windows-1250 (encoding in profile "work"): "Vývojář"');
    // ASCII read as the setting says is the same text in any of them: nothing to say; as the flag says, said.
    expect(encodingNote(await sniffBytes(Buffer.from('plain'), profile), 'x')).toBeUndefined();
    expect(encodingNote(await sniffBytes(Buffer.from('plain'), FORCED('windows-1250')), 'x')).toBe('note: x read as windows-1250 (--encoding)');
    expect(encodingNote({ encoding: 'utf-8', bom: 0 }, 'x')).toBeUndefined();
  });

  it('--encoding utf-8 (any of its names) and utf-16 are read here: UTF-8 strictly, its bad bytes named', async () => {
    expect(await sniffBytes(Buffer.from('título'), FORCED('UTF8'))).toEqual({ encoding: 'utf-8', bom: 0, chosen: '--encoding', sample: 'título' });
    expect(await sniffBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xe9]), FORCED('unicode-1-1-utf-8'))).toEqual({ encoding: 'utf-8', bom: 3, chosen: '--encoding', sample: 'a?', damaged: true });
    expect(await sniffBytes(Buffer.from('plain'), FORCED('utf-8'))).toEqual({ encoding: 'utf-8', bom: 0, chosen: '--encoding' });
    expect(await sniffBytes(Buffer.from('hé', 'utf16le'), FORCED('ucs2'))).toEqual({ encoding: 'utf-16le', bom: 0, chosen: '--encoding' });
    expect(await sniffBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('hé', 'utf16le').swap16()]), FORCED('utf-16be'))).toEqual({ encoding: 'utf-16be', bom: 2, chosen: '--encoding' });
    expect(await sniffBytes(Buffer.from('hé', 'utf16le').swap16(), FORCED('UTF16BE'))).toEqual({ encoding: 'utf-16be', bom: 0, chosen: '--encoding' });
    expect((await decodeBytes(Buffer.from('hé', 'utf16le'), FORCED('utf-16le'))).text).toBe('hé');
  });

  it('a name that contradicts the bytes is refused: a BOM of another encoding, or UTF-8 the name would misread', async () => {
    const bom = await refusal(sniffBytes(Buffer.from([0xff, 0xfe, 0x41, 0x00]), FORCED('windows-1250'), 'x.csv'));
    expect(bom.message).toBe('x.csv starts with a UTF-16LE byte order mark, but --encoding says windows-1250');
    expect(bom.hint).toBe('pass --encoding auto (the file says its encoding) or --encoding utf-16le; nothing was sent');
    expect(bom.details).toEqual([]);
    const pattern = await refusal(sniffBytes(Buffer.from('ab', 'utf16le'), FORCED('utf-8'), 'x.csv'));
    expect(pattern.message).toBe('x.csv starts with a UTF-16LE character, but --encoding says utf-8');
    const utf8 = await refusal(sniffBytes(Buffer.from('Vývojář'), { name: 'windows-1250', where: 'RECRUIT_ENCODING' }, 'x.csv'));
    expect(utf8.message).toBe('x.csv is UTF-8 ("Vývojář"), but RECRUIT_ENCODING says windows-1250, which would read it as "VĂ˝vojĂˇĹ™"');
    expect(utf8.hint).toBe('pass --encoding auto or --encoding utf-8 (RECRUIT_ENCODING set it); nothing was sent');
    expect(utf8.details).toEqual([]);
    const flag = await refusal(sniffBytes(Buffer.from('Vývojář'), FORCED('windows-1250'), 'x.csv'));
    expect(flag.hint).toBe('pass --encoding auto or --encoding utf-8; nothing was sent');
  });

  it('searches decoded text for what could not be read only where there may be some: damaged UTF-8, UTF-16, a code page', () => {
    expect(mayHoldUnreadable({ encoding: 'utf-8', bom: 0 })).toBe(false);
    expect(mayHoldUnreadable({ encoding: 'utf-8', bom: 3, damaged: true })).toBe(true);
    expect(mayHoldUnreadable({ encoding: 'utf-16le', bom: 2 })).toBe(true);
    expect(mayHoldUnreadable({ encoding: 'windows-1250', bom: 0, chosen: 'detected' })).toBe(true);
  });

  it('names the input in a refusal, "the input" unless told', async () => {
    expect((await refusal(sniffBytes(iconv.encode('Vývojář', 'windows-1250')))).message).toMatch(/^the input is not UTF-8/);
    expect((await refusal(decodeBytes(iconv.encode('Vývojář', 'windows-1250')))).message).toMatch(/^the input is not UTF-8/);
  });

  it('an unknown name is refused naming where it was given; auto needs no check', async () => {
    const error = await refusal(checkEncoding({ name: 'klingon', where: 'RECRUIT_ENCODING' }));
    expect(error.message).toBe('RECRUIT_ENCODING "klingon" is not an encoding recruit knows');
    expect(error.hint).toContain('windows-1250');
    expect(error.details).toEqual([]);
    expect(await checkEncoding({ name: 'Auto', where: '--encoding' })).toEqual({ name: 'Auto', where: '--encoding' });
    expect(await checkEncoding(FORCED('latin2'))).toEqual(FORCED('latin2'));
    await refusal(sniffBytes(Buffer.from('x'), FORCED('klingon')));
  });

  it('bytes that are no text in a forced code page are named: a single byte by its value, a double-byte sequence as such', async () => {
    const single = await decodeBytes(Buffer.from([0x61, 0x81, 0x62]), FORCED('windows-1252'));
    expect(single.text).toBe('a\udc81b');
    expect(unreadableWhat(single.text, unreadableAt(single.text), single.sniff)).toBe('the byte 0x81 is not text in windows-1252');
    expect(unreadableHint(single.sniff)).toBe('the file is not windows-1252 there: pass the right --encoding, or save the file as UTF-8; nothing was sent');
    const double = await decodeBytes(Buffer.from([0x61, 0x81, 0x20, 0x62]), FORCED('shift_jis'));
    expect(double.text).toBe('a\udc00 b');
    expect(unreadableWhat(double.text, 1, double.sniff)).toBe('bytes that are not text in shift_jis');
    expect(unreadableWhat('a\udc00', 1, { encoding: 'utf-16le', bom: 2 })).toBe('half of a UTF-16 character (an unpaired surrogate) is not text');
    expect(unreadableWhat('a\udc92', 1, { encoding: 'utf-16be', bom: 2 })).toBe('the byte 0x92 is not text in UTF-16BE');
    expect(unreadableHint({ encoding: 'utf-8', bom: 0, damaged: true })).toContain('the rest of the file is UTF-8');
    expect(unreadableHint(undefined)).toBe("save the file as UTF-8 (Excel: 'CSV UTF-8'; an editor: 'UTF-8'); nothing was sent");
    expect(unreadableHint({ encoding: 'utf-8', bom: 0, damaged: true, chosen: '--encoding' })).toBe('the file is not UTF-8 there: pass the right --encoding, or save the file as UTF-8; nothing was sent');
    expect(unreadableWhat('a\udc00', 1)).toBe('half of a UTF-16 character (an unpaired surrogate) is not text');
    expect(unreadableWhat('a\ud83d', 1, { encoding: 'windows-1252', bom: 0 })).toBe('half of a UTF-16 character (an unpaired surrogate) is not text');
  });

  it('a double-byte code page whose sequence is cut by a chunk reads whole', async () => {
    const bytes = iconv.encode('東京 営業', 'shift_jis');
    const sniff: Sniff = { encoding: 'shift_jis', bom: 0, chosen: '--encoding' };
    const { chunkDecoder } = await import('../../src/terminal/text-input.js');
    const decoder = await chunkDecoder(sniff);
    expect(decoder.write(bytes.subarray(0, 1)) + decoder.write(bytes.subarray(1)) + decoder.end()).toBe('東京 営業');
    const cut = await chunkDecoder(sniff);
    expect(cut.write(bytes.subarray(0, 1)) + cut.end()).toBe('\udc00');
  });
});

describe('encoding-detect: its steps', () => {
  /** A reading as candidatesOf makes it; `words` decide what differs. */
  const reading = (names: string[], confidence: number, words: string[] = ['w'], more: Partial<Candidate> = {}): Candidate => ({
    names,
    confidence,
    text: words.join('\n'),
    words,
    plausible: true,
    western: true,
    ...more,
  });

  it("scores chardet's matches per code page iconv-lite reads: no UTF, no name it does not know, an ISO-8859 part's lent to its Windows sibling", () => {
    const scores = scoresOf(iconv, [
      { name: 'UTF-8', confidence: 80 },
      { name: 'UTF-16LE', confidence: 70 },
      { name: 'UTF-32BE', confidence: 70 },
      { name: 'ISO-2022-JP', confidence: 60 },
      { name: 'ISO-8859-1', confidence: 40, lang: 'fr' },
      { name: 'ISO-8859-2', confidence: 30, lang: 'cs' },
      { name: 'ISO-8859-7', confidence: 20, lang: 'el' },
      { name: 'ISO-8859-8', confidence: 15, lang: 'he' },
      { name: 'ISO-8859-9', confidence: 12, lang: 'tr' },
      { name: 'Shift_JIS', confidence: 10, lang: 'ja' },
      { name: 'ISO-8859-5', confidence: 0, lang: 'ru' },
    ]);
    expect(Object.fromEntries(scores)).toEqual({
      'iso-8859-1': { confidence: 40, lang: 'fr' },
      'windows-1252': { confidence: 40, lang: 'fr' },
      'iso-8859-15': { confidence: 40, lang: 'fr' },
      'iso-8859-2': { confidence: 30, lang: 'cs' },
      'windows-1250': { confidence: 30, lang: 'cs' },
      'iso-8859-7': { confidence: 20, lang: 'el' },
      'windows-1253': { confidence: 20, lang: 'el' },
      'iso-8859-8': { confidence: 15, lang: 'he' },
      'windows-1255': { confidence: 15, lang: 'he' },
      'iso-8859-9': { confidence: 12, lang: 'tr' },
      'windows-1254': { confidence: 12, lang: 'tr' },
      shift_jis: { confidence: 10, lang: 'ja' },
      'iso-8859-5': { confidence: 0, lang: 'ru' },
    });
  });

  it('keeps the best score of a code page, and the first of equal ones', () => {
    const scores = scoresOf(iconv, [
      { name: 'windows-1252', confidence: 30, lang: 'de' },
      { name: 'ISO-8859-1', confidence: 30, lang: 'fr' },
      { name: 'windows-1250', confidence: 10, lang: 'pl' },
      { name: 'ISO-8859-2', confidence: 20 },
    ]);
    expect(scores.get('windows-1252')).toEqual({ confidence: 30, lang: 'de' });
    expect(scores.get('windows-1250')).toEqual({ confidence: 20 });
  });

  it('reads the sample in each code page: the same text is one reading, its best score, Windows-1252 named first', () => {
    const bytes = iconv.encode('Müller\nStraße', 'windows-1252');
    const sample = [{ bytes: bytes.subarray(0, 6), cut: false, trimmed: false }, { bytes: bytes.subarray(7), cut: false, trimmed: false }];
    const scores = new Map([
      ['windows-1252', { confidence: 10, lang: 'de' }],
      ['windows-1250', { confidence: 40, lang: 'cs' }],
      ['windows-1254', { confidence: 40, lang: 'tr' }],
      ['windows-1251', { confidence: 50, lang: 'ru' }],
    ]);
    const found = candidatesOf(iconv, bytes, sample, ['windows-1252', 'windows-1250', 'windows-1251', 'windows-1254', 'macintosh'], scores);
    expect(found.map((c) => [c.names, c.confidence, c.lang, c.words, c.plausible])).toEqual([
      [['windows-1251'], 50, 'ru', ['Mьller', 'StraЯe'], false],
      [['windows-1252', 'windows-1250', 'windows-1254'], 40, 'cs', ['Müller', 'Straße'], true],
      [['macintosh'], 0, undefined, ['M¸ller', 'Straﬂe'], false],
    ]);
    expect(found[1]!.western).toBe(true);
  });

  it('a reading with a character no text holds is not plausible; one odd word in fifty is', () => {
    const words = ['Café', ...Array.from({ length: 49 }, (_, i) => `mot${String.fromCharCode(0x61 + (i % 26))}é`)];
    const text = iconv.encode(words.join('\n'), 'windows-1252');
    const sample = words.map(() => ({ bytes: new Uint8Array(), cut: false, trimmed: false }));
    const [ok] = candidatesOf(iconv, text, sample, ['windows-1252'], new Map());
    expect(ok).toMatchObject({ plausible: true, western: true });
    const oddOne = iconv.encode(['MŸller', ...words.slice(1)].join('\n'), 'windows-1252');
    expect(candidatesOf(iconv, oddOne, sample, ['windows-1252'], new Map())[0]!.plausible).toBe(true);
    const oddTwo = iconv.encode(['MŸller', 'CafŽ', ...words.slice(2)].join('\n'), 'windows-1252');
    expect(candidatesOf(iconv, oddTwo, sample, ['windows-1252'], new Map())[0]!.plausible).toBe(false);
    const impossible = Buffer.concat([Buffer.from([0x81]), text.subarray(4)]);
    expect(candidatesOf(iconv, impossible, sample, ['windows-1252'], new Map())[0]!.plausible).toBe(false);
    const mixed = candidatesOf(iconv, iconv.encode('Zürich\nVývojáø', 'windows-1252'), sample.slice(0, 2), ['windows-1252'], new Map());
    expect(mixed[0]!.western).toBe(false);
  });

  it('a word cut at its size may end in half a character: not held against the reading', () => {
    const sjis = iconv.encode('東京', 'shift_jis');
    const half = sjis.subarray(0, 3);
    const sample = [{ bytes: half, cut: true, trimmed: false }];
    expect(candidatesOf(iconv, half, sample, ['shift_jis'], new Map())[0]).toMatchObject({ words: ['東'], plausible: true });
    const whole = [{ bytes: half, cut: false, trimmed: false }];
    expect(candidatesOf(iconv, half, whole, ['shift_jis'], new Map())[0]!.plausible).toBe(false);
    // Only the last character is forgiven: a bad byte inside the word is still no text.
    const inside = Buffer.concat([Buffer.from([0xa0, 0x61]), Buffer.alloc(510, sjis.subarray(0, 2))]);
    expect(candidatesOf(iconv, inside, [{ bytes: inside, cut: true, trimmed: false }], ['shift_jis'], new Map())[0]!.plausible).toBe(false);
    expect(decodeCell(iconv, { bytes: inside, cut: true, trimmed: false }, 'shift_jis')).toMatch(/^\ufffda東東/);
  });

  it('chooses Windows-1252 when it fits a Western alphabet and no rival is 15 points surer', () => {
    const w = reading(['windows-1252'], 20, ['Señor']);
    expect(choose([w, reading(['windows-1250'], 34, ['Seńor'])])).toBe(w);
    expect(choose([reading(['windows-1250'], 35, ['Seńor']), w])).toBeUndefined();
    expect(choose([reading(['windows-1250'], 10), { ...w, western: false }])).toBeUndefined();
    expect(choose([w])).toBe(w);
  });

  it('chooses another code page on 25 points of confidence, 15 ahead of the next, two words read otherwise', () => {
    const best = reading(['windows-1250'], 40, ['Vývojář', 'řídit', 'tým']);
    expect(choose([best])).toBe(best);
    expect(choose([{ ...best, confidence: 25 }])).toEqual({ ...best, confidence: 25 });
    expect(choose([{ ...best, confidence: 24 }])).toBeUndefined();
    expect(choose([])).toBeUndefined();
    expect(choose([best, reading(['windows-1254'], 25, ['Vıvojáø', 'řídit', 'tým'])])).toBeUndefined(); // one word differs
    expect(choose([best, reading(['windows-1254'], 25, ['Vıvojáø', 'ıídit', 'tým'])])).toBe(best); // two
    expect(choose([best, reading(['windows-1254'], 26, ['Vıvojáø', 'ıídit', 'tým'])])).toBeUndefined(); // 14 ahead
    expect(choose([{ ...best, confidence: 30 }, reading(['windows-1254'], 20, ['a', 'b', 'c'])])).toBeUndefined(); // 10 ahead
  });

  it('offers five readings at most, by confidence, an unwestern Windows-1252 after those as sure', () => {
    const w = reading(['windows-1252'], 0, ['Vývojáø'], { western: false });
    const others = ['windows-1250', 'windows-1254', 'windows-1257', 'koi8-r', 'macintosh'].map((n) => reading([n], 0));
    expect(offer([w, ...others]).map((c) => c.names[0])).toEqual(['windows-1250', 'windows-1254', 'windows-1257', 'koi8-r', 'macintosh']);
    expect(offer([reading(['windows-1250'], 5), { ...w, western: true }, reading(['windows-1251'], 9)]).map((c) => c.names[0])).toEqual(['windows-1251', 'windows-1250', 'windows-1252']);
    expect(offer([{ ...w, western: true }, reading(['windows-1250'], 0)]).map((c) => c.names[0])).toEqual(['windows-1252', 'windows-1250']);
  });

  it("names chardet's language for a double-byte code page always, for a single-byte one sure of 5 words or more", () => {
    for (const [name, lang, language] of [
      ['shift_jis', 'ja', 'Japanese'],
      ['euc-jp', 'ja', 'Japanese'],
      ['gb18030', 'zh', 'Chinese'],
      ['big5', 'zh', 'Chinese'],
      ['euc-kr', 'ko', 'Korean'],
    ] as const) {
      expect(readingOf(reading([name], 10, ['x'], { lang }), 'cell')).toEqual({ encoding: name, confidence: 10, cell: 'cell', language });
    }
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(readingOf(reading(['windows-1250'], 25, five, { lang: 'cs' }), 'c').language).toBe('Czech');
    expect(readingOf(reading(['windows-1250'], 24, five, { lang: 'cs' }), 'c').language).toBeUndefined();
    expect(readingOf(reading(['windows-1250'], 25, five.slice(1), { lang: 'cs' }), 'c').language).toBeUndefined();
    expect(readingOf(reading(['windows-1250'], 90, five), 'c')).toEqual({ encoding: 'windows-1250', confidence: 90, cell: 'c' });
  });

  it('shows a cell folded, cut at 60 characters, its cut last character and dropped start said', () => {
    const cell = (text: string, more = {}) => ({ bytes: iconv.encode(text, 'windows-1252'), cut: false, trimmed: false, ...more });
    expect(decodeCell(iconv, cell(' Café \r\n  au   lait '), 'windows-1252')).toBe('Café au lait');
    expect(decodeCell(iconv, cell('é'.repeat(60)), 'windows-1252')).toBe('é'.repeat(60));
    expect(decodeCell(iconv, cell('é'.repeat(61)), 'windows-1252')).toBe(`${'é'.repeat(59)}…`);
    expect(decodeCell(iconv, cell('Straße', { trimmed: true }), 'windows-1252')).toBe('…Straße');
    const sjis = iconv.encode('東京', 'shift_jis').subarray(0, 3);
    expect(decodeCell(iconv, { bytes: sjis, cut: true, trimmed: false }, 'shift_jis')).toBe('東');
    expect(decodeCell(iconv, { bytes: sjis, cut: false, trimmed: false }, 'shift_jis')).toBe('東\ufffd');
  });

  it('picks the cell a rival reads otherwise, and the cell the readings disagree on', () => {
    expect(pickCell(['a', 'b', 'c'], ['a', 'x', 'y'])).toBe('b');
    expect(pickCell(['a', 'b'], ['a', 'b'])).toBe('a');
    expect(pickCell(['a', 'b'], undefined)).toBe('a');
    expect(pickCell([], undefined)).toBe('');
    expect(differingCell([['a', 'b', 'c'], ['a', 'b', 'x'], ['a', 'b', 'c']])).toBe(2);
    expect(differingCell([['a', 'b'], ['a', 'b']])).toBe(0);
    expect(differingCell([])).toBe(0);
  });

  it('a survey without cells still gives its guess, shown without a cell', async () => {
    const bytes = iconv.encode('Müller Straße Größe', 'windows-1252');
    const s = survey(bytes);
    expect(await guessEncoding({ ...s, cells: [] })).toMatchObject({ clear: true, reading: { encoding: 'windows-1252', cell: '' } });
    expect(await guessEncoding({ ...survey(iconv.encode('Vývojář', 'windows-1250')), cells: [] })).toMatchObject({ clear: false, readings: expect.arrayContaining([expect.objectContaining({ cell: '' })]) });
  });
});

