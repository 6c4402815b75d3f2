// A sheet's merged areas (`<mergeCell ref="B2:D4">`, collected by the zip check: they follow the
// rows in the file): a merged area's value is its first cell's, so the other cells of the area are
// not read, whatever a writer left in them (LibreOffice can keep their old contents).
import { columnNumber } from './xlsx-zip.js';

interface Area {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

function area(ref: string): Area | undefined {
  const match = /^([A-Z]{1,3})(\d+)(?::([A-Z]{1,3})(\d+))?$/i.exec(ref.trim());
  if (!match) return undefined;
  const [top, bottom] = [Number(match[2]), Number(match[4] ?? match[2])];
  const [left, right] = [columnNumber(match[1]!.toUpperCase()), columnNumber((match[3] ?? match[1]!).toUpperCase())];
  return { top: Math.min(top, bottom), bottom: Math.max(top, bottom), left: Math.min(left, right), right: Math.max(left, right) };
}

/** Asked row by row, in ascending order: only the areas over the current row are looked at. */
export class MergedAreas {
  private readonly areas: Area[];
  private next = 0;
  private active: Area[] = [];
  private row = 0;

  constructor(refs: readonly string[] = []) {
    this.areas = refs.flatMap((ref) => area(ref) ?? []).sort((a, b) => a.top - b.top);
  }

  /** Whether the cell is in a merged area and not its first cell. */
  covered(row: number, column: number): boolean {
    if (row !== this.row) {
      this.row = row;
      while (this.next < this.areas.length && this.areas[this.next]!.top <= row) this.active.push(this.areas[this.next++]!);
      this.active = this.active.filter((a) => a.bottom >= row);
    }
    return this.active.some((a) => column >= a.left && column <= a.right && !(row === a.top && column === a.left));
  }
}
