// Data on stdout: JSON with --json, an aligned table on a terminal, tab-separated rows in a pipe.
import type { ChalkInstance } from 'chalk';
import { writeOut, type Output, type Stream } from './io.js';
import { jsonPieces } from '../core/json-pieces.js';
import { escapeJson, sanitizeCell } from '../core/sanitize.js';

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  /** On a terminal, this column takes the width the others leave, cut with an ellipsis (fit-table.ts). */
  fit?: boolean;
  /** On a terminal, when the `fit` column alone cannot make the line fit: the order in which this column is cut too (fit-table.ts). */
  squeeze?: number;
}

/** Chalk that follows our own colour decision for stdout (NO_COLOR, --no-color, FORCE_COLOR, TTY), not chalk's view of the process. */
export async function stdoutChalk(ctx: Output): Promise<ChalkInstance> {
  const { Chalk } = await import('chalk');
  return new Chalk({ level: ctx.color.stdout ? 1 : 0 });
}

export async function writeJson(ctx: Output, value: unknown): Promise<void> {
  for (const piece of jsonPieces(value)) await writeOut(ctx.io.stdout, escapeJson(piece));
  // A write of its own: appended to a large text, the newline would make its slices copy it whole.
  await writeOut(ctx.io.stdout, '\n');
}

function cell(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : sanitizeCell(String(value));
}

/**
 * Rows on stdout: tab-separated in a pipe, every cell whole; on a terminal an aligned table cut to
 * the terminal's width (fit-table.ts, loaded only here).
 */
export async function printTable<T>(ctx: Output, columns: Column<T>[], rows: readonly T[]): Promise<void> {
  const out = ctx.io.stdout;
  if (!out.isTTY) {
    for (const row of rows) out.write(`${columns.map((c) => cell(c.value(row))).join('\t')}\n`);
    return;
  }
  const [{ fitTable }, chalk] = await Promise.all([import('./fit-table.js'), ctx.color.stdout ? stdoutChalk(ctx) : undefined]);
  const bold = (s: string) => (chalk ? chalk.bold(s) : s);
  const fitColumns = columns.map((c) => ({ header: c.header, ...(c.fit ? { fit: true } : {}), ...(c.squeeze !== undefined ? { squeeze: c.squeeze } : {}) }));
  const lines = fitTable(fitColumns, rows.map((row) => columns.map((c) => cell(c.value(row)))), out.columns || 80, bold);
  await writeOut(out, lines.join(''));
}

const CHUNK = 64 * 1024;

/**
 * A JSON array of one compact item a line, written as the items come (read from a file, say) in
 * writes of about 64 KiB: no item is kept. A stream that has closed stops the reading.
 */
export async function writeJsonLines(out: Stream, items: AsyncIterable<unknown>): Promise<void> {
  let chunk = '[';
  let first = true;
  for await (const item of items) {
    chunk += `${first ? '\n' : ',\n'}  ${escapeJson(JSON.stringify(item))}`;
    first = false;
    if (chunk.length < CHUNK) continue;
    await writeOut(out, chunk);
    chunk = '';
    if (out.destroyed) return;
  }
  await writeOut(out, `${chunk}\n]\n`);
}

/**
 * A JSON array written a group of items at a time, the same text as writeJson of the whole array:
 * a list of any length never becomes one string, nor is it all kept.
 */
export class JsonArrayWriter {
  private count = 0;

  constructor(private readonly out: Stream) {}

  async add(items: readonly unknown[]): Promise<void> {
    if (items.length === 0) return;
    const text = escapeJson(JSON.stringify(items, null, 2));
    const start = this.count === 0 ? '[\n' : ',\n';
    this.count += items.length;
    await writeOut(this.out, `${start}${text.slice(2, -2)}`);
  }

  async end(): Promise<void> {
    await writeOut(this.out, this.count === 0 ? '[]\n' : '\n]\n');
  }
}
