// Data on stdout: JSON with --json, an aligned table on a terminal, tab-separated rows in a pipe.
import type { ChalkInstance } from 'chalk';
import type { Context } from './context.js';
import type { Stream } from './io.js';
import { escapeJson, sanitizeCell } from './sanitize.js';

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** Chalk that follows our own colour decision for stdout (NO_COLOR, --no-color, FORCE_COLOR, TTY), not chalk's view of the process. */
export async function stdoutChalk(ctx: Context): Promise<ChalkInstance> {
  const { Chalk } = await import('chalk');
  return new Chalk({ level: ctx.color.stdout ? 1 : 0 });
}

const SLICE = 1024 * 1024;

/**
 * Writes `text` a mebibyte at a time: a stream turns each string it is given into bytes, and for a
 * large answer (up to --max-response-size) one copy of the whole is a copy too many under the
 * design's 300 MB. Slices of a string share its memory.
 */
function writeSliced(out: Stream, text: string): void {
  for (let at = 0; at < text.length; at += SLICE) out.write(text.length <= SLICE ? text : text.slice(at, at + SLICE));
}

export function writeJson(ctx: Context, value: unknown): void {
  writeSliced(ctx.io.stdout, escapeJson(JSON.stringify(value, null, 2)));
  ctx.io.stdout.write('\n');
}

function cell(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : sanitizeCell(String(value));
}

export async function printTable<T>(ctx: Context, columns: Column<T>[], rows: readonly T[]): Promise<void> {
  const out = ctx.io.stdout;
  if (!out.isTTY) {
    for (const row of rows) out.write(`${columns.map((c) => cell(c.value(row))).join('\t')}\n`);
    return;
  }
  const [{ default: Table }, chalk] = await Promise.all([import('cli-table3'), stdoutChalk(ctx)]);
  const bold = (s: string) => chalk.bold(s);
  const table = new Table({
    head: columns.map((c) => bold(c.header)),
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
      'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const row of rows) table.push(columns.map((c) => cell(c.value(row))));
  out.write(`${table.toString()}\n`);
}

/**
 * A JSON array written a group of items at a time, the same text as writeJson of the whole array:
 * a list of any length never becomes one string, nor is it all kept.
 */
export class JsonArrayWriter {
  private count = 0;

  constructor(private readonly out: Stream) {}

  add(items: readonly unknown[]): void {
    if (items.length === 0) return;
    const text = escapeJson(JSON.stringify(items, null, 2));
    this.out.write(`${this.count === 0 ? '[\n' : ',\n'}${text.slice(2, -2)}`);
    this.count += items.length;
  }

  end(): void {
    this.out.write(this.count === 0 ? '[]\n' : '\n]\n');
  }
}
