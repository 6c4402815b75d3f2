// The one decoder of input files (src/terminal/text-input.ts): which encoding a file's bytes are,
// and the same text back however the bytes are cut into chunks. Which code page a file that is not
// UTF-8 is in: test/cli/encoding-detect.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkDecoder, decodeBytes, lineAndColumn, readTextChunks, sniffBytes, sniffFile, unreadableAt, unreadableWhat, type Sniff } from '../../src/terminal/text-input.js';

/** The encoding `sniffBytes` decides, without the note's sample, or `refused` when it cannot tell. */
async function decided(bytes: Uint8Array): Promise<Partial<Sniff> | 'refused'> {
  try {
    const { sample: _, ...sniff } = await sniffBytes(bytes);
    return sniff;
  } catch {
    return 'refused';
  }
}

const BOM8 = Buffer.from([0xef, 0xbb, 0xbf]);
const le = (t: string) => Buffer.from(t, 'utf16le');
const be = (t: string) => Buffer.from(t, 'utf16le').swap16();

/** Decoded text as its bytes again: a character as UTF-8, an escaped byte as that byte. */
function reencoded(text: string): Buffer {
  return Buffer.concat(
    [...text].map((c) => {
      const code = c.charCodeAt(0);
      return c.length === 1 && code >= 0xdc80 && code <= 0xdcff ? Buffer.from([code - 0xdc00]) : Buffer.from(c, 'utf8');
    }),
  );
}

/** The bytes decoded in the chunks that `cuts` makes, as a file read in pieces would be. */
async function inChunks(bytes: Buffer, sniff: Sniff, cuts: number[]): Promise<string> {
  const decoder = await chunkDecoder(sniff);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let out = '';
  let start = sniff.bom;
  for (const p of points) {
    if (p <= start) continue;
    out += decoder.write(bytes.subarray(start, p));
    start = p;
  }
  return out + decoder.write(bytes.subarray(start)) + decoder.end();
}

describe('text-input: which encoding', () => {
  it.each([
    ['UTF-8 without a BOM', Buffer.from('título,ok'), { encoding: 'utf-8', bom: 0 }],
    ['UTF-8 with a BOM', Buffer.concat([BOM8, Buffer.from('título')]), { encoding: 'utf-8', bom: 3 }],
    ['UTF-16LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), le('título')]), { encoding: 'utf-16le', bom: 2 }],
    ['UTF-16BE with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), be('título')]), { encoding: 'utf-16be', bom: 2 }],
    ['UTF-16LE without a BOM', le('title,x'), { encoding: 'utf-16le', bom: 0 }],
    ['UTF-16BE without a BOM', be('title,x'), { encoding: 'utf-16be', bom: 0 }],
    ['Windows-1252', Buffer.from([0x49, 0x6e, 0x67, 0xe9, 0x20, 0x96, 0x20, 0x80]), { encoding: 'windows-1252', bom: 0, chosen: 'detected' }],
    ['damaged UTF-8 (as many good characters beyond ASCII as bad bytes)', Buffer.from([0x61, 0xc3, 0xa9, 0x81]), { encoding: 'utf-8', bom: 0, damaged: true }],
    ['damaged UTF-8 (a NUL)', Buffer.from([0x61, 0xe9, 0x00]), { encoding: 'utf-8', bom: 0, damaged: true }],
    ['a UTF-8 BOM before bytes that are not UTF-8', Buffer.concat([BOM8, Buffer.from([0x61, 0xe9])]), { encoding: 'utf-8', bom: 3, damaged: true }],
    ['a sequence cut at the end, nothing else to go on', Buffer.from([0x61, 0xc3]), 'refused'],
    ['a sequence cut at the end of a UTF-8 file', Buffer.from([0xc3, 0xa9, 0x61, 0xc3]), { encoding: 'utf-8', bom: 0, damaged: true }],
  ])('%s', async (_, bytes, sniff) => {
    expect(await decided(bytes)).toEqual(sniff);
  });

  it('a start that only looks like a byte order mark or UTF-16 in part is no such thing', async () => {
    const UTF8 = { encoding: 'utf-8', bom: 0 };
    const DAMAGED = { encoding: 'utf-8', bom: 0, damaged: true };
    // Told by what follows, not by the start: another code page, or refused.
    const NOT_UTF = (found: Partial<Sniff> | 'refused') => found === 'refused' || (found.bom === 0 && !found.encoding!.startsWith('utf-'));
    const told: number[][] = [
      // Two of the three bytes of UTF-8's BOM; one of the two of UTF-16's (Windows-1252 "ï»", "ÿ", "þ").
      [0xef, 0xbb, 0x41, 0x42],
      [0xef, 0x41, 0xbf, 0x42],
      [0x41, 0xbb, 0xbf, 0x42],
      [0xff, 0x41, 0x42, 0x43],
      [0x41, 0xfe, 0x42, 0x43],
      [0xfe, 0x41, 0x42, 0x43],
      [0x41, 0xff, 0x42, 0x43],
    ];
    for (const bytes of told) expect(NOT_UTF(await decided(Buffer.from(bytes))), bytes.map((b) => b.toString(16)).join(' ')).toBe(true);
    const cases: [number[], object][] = [
      // NULs that do not fall as in two ASCII characters of UTF-16.
      [[0x00, 0x00, 0x41, 0x00], UTF8],
      [[0x80, 0x00, 0x41, 0x00], DAMAGED],
      [[0x00, 0x41, 0x42, 0x43], UTF8],
      [[0x00, 0x41, 0x00, 0x80], DAMAGED],
      [[0x41, 0x00, 0x42, 0x43], UTF8],
      [[0x41, 0x00, 0x80, 0x00], DAMAGED],
      [[0x41, 0x42, 0x43, 0x00], UTF8],
      [[0x80, 0x41, 0x00, 0x41], DAMAGED],
    ];
    for (const [bytes, sniff] of cases) expect(await decided(Buffer.from(bytes)), bytes.map((b) => b.toString(16)).join(' ')).toEqual(sniff);
  });

  it('an input that ends in a character of two, three or four bytes is UTF-8', async () => {
    for (const text of ['café', 'café €', 'ok 👩']) expect(await sniffBytes(Buffer.from(text)), text).toEqual({ encoding: 'utf-8', bom: 0 });
  });

  it("decodes Windows-1252's 0x80-0x9F as Excel means them, not as C1 controls", async () => {
    const bytes = Buffer.from([0x80, 0x85, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x9c, 0xdf, 0xfc]);
    expect((await decodeBytes(bytes, { name: 'windows-1252', where: '--encoding' })).text).toBe('€…‘’“”–—œßü');
  });

  it('keeps each bad byte as a lone surrogate, found and named; nothing becomes U+FFFD', async () => {
    const { text, sniff } = await decodeBytes(Buffer.concat([BOM8, Buffer.from([0x61, 0xe9, 0x81, 0x62, 0xef, 0xbf, 0xbd])]));
    expect(text).toBe('a\udce9\udc81b\ufffd'); // the last is a real U+FFFD, written in the file
    expect(unreadableAt(text)).toBe(1);
    expect(unreadableWhat(text, 1, sniff)).toBe('the byte 0xE9 is not text in UTF-8');
    expect(unreadableAt('a 👩‍💻 b')).toBe(-1);
    expect(unreadableAt('a \ud83d b')).toBe(2);
    expect(unreadableWhat('a \ud83d b', 2)).toContain('unpaired surrogate');
  });

  it('names the lowest and the highest byte that can be escaped, and places a character by line and column', () => {
    expect(unreadableWhat('a\udc80', 1)).toBe('the byte 0x80 is not text in UTF-8');
    expect(unreadableWhat('a\udcff', 1)).toBe('the byte 0xFF is not text in UTF-8');
    expect(unreadableWhat('a\udc7f', 1)).toContain('unpaired surrogate');
    expect(unreadableWhat('a\udd00', 1)).toContain('unpaired surrogate');
    expect(lineAndColumn('ab\ncd', 2)).toEqual({ line: 1, column: 3 }); // the line end belongs to its line
    expect(lineAndColumn('ab\ncd', 3)).toEqual({ line: 2, column: 1 });
  });

  it('UTF-16BE with an odd last byte: the text, then that byte escaped, found where it is', async () => {
    const { text } = await decodeBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), be('ab'), Buffer.from([0x41])]));
    expect(text).toBe('ab\udc41');
    expect(unreadableAt(text)).toBe(2);
  });
});

describe('text-input: a file read in chunks of 64 KiB', () => {
  it('a character cut by the end of a chunk is still UTF-8, and reads back whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-text-input-'));
    try {
      const file = join(dir, 'cut.csv');
      const text = `${'a'.repeat(64 * 1024 - 1)}é€${'b'.repeat(64 * 1024 - 2)}👩‍💻`;
      writeFileSync(file, text);
      const sniff = await sniffFile(file);
      expect(sniff).toEqual({ encoding: 'utf-8', bom: 0 });
      let read = '';
      for await (const chunk of readTextChunks(file, sniff)) read += chunk;
      expect(read).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a damaged file that ends inside a sequence: its last bytes are read too, escaped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-text-input-'));
    try {
      const file = join(dir, 'cut-end.csv');
      writeFileSync(file, Buffer.concat([BOM8, Buffer.from([0x61, 0x81, 0x62, 0xe1, 0x80])]));
      const sniff = await sniffFile(file);
      let read = '';
      for await (const chunk of readTextChunks(file, sniff)) read += chunk;
      expect(read).toBe('a\udc81b\udce1\udc80');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a UTF-8 file with a BOM, longer than a chunk: the BOM is skipped once, the rest read whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-text-input-'));
    try {
      const file = join(dir, 'bom.csv');
      const text = `título\n${'Sales Manager,Lisboa\n'.repeat(4000)}`;
      writeFileSync(file, Buffer.concat([BOM8, Buffer.from(text)]));
      const sniff = await sniffFile(file);
      expect(sniff).toEqual({ encoding: 'utf-8', bom: 3 });
      let read = '';
      for await (const chunk of readTextChunks(file, sniff)) read += chunk;
      expect(read).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a file decides the same read in chunks as whole: what the survey counts, it counts in every chunk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-text-input-'));
    try {
      const cases = [
        // A character cut by the first chunk's end, then a byte that is not UTF-8: UTF-8 with one bad byte.
        Buffer.concat([Buffer.from(`${'a'.repeat(64 * 1024 - 1)}é`), Buffer.from([0x20, 0xe9, 0x20])]),
        // A valid character in the first chunk, a byte that is not UTF-8 in the second: damaged.
        Buffer.concat([Buffer.from(`Á${'a'.repeat(64 * 1024)}`), Buffer.from([0x20, 0xe9, 0x20])]),
        // The same with a NUL in the first chunk.
        Buffer.concat([Buffer.from(`\0${'a'.repeat(64 * 1024)}`), Buffer.from([0x20, 0xe9, 0x20])]),
        // Windows-1252 whose first accent is cut by the first chunk's end from the word it ends.
        Buffer.concat([Buffer.from(`${'a '.repeat(32 * 1024 - 2)}Caf`), Buffer.from([0xe9]), Buffer.from(' au lait\n')]),
      ];
      const expected = [
        { encoding: 'utf-8', bom: 0, damaged: true },
        { encoding: 'utf-8', bom: 0, damaged: true },
        { encoding: 'utf-8', bom: 0, damaged: true },
        { encoding: 'windows-1252', bom: 0, chosen: 'detected', sample: `…${'a '.repeat(14)}Café au lait` },
      ];
      for (const [i, bytes] of cases.entries()) {
        const file = join(dir, `case-${i}.csv`);
        writeFileSync(file, bytes);
        expect(await sniffBytes(bytes), `case ${i} whole`).toEqual(expected[i]);
        expect(await sniffFile(file), `case ${i} in chunks`).toEqual(expected[i]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a Windows-1252 file longer than a chunk, its only accents in the first chunk, is Windows-1252 throughout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-text-input-'));
    try {
      const file = join(dir, 'excel.csv');
      const ascii = `\n${'Sales Manager,Lisboa\n'.repeat(4000)}`; // about 86 KiB, valid UTF-8 on its own
      writeFileSync(file, Buffer.concat([Buffer.from([0x49, 0x6e, 0x67, 0xe9, 0x6e, 0x69, 0x65, 0x75, 0x72]), Buffer.from(ascii)]));
      const sniff = await sniffFile(file);
      expect(sniff).toEqual({ encoding: 'windows-1252', bom: 0, chosen: 'detected', sample: 'Ingénieur' });
      let read = '';
      for await (const chunk of readTextChunks(file, sniff)) read += chunk;
      expect(read).toBe(`Ingénieur${ascii}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('text-input: damaged UTF-8, sequence by sequence', () => {
  // After a UTF-8 BOM and a byte that is never UTF-8 (0x81): what UTF-8 allows is text, each byte of
  // what it forbids is escaped on its own (as Python's "surrogateescape" decodes), however the bytes are cut.
  const cases: [string, number[], string][] = [
    ['an overlong three-byte form', [0xe0, 0x80, 0x80], '\udce0\udc80\udc80'],
    ['the first three-byte character', [0xe0, 0xa0, 0x80], '\u0800'],
    ['a UTF-16 surrogate written as UTF-8', [0xed, 0xa0, 0x80], '\udced\udca0\udc80'],
    ['the last character before the surrogates', [0xed, 0x9f, 0xbf], '\ud7ff'],
    ['an overlong four-byte form', [0xf0, 0x80, 0x80, 0x80], '\udcf0\udc80\udc80\udc80'],
    ['the first four-byte character', [0xf0, 0x90, 0x80, 0x80], '\ud800\udc00'],
    ['the last character', [0xf4, 0x8f, 0xbf, 0xbf], '\udbff\udfff'],
    ['past the last character', [0xf4, 0x90, 0x80, 0x80], '\udcf4\udc90\udc80\udc80'],
    ['a lead byte UTF-8 never uses', [0xf5, 0x80, 0x80, 0x80], '\udcf5\udc80\udc80\udc80'],
    ['continuation bytes without a lead', [0x80, 0x80, 0x80, 0x80], '\udc80\udc80\udc80\udc80'],
    ['overlong two-byte forms', [0xc0, 0x80, 0xc1, 0xbf], '\udcc0\udc80\udcc1\udcbf'],
    ['the first and last two-byte characters', [0xc2, 0x80, 0xdf, 0xbf], '\u0080\u07ff'],
    ['a three-byte sequence cut short', [0xe1, 0x80, 0x61], '\udce1\udc80a'],
    ['a four-byte sequence cut short', [0xf1, 0x80, 0x80, 0x61], '\udcf1\udc80\udc80a'],
    ['a two-byte sequence cut short', [0xc2, 0x61], '\udcc2a'],
    ['a sequence cut by the end', [0xe1, 0x80], '\udce1\udc80'],
  ];
  for (const [name, seq, expected] of cases) {
    it(`${name}: ${seq.map((b) => b.toString(16)).join(' ')}`, async () => {
      const bytes = Buffer.concat([BOM8, Buffer.from([0x81, ...seq])]);
      const { text, sniff } = await decodeBytes(bytes);
      expect(sniff).toEqual({ encoding: 'utf-8', bom: 3, damaged: true });
      expect(text).toBe(`\udc81${expected}`);
      for (let cut = 4; cut < bytes.length; cut++) expect(await inChunks(bytes, sniff, [cut]), `cut at ${cut}`).toBe(text);
    });
  }
});

describe('text-input: chunks (property)', () => {
  const text = fc.string({ unit: 'binary', maxLength: 60 });
  const cuts = fc.array(fc.nat(), { maxLength: 8 });

  it('UTF-8, UTF-16LE and UTF-16BE read back the same text however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(text, cuts, async (t, c) => {
        for (const [bytes, encoding] of [
          [Buffer.concat([BOM8, Buffer.from(t)]), 'utf-8'],
          [Buffer.concat([Buffer.from([0xff, 0xfe]), le(t)]), 'utf-16le'],
          [Buffer.concat([Buffer.from([0xfe, 0xff]), be(t)]), 'utf-16be'],
        ] as const) {
          const sniff = await sniffBytes(bytes);
          expect(sniff.encoding).toBe(encoding);
          expect(await inChunks(bytes, sniff, c)).toBe(t);
        }
      }),
    );
  });

  it('damaged UTF-8 gives the same text however it is cut: its good characters, each bad byte escaped', async () => {
    const piece = fc.oneof(text.map((t) => Buffer.from(t)), fc.uint8Array({ minLength: 1, maxLength: 3 }).map((b) => Buffer.from(b)));
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 6 }), cuts, async (pieces, c) => {
        // A UTF-8 BOM, then a lone continuation byte: never UTF-8, and damage rather than another encoding.
        const bytes = Buffer.concat([BOM8, Buffer.from([0x81]), ...pieces]);
        const sniff = await sniffBytes(bytes);
        expect(sniff.damaged).toBe(true);
        const whole = (await decodeBytes(bytes)).text;
        expect(await inChunks(bytes, sniff, c)).toBe(whole);
        expect(reencoded(whole)).toEqual(bytes.subarray(3)); // nothing lost, nothing replaced
      }),
    );
  });
});
