// A workbook's structure (ECMA-376 Part 1, 12.3): its main part found through the package's
// relationships, its sheets in tab order with their state and part, its date system, and where its
// shared strings and styles are. Relationship types are matched by their last segment, so strict
// OOXML's (`http://purl.oclc.org/ooxml/officeDocument/relationships/...`) read as the transitional ones.
import { posix } from 'node:path';
import { attribute, isTrue, readPart } from './xlsx-xml.js';
import type { WorkbookZip } from './xlsx-zip.js';

export type SheetState = 'visible' | 'hidden' | 'veryHidden';

export interface BookSheet {
  name: string;
  state: SheetState;
  /** The sheet's part (`xl/worksheets/sheet1.xml`), or undefined when its relationship names none. */
  part: string | undefined;
}

export interface Book {
  sheets: BookSheet[];
  /** The 1904 date system (`<workbookPr date1904="1">`, or `"true"` as LibreOffice writes it). */
  date1904: boolean;
  sharedStrings: string | undefined;
  styles: string | undefined;
}

interface Relationship {
  type: string;
  target: string;
}

const relsOf = (part: string) => posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);

/** The relationships of `part` ('' for the package), by id, targets resolved to part names. */
async function relationships(zip: WorkbookZip, part: string, display: string): Promise<Map<string, Relationship>> {
  const found = new Map<string, Relationship>();
  const base = posix.dirname(part || '/x');
  await readPart(zip, part ? relsOf(part) : '_rels/.rels', display, {
    open(name, attributes) {
      if (name !== 'Relationship' || attribute(attributes, 'TargetMode') === 'External') return;
      const target = attribute(attributes, 'Target') ?? '';
      const resolved = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(base, target)).replace(/^\//, '');
      found.set(attribute(attributes, 'Id') ?? '', { type: (attribute(attributes, 'Type') ?? '').split('/').pop()!, target: resolved });
    },
  });
  return found;
}

export async function readBook(zip: WorkbookZip, display: string): Promise<Book> {
  const main = [...(await relationships(zip, '', display)).values()].find((r) => r.type === 'officeDocument')?.target ?? 'xl/workbook.xml';
  const rels = await relationships(zip, main, display);
  const sheets: Array<BookSheet & { id: string }> = [];
  let date1904 = false;
  await readPart(zip, main, display, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = isTrue(attribute(attributes, 'date1904'));
      if (name !== 'sheet') return;
      const state = attribute(attributes, 'state');
      // The relationship id is the prefixed `r:id` (the unprefixed `sheetId` is another thing).
      const id = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1] ?? '';
      sheets.push({ name: attribute(attributes, 'name') ?? '', state: state === 'hidden' || state === 'veryHidden' ? state : 'visible', part: undefined, id });
    },
  });
  const target = (type: string) => [...rels.values()].find((r) => r.type === type)?.target;
  return {
    // A chart sheet (or a dialog or macro sheet) has no cells: only worksheets are sheets to read.
    sheets: sheets.flatMap(({ id, ...sheet }) => {
      const rel = rels.get(id);
      return rel && rel.type !== 'worksheet' ? [] : [{ ...sheet, part: rel?.target }];
    }),
    date1904,
    sharedStrings: target('sharedStrings'),
    styles: target('styles'),
  };
}
