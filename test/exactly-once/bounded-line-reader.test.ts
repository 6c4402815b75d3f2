// The line reader: lines split anywhere across chunks, each chunk scanned once, and a line over the
// cap given as a LongLine (its number and first characters) without ever being held whole.
import { describe, expect, it } from 'vitest';
import { LongLine, lineBatches, type Line } from '../../src/exactly-once/lines.js';

/** The lines of `chunks`, read with a cap of `max`; each chunk is a fresh string the reader sees once. */
async function linesOf(chunks: string[], max: number): Promise<Line[]> {
  async function* source() {
    yield* chunks;
  }
  const out: Line[] = [];
  for await (const batch of lineBatches(source(), max)) out.push(...batch);
  return out;
}

/** `text` cut into chunks of `size`. */
const cut = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('lineBatches', () => {
  it('keeps only the first 64 characters of an over-long line, whole in one chunk, ended or not', async () => {
    expect(await linesOf([`${'a'.repeat(150)}\nok\n`], 100)).toEqual([new LongLine(1, 'a'.repeat(64)), 'ok']);
    expect(await linesOf([`ok\n${'z'.repeat(150)}`], 100)).toEqual(['ok', new LongLine(2, 'z'.repeat(64))]);
  });

  it('splits lines across chunk boundaries at every chunk size, with \\n or \\r\\n, a last line without a newline', async () => {
    for (const text of ['one\r\ntwo\n\nthree four five\r\nsix', 'one\r\ntwo\n\nthree four five\r\nsix\r']) {
      for (let size = 1; size <= text.length; size++) {
        expect(await linesOf(cut(text, size), 100), `chunks of ${size}`).toEqual(['one', 'two', '', 'three four five', 'six']);
      }
    }
  });

  it('a line of exactly the cap is kept (with its \\r\\n too); one character more is a LongLine with its number and start', async () => {
    for (const size of [1, 3, 7, 64]) {
      const lines = await linesOf(cut(`${'a'.repeat(10)}\r\n${'b'.repeat(11)}\n${'c'.repeat(10)}\n${'d'.repeat(11)}`, size), 10);
      expect(lines, `chunks of ${size}`).toEqual(['a'.repeat(10), new LongLine(2, 'b'.repeat(11)), 'c'.repeat(10), new LongLine(4, 'd'.repeat(11))]);
    }
  });

  it('a 32 MB line without a newline, then good lines: one LongLine, the lines after it kept, no piece of it held', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = [...Array.from({ length: 512 }, () => chunk), 'tail of it\nafter 1\nafter 2\n'];
    const lines = await linesOf(chunks, 1024 * 1024);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBeInstanceOf(LongLine);
    expect((lines[0] as LongLine).line).toBe(1);
    expect((lines[0] as LongLine).head).toBe('x'.repeat(64));
    expect(lines.slice(1)).toEqual(['after 1', 'after 2']);
  });

  it('a damaged tail at the end of a file (no newline after it) is one LongLine, numbered after the good lines', async () => {
    const lines = await linesOf(['good 1\ngood 2\n', 'z'.repeat(50), 'z'.repeat(50)], 64);
    expect(lines).toEqual(['good 1', 'good 2', new LongLine(3, 'z'.repeat(64))]);
  });
});
