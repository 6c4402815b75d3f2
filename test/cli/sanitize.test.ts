// What may reach a terminal from a server string: control characters, bidirectional controls and
// invisible formatting characters are escaped; ordinary text of any script is left as it is.
import { describe, expect, it } from 'vitest';
import { sanitize, sanitizeCell } from '../../src/core/sanitize.js';

/** The ranges escaped as `\u{...}`, each checked code point by code point. */
const ESCAPED: Array<[string, number, number]> = [
  ['soft hyphen', 0xad, 0xad],
  ['Arabic letter mark', 0x61c, 0x61c],
  ['zero-width space and non-joiner', 0x200b, 0x200c],
  ['left-to-right and right-to-left marks', 0x200e, 0x200f],
  ['line and paragraph separators', 0x2028, 0x2029],
  ['bidirectional embeddings and overrides', 0x202a, 0x202e],
  ['word joiner and invisible operators', 0x2060, 0x2064],
  ['bidirectional isolates', 0x2066, 0x2069],
  ['byte order mark / zero-width no-break space', 0xfeff, 0xfeff],
  ['tag characters', 0xe0000, 0xe007f],
];

const hex = (code: number) => code.toString(16);

describe('sanitize', () => {
  for (const [name, first, last] of ESCAPED) {
    it(`escapes the ${name} (U+${hex(first)}-U+${hex(last)}) as \\u{...}`, () => {
      for (let code = first; code <= last; code++) {
        const c = String.fromCodePoint(code);
        expect(sanitize(`a${c}b`), `U+${hex(code)}`).toBe(`a\\u{${hex(code)}}b`);
      }
    });
  }

  it('escapes every other format character (general category Cf) except the zero-width joiner', () => {
    let seen = 0;
    for (let code = 0xa0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCodePoint(code);
      if (!/\p{Cf}/u.test(c) || code === 0x200d) continue;
      seen++;
      expect(sanitize(c), `U+${hex(code)}`).toBe(`\\u{${hex(code)}}`);
    }
    expect(seen).toBeGreaterThan(150); // Arabic number signs, Egyptian and musical format controls, ... too
  });

  it('keeps the zero-width joiner, so emoji sequences stay whole', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    expect(sanitize(family)).toBe(family);
    expect(sanitizeCell(`Team ${family}`)).toBe(`Team ${family}`);
  });

  it('still escapes C0 and C1 controls in their short forms, tab and newline only in cells', () => {
    expect(sanitize('a\u001b[31mb\u0007c\u0000d\rf\u007f\u0085\u009b')).toBe('a\\e[31mb\\x07c\\x00d\\x0df\\x7f\\x85\\x9b');
    expect(sanitize('a\tb\nc')).toBe('a\tb\nc');
    expect(sanitizeCell('a\tb\nc\u202ed')).toBe('a\\tb\\nc\\u{202e}d');
  });

  it('leaves every code point it does not escape as it is', () => {
    const escaped = (code: number) =>
      code < 0x09 || (code > 0x0a && code < 0x20) || (code >= 0x7f && code < 0xa0) || (code >= 0xe0000 && code <= 0xe007f) ||
      code === 0x2028 || code === 0x2029 || (code !== 0x200d && /\p{Cf}/u.test(String.fromCodePoint(code)));
    const kept: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (!escaped(code)) kept.push(String.fromCodePoint(code));
    }
    const text = kept.join('');
    expect(sanitize(text) === text).toBe(true); // not toBe: a diff of 1.1 million characters helps no one
  });

  it('leaves ordinary text of any script untouched', () => {
    for (const text of [
      'Café Zürich, Ærøskøbing; naïve façade',
      'ソフトウェアエンジニア 软件工程师 소프트웨어 엔지니어',
      'مهندس برمجيات', // right-to-left letters are text, not controls
      'מהנדס תוכנה',
      'e\u0301 (a combining accent), a\u00a0non-breaking space',
      'Launch \u{1f680} \u{1f44d}\u{1f3fd} \u{1f1e9}\u{1f1ea}',
    ]) {
      expect(sanitize(text)).toBe(text);
    }
  });

  it('escapes a right-to-left override where it is, so the text after it keeps its order', () => {
    expect(sanitize('Invoice \u202egpj.exe')).toBe('Invoice \\u{202e}gpj.exe');
    expect(sanitize('x\u2067y\u2069z\u{e0041}')).toBe('x\\u{2067}y\\u{2069}z\\u{e0041}');
  });
});
