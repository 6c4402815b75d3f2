// What a batch file's first bytes say it is, whatever its name: a workbook's zip, a file no reader
// of recruit's reads (an OLE compound file, an OpenDocument spreadsheet, a PDF, gzip), or text
// (docs/decisions.md, "A file whose name says another format").
import { open } from 'node:fs/promises';
import { UsageError } from '../../core/errors.js';

export type ByteKind = 'zip' | 'ods' | 'ole' | 'pdf' | 'gzip' | 'text';

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The kind of the file at `path` by its first bytes (an empty file is text). */
export async function byteKind(path: string): Promise<ByteKind> {
  const file = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(128);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
  if (head.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) {
    // An OpenDocument file stores its `mimetype` first and uncompressed (ODF 1.2, part 3, 3.3).
    return head.subarray(30).toString('latin1').startsWith('mimetypeapplication/vnd.oasis.opendocument') ? 'ods' : 'zip';
  }
  if (head.subarray(0, 8).equals(OLE)) return 'ole';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  return 'text';
}

const WHAT: Partial<Record<ByteKind, { is: string; hint: string }>> = {
  ole: {
    is: 'an OLE compound file (an Excel 97-2003 workbook, .xls, or a workbook protected with a password)',
    hint: 'open it in the spreadsheet and save it as "Excel Workbook (.xlsx)" without a password, or as "CSV UTF-8"',
  },
  ods: { is: 'an OpenDocument spreadsheet (.ods)', hint: 'save it as "Excel 2007-365 (.xlsx)" or as CSV (UTF-8)' },
  pdf: { is: 'a PDF document', hint: 'give the jobs as CSV, a workbook (.xlsx) or JSON: see `recruit help formats`' },
  gzip: { is: 'compressed with gzip', hint: 'decompress it first (gunzip), or pipe it: gunzip -c jobs.csv.gz | recruit jobs create --file - --format csv' },
};

/** Refuses a file no reader reads, saying what its bytes say it is. */
export function refuseUnreadable(kind: ByteKind, display: string): void {
  const what = WHAT[kind];
  if (what) throw new UsageError(`--file ${display} is ${what.is}; not read, nothing was sent`, [], what.hint);
}
