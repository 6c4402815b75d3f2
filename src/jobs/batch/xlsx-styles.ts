// A workbook's cell styles as the reader needs them: the number format of each cell style (`s` of
// a cell indexes `<cellXfs>`), from the built-in formats and the workbook's own `<numFmts>`.
import { numberFormat, type NumberFormat } from './xlsx-number-format.js';
import { attribute, readPart } from './xlsx-xml.js';
import type { WorkbookZip } from './xlsx-zip.js';

export async function readStyles(zip: WorkbookZip, part: string | undefined, display: string): Promise<NumberFormat[]> {
  if (part === undefined) return [];
  const codes = new Map<number, string>();
  const ids: number[] = [];
  let inCellXfs = false;
  await readPart(zip, part, display, {
    open(name, attributes) {
      if (name === 'numFmt') codes.set(Number(attribute(attributes, 'numFmtId')), attribute(attributes, 'formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) ids.push(Number(attribute(attributes, 'numFmtId') ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return ids.map((id) => numberFormat(id, codes.get(id)));
}
