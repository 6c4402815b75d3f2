// The description prompt driven key by key over in-memory streams: lines, the empty line that ends
// the text, blank lines inside a bracketed paste, refusals with the reason, and going back.
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import multiline, { type MultilineConfig } from '../../src/prompts/multiline-prompt.js';

const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

function start(config: Partial<MultilineConfig> = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = '';
  output.setEncoding('utf8').on('data', (d: string) => (screen += d));
  const answer = multiline({ message: 'Description', ...config }, { input, output });
  return {
    answer,
    type: (keys: string) => input.write(keys),
    screen: () => stripVTControlCharacters(screen),
    rawScreen: () => screen,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the multi-line prompt', () => {
  it('ends at once on the command line typed alone, unchecked, with the text so far; names it in the keys line; a pasted one is text', async () => {
    const command = { line: ':e', help: ':e: open your editor' };
    const p = start({ command, validate: () => 'never valid' });
    await tick();
    expect(p.screen()).toContain('· :e: open your editor');
    p.type(`${PASTE_START}pasted\r\n:e\r\n${PASTE_END}`);
    await tick();
    p.type('typed\r');
    await tick();
    p.type(' :e \r');
    await expect(p.answer).resolves.toBe('pasted\n:e\ntyped\n:e');
  });

  it('takes lines until an empty line typed by hand', async () => {
    const p = start();
    p.type('first line\r');
    p.type('second line\r');
    await tick();
    p.type('\r');
    await expect(p.answer).resolves.toBe('first line\nsecond line');
  });

  it('keeps blank lines inside a paste and counts CR LF as one line break', async () => {
    const p = start();
    p.type(`${PASTE_START}para one\r\n\r\npara two${PASTE_END}`);
    await tick();
    p.type('\r');
    await tick();
    p.type('\r');
    await expect(p.answer).resolves.toBe('para one\n\npara two');
    // The terminal's bracketed paste was switched on, and off again at the end.
    expect(p.rawScreen()).toContain('\u001b[?2004h');
    expect(p.rawScreen()).toContain('\u001b[?2004l');
  });

  it('refuses with the reason, keeps the text, and shows the live status', async () => {
    const p = start({
      validate: (v) => (v.split(/\s+/).length >= 3 ? true : `${v.split(/\s+/).length}/3 words: too short`),
      status: (v) => `${v.trim() === '' ? 0 : v.trim().split(/\s+/).length}/3 words`,
    });
    p.type('one two\r');
    await tick();
    p.type('\r');
    await tick();
    expect(p.screen()).toContain('2/3 words: too short');
    p.type('three\r');
    await tick();
    expect(p.screen()).toContain('3/3 words');
    p.type('\r');
    await expect(p.answer).resolves.toBe('one two\nthree');
  });

  it('returns "<" for a first line holding only "<"', async () => {
    const p = start({ validate: () => 'never valid' });
    p.type('<\r');
    await expect(p.answer).resolves.toBe('<');
  });

  it('starts from the default text, and Backspace on an empty line edits the line above', async () => {
    const p = start({ default: 'kept line\nlast line' });
    p.type('\u007f'); // Backspace: "last line" comes back for editing
    await tick();
    p.type('\u007f\u007f\u007f\u007fword\r');
    await tick();
    p.type('\r');
    await expect(p.answer).resolves.toBe('kept line\nlast word');
  });
});

describe('the answered line of the multi-line prompt', () => {
  it('says "skipped" for an empty answer, not "1 line"', async () => {
    const p = start();
    p.type('\r');
    await expect(p.answer).resolves.toBe('');
    await tick();
    expect(p.screen()).toContain('skipped');
    expect(p.screen()).not.toMatch(/1 lines?/);
  });

  it('counts one line as "1 line"', async () => {
    const p = start();
    p.type('only line\r');
    await tick();
    p.type('\r');
    await expect(p.answer).resolves.toBe('only line');
    await tick();
    expect(p.screen()).toContain('1 line');
    expect(p.screen()).not.toContain('1 lines');
  });
});
