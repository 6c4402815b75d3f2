// A sheet's rows as they stream (ECMA-376 Part 1, 18.3): each `<row>` with its number (its `r`, or
// the one after the last) and whether it is hidden, each `<c>` with its column and what it holds,
// as xlsx-cell.ts reads it. The hidden columns (`<cols>`, before the rows) are added to a set the
// caller holds. Only the rows not yet handed on are held.
import { decodeXlsxText } from '../../terminal/xlsx-text.js';
import type { RawCell } from './xlsx-cell.js';
import { attribute, isTrue, parsePart } from './xlsx-xml.js';
import { XLSX_CAPS, type WorkbookZip } from './xlsx-zip.js';

/**
 * The text as a string of its own. saxes hands on text as slices of the chunk it parses (16 KiB), and
 * V8 keeps a slice's whole chunk alive as long as the slice: a row's cells waiting to be sent would
 * keep every chunk they came from (a 100,000-row workbook's reading then grew the heap by 50 MiB).
 */
const own = (text: string): string => (text.length < 13 ? text : (' ' + text).slice(1));

export interface SheetRow {
  number: number;
  hidden: boolean;
  cells: RawCell[];
}

/** The column a cell reference names (`H5` is 8), read without making strings. */
function columnOf(ref: string): number {
  let n = 0;
  for (let k = 0; k < ref.length; k++) {
    const c = ref.charCodeAt(k) & ~32; // upper case
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
}

export async function* sheetRows(zip: WorkbookZip, part: string, display: string, hiddenColumns: Set<number>): AsyncGenerator<SheetRow> {
  const ready: SheetRow[] = [];
  let row: SheetRow | undefined;
  let last = 0;
  let cell: RawCell | undefined;
  let value: string | undefined;
  let inline: string[] | undefined;
  let piece: string | undefined;
  let phonetic = 0;
  const handlers = {
    open(name: string, attributes: Readonly<Record<string, string>>) {
      switch (name) {
        case 'row': {
          const r = Number(attribute(attributes, 'r'));
          last = Number.isInteger(r) && r > 0 ? r : last + 1;
          row = { number: last, hidden: isTrue(attribute(attributes, 'hidden')), cells: [] };
          break;
        }
        case 'c': {
          const ref = attribute(attributes, 'r');
          const column = ref ? columnOf(ref) : (row?.cells.at(-1)?.column ?? 0) + 1;
          cell = { row: last, column, type: attribute(attributes, 't'), style: Number(attribute(attributes, 's') ?? 0), value: undefined, formula: false, inline: undefined };
          break;
        }
        case 'v':
          if (cell) value = '';
          break;
        case 'f':
          if (cell) cell.formula = true;
          break;
        case 'is':
          if (cell) inline = [];
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          if (inline && phonetic === 0) piece = '';
          break;
        case 'col':
          if (isTrue(attribute(attributes, 'hidden'))) {
            const max = Math.min(Number(attribute(attributes, 'max')), XLSX_CAPS.columns);
            for (let k = Number(attribute(attributes, 'min')); k <= max; k++) hiddenColumns.add(k);
          }
          break;
      }
    },
    text(text: string) {
      if (piece !== undefined) piece += text;
      else if (value !== undefined) value += text;
    },
    close(name: string) {
      switch (name) {
        case 'v':
          if (cell && value !== undefined) cell.value = own(value);
          value = undefined;
          break;
        case 't':
          if (piece !== undefined) inline?.push(own(decodeXlsxText(piece)));
          piece = undefined;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'is':
          if (cell && inline) cell.inline = inline.join('');
          inline = undefined;
          break;
        case 'c':
          // A cell with no value, text or formula is as empty as a missing one (and may stand in any column).
          if (cell && row && (cell.value !== undefined || cell.inline !== undefined || cell.formula)) row.cells.push(cell);
          cell = undefined;
          break;
        case 'row':
          if (row) ready.push(row);
          row = undefined;
          break;
      }
    },
  };
  for await (const _ of parsePart(zip, part, display, handlers)) {
    void _;
    if (ready.length > 0) yield* ready.splice(0);
  }
}
