// writeOut: large output goes out a mebibyte at a time, and waits for a full pipe to drain instead
// of queueing the whole of it in memory.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { writeOut } from '../../src/terminal/io.js';

const MiB = 1024 * 1024;

/** A stream that holds what it is given until drained by hand, reporting full beyond `room` characters. */
class SlowPipe extends EventEmitter {
  readonly pieces: string[] = [];
  private held = 0;
  constructor(private readonly room: number) {
    super();
  }
  write(chunk: string): boolean {
    this.pieces.push(chunk);
    this.held += chunk.length;
    return this.held < this.room;
  }
  drain(): void {
    this.held = 0;
    this.emit('drain');
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('writeOut', () => {
  it('writes a large text in slices of a mebibyte that join to it exactly', async () => {
    const text = 'a'.repeat(MiB) + 'b'.repeat(MiB) + 'c'.repeat(10);
    const pipe = new SlowPipe(Infinity);
    await writeOut(pipe, text);
    expect(pipe.pieces.map((p) => p.length)).toEqual([MiB, MiB, 10]);
    expect(pipe.pieces.join('')).toBe(text);
  });

  it('writes a small text in one write, and nothing for an empty one', async () => {
    const pipe = new SlowPipe(Infinity);
    await writeOut(pipe, 'x\n');
    await writeOut(pipe, '');
    expect(pipe.pieces).toEqual(['x\n']);
  });

  it('waits for the drain before the next slice when the stream is full', async () => {
    const pipe = new SlowPipe(MiB); // full after each slice
    let done = false;
    const writing = writeOut(pipe, 'z'.repeat(3 * MiB)).then(() => (done = true));
    await tick();
    expect(pipe.pieces).toHaveLength(1);
    pipe.drain();
    await tick();
    expect(pipe.pieces).toHaveLength(2);
    pipe.drain();
    await tick();
    // The last slice filled it too: the write waits for that drain before it is done.
    expect(pipe.pieces).toHaveLength(3);
    expect(done).toBe(false);
    pipe.drain();
    await writing;
    expect(pipe.listenerCount('drain') + pipe.listenerCount('close')).toBe(0);
  });

  it('stops writing when the stream closes, and leaves no listener behind', async () => {
    const pipe = new SlowPipe(1);
    const writing = writeOut(pipe, 'q'.repeat(2 * MiB));
    await tick();
    pipe.emit('close');
    await writing;
    expect(pipe.pieces).toHaveLength(1);
    expect(pipe.listenerCount('drain') + pipe.listenerCount('close')).toBe(0);
  });

  it('does not wait on a stream that has no events (a test double)', async () => {
    const pieces: string[] = [];
    await writeOut({ write: (s: string) => (pieces.push(s), false) }, 'w'.repeat(2 * MiB));
    expect(pieces).toHaveLength(2);
  });
});
