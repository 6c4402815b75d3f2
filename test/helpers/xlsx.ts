// Workbooks for tests, made without exceljs: a zip written by hand (stored or deflated parts, each
// part's size as told), and a minimal workbook of inline strings and numbers, as a writer other than
// the one recruit uses would make it. Also hostile ones: parts that inflate to far more than their
// compressed size, sheets of many rows.
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Stored (method 0) instead of deflated. */
  store?: boolean;
  /** The uncompressed size the zip claims (a lie, for hostile files); the real one unless told. */
  claimedSize?: number;
  /** Data deflated beforehand (`data` is then ignored): a large part made without holding it. */
  deflated?: Deflated;
}

export interface Deflated {
  body: Buffer;
  size: number;
  crc: number;
}

/** `size` bytes of one character, deflated a mebibyte at a time: the whole is never held. */
export async function deflatedRun(size: number, char = ' '): Promise<Deflated> {
  const piece = Buffer.alloc(1024 * 1024, char);
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let at = 0; at < size; at += piece.length) {
    const chunk = piece.subarray(0, Math.min(piece.length, size - at));
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { body: Buffer.concat(out), size, crc };
}

/** Text deflated as it is made, piece by piece: a sheet of 100,000 rows is never held whole. */
export async function deflatedText(pieces: Iterable<string>): Promise<Deflated> {
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const bytes = Buffer.from(piece, 'utf8');
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { body: Buffer.concat(out), size, crc };
}

export function zip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data;
    const body = part.deflated?.body ?? (part.store ? data : deflateRawSync(data));
    const name = Buffer.from(part.name, 'utf8');
    const method = part.store && !part.deflated ? 0 : 8;
    const size = part.claimedSize ?? part.deflated?.size ?? data.length;
    const crc = part.deflated?.crc ?? crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell: a value, a formula with its cached result, or a `<c>` element's attributes and content as written (`raw`). */
export type SheetCell = string | number | boolean | null | { formula: string; result?: string | number } | { raw: string; body: string };

function cellXml(value: SheetCell, ref: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (typeof value === 'object' && 'raw' in value) return `<c r="${ref}"${value.raw}>${value.body}</c>`;
  if (typeof value === 'object') {
    const result = value.result === undefined ? '' : `<v>${typeof value.result === 'string' ? escapeXml(value.result) : value.result}</v>`;
    return `<c r="${ref}"${typeof value.result === 'string' ? ' t="str"' : ''}><f>${escapeXml(value.formula)}</f>${result}</c>`;
  }
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

/** One `<row>` of a sheet's XML. */
export const rowXml = (row: number, cells: readonly SheetCell[]) => `<row r="${row}">${cells.map((c, k) => cellXml(c, `${columnName(k)}${row}`)).join('')}</row>`;

export const SHEET_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
export const SHEET_END = '</sheetData></worksheet>';

/** A sheet's XML: rows of cells, each row at its number (rows left out are blank rows). */
export function sheetXml(rows: ReadonlyArray<{ row: number; cells: readonly SheetCell[] }>): string {
  return `${SHEET_START}${rows.map(({ row, cells }) => rowXml(row, cells)).join('')}${SHEET_END}`;
}

export interface BookOptions {
  /** `<workbookPr date1904="...">`: "1" as Excel writes it, "true" as LibreOffice does. */
  date1904?: string;
  /** xl/styles.xml, whole. */
  styles?: string;
  /** The shared strings' `<si>` elements, each whole. */
  sharedStrings?: readonly string[];
  /** Strict OOXML's namespaces and relationship types (ECMA-376 Part 1, "Strict"). */
  strict?: boolean;
}

/** The parts of a minimal workbook around its sheets' XML, in order. */
export function workbookParts(sheets: ReadonlyArray<{ name: string; xml: string }>, options: BookOptions = {}): ZipPart[] {
  const main = options.strict ? 'http://purl.oclc.org/ooxml/spreadsheetml/main' : 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = options.strict ? 'http://purl.oclc.org/ooxml/officeDocument/relationships' : 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const strict = (xml: string) => (options.strict ? xml.replaceAll('http://schemas.openxmlformats.org/spreadsheetml/2006/main', main) : xml);
  const more = [
    ...(options.styles === undefined ? [] : [{ type: 'styles', target: 'styles.xml', data: options.styles }]),
    ...(options.sharedStrings === undefined
      ? []
      : [{ type: 'sharedStrings', target: 'sharedStrings.xml', data: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}">${options.sharedStrings.join('')}</sst>` }]),
  ];
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, k) => `<Override PartName="/xl/worksheets/sheet${k + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${options.strict ? 'http://purl.oclc.org/ooxml/officeDocument/relationships' : rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rel}">${options.date1904 === undefined ? '' : `<workbookPr date1904="${options.date1904}"/>`}<sheets>${sheets.map((s, k) => `<sheet name="${escapeXml(s.name)}" sheetId="${k + 1}" r:id="rId${k + 1}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, k) => `<Relationship Id="rId${k + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${k + 1}.xml"/>`).join('')}${more.map((m, k) => `<Relationship Id="rIdX${k}" Type="${rel}/${m.type}" Target="${m.target}"/>`).join('')}</Relationships>`,
    },
    ...sheets.map((s, k) => ({ name: `xl/worksheets/sheet${k + 1}.xml`, data: strict(s.xml) })),
    ...more.map((m) => ({ name: `xl/${m.target}`, data: strict(m.data) })),
  ];
}

/** A workbook of one sheet or more, each of rows from row 1 on (null for a blank row). */
export function workbook(sheets: ReadonlyArray<{ name: string; rows: ReadonlyArray<readonly SheetCell[] | null> }>, options: BookOptions = {}): Buffer {
  return zip(
    workbookParts(
      sheets.map(({ name, rows }) => ({
        name,
        xml: sheetXml(rows.flatMap((cells, k) => (cells ? [{ row: k + 1, cells }] : []))),
      })),
      options,
    ),
  );
}
