// A workbook's shared strings (ECMA-376 Part 1, 18.4), kept as UTF-8 outside the JavaScript heap
// (string-arena.ts) while the sheet is read. A string is the text of its `<t>` elements, plain or
// in rich-text runs (`<r>`), escapes undone (xlsx-text.ts); phonetic guides (`<rPh>`) are not text.
import { decodeXlsxText } from '../../terminal/xlsx-text.js';
import { StringArena } from './string-arena.js';
import { readPart } from './xlsx-xml.js';
import type { WorkbookZip } from './xlsx-zip.js';

export async function readSharedStrings(zip: WorkbookZip, part: string | undefined, display: string): Promise<StringArena> {
  const strings = new StringArena();
  if (part === undefined) return strings;
  let text: string[] | undefined;
  let piece: string | undefined;
  let phonetic = 0;
  await readPart(zip, part, display, {
    open(name) {
      if (name === 'si') text = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && text && phonetic === 0) piece = '';
    },
    text(t) {
      if (piece !== undefined) piece += t;
    },
    close(name) {
      if (name === 't' && piece !== undefined) {
        text?.push(decodeXlsxText(piece));
        piece = undefined;
      } else if (name === 'rPh') phonetic--;
      else if (name === 'si' && text) {
        strings.push(text.join(''));
        text = undefined;
      }
    },
  });
  return strings;
}
