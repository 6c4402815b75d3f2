// A second look at an input that is not valid UTF-8 (text-input.ts): is it UTF-8 with a few bad
// bytes, or text in another encoding? The survey counts the valid UTF-8 sequences of two bytes or
// more and the bytes that belong to none, and keeps what the detector (encoding-detect.ts) reads:
// the distinct words that hold bytes of 0x80 and above, and the first cells that do. Fed in chunks,
// in file order; its memory is bounded whatever the input's size.
import { openTail, sequenceAt } from './utf8-sequences.js';

/** Bytes of distinct words kept for the detector: enough for its statistics, cheap to decode many times. */
export const SAMPLE_BYTES = 16 * 1024;
/** A word or cell longer than this is kept cut (a paragraph of CJK text may have no ASCII in it). */
const MAX_TOKEN = 512;
/** ASCII kept before a token's first byte beyond ASCII: what comes before is dropped (no character is cut there). */
const LEAD = 32;
/** Cells kept: one of them is shown in the note or the refusal. */
const CELLS = 8;
/** Words with high bytes looked at, at most: a file of 100,000 rows repeats its words. */
const MAX_SEEN = 50_000;

export interface SampleWord {
  bytes: Uint8Array;
  /** Cut at MAX_TOKEN bytes: its last character may be cut in two. */
  cut: boolean;
  /** ASCII before LEAD bytes of it was left out. */
  trimmed: boolean;
}

export interface Survey {
  /** Valid UTF-8 sequences of two bytes or more. */
  sequences: number;
  /** Bytes that belong to no valid UTF-8 sequence. */
  invalid: number;
  /** A NUL byte, which no text in a single- or double-byte encoding holds. */
  nul: boolean;
  /**
   * The distinct words holding a byte of 0x80 or above, in file order. A word is a run of bytes of
   * 0x40 and above: the bytes below (space, digits, ASCII punctuation, line ends) end it, and none of
   * them is the second byte of a Shift_JIS, GBK, Big5 or EUC character, so no character is cut.
   */
  words: SampleWord[];
  /** The first distinct cells holding such a byte: text between tabs, commas, semicolons, quotes and line ends. */
  cells: SampleWord[];
}

/** The bytes that end a word: everything below 0x40. */
const endsWord = (byte: number) => byte < 0x40;
/** The bytes that end a cell of CSV or a string of JSON. */
const endsCell = (byte: number) => byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x22 || byte === 0x2c || byte === 0x3b;

/** One kind of token (words or cells): the one being read, and the distinct ones kept. */
class Tokens {
  private current: number[] = [];
  private high = false;
  private trimmed = false;
  private readonly seen = new Set<string>();
  readonly kept: SampleWord[] = [];
  private bytes = 0;
  private occurrences = 0;

  constructor(
    private readonly ends: (byte: number) => boolean,
    private readonly full: (kept: number, bytes: number) => boolean,
  ) {}

  push(byte: number): void {
    if (this.ends(byte)) return this.end();
    if (byte >= 0x80) this.high = true;
    if (this.current.length < MAX_TOKEN + 1) this.current.push(byte);
    if (!this.high && this.current.length > LEAD) {
      this.current.shift();
      this.trimmed = true;
    }
  }

  end(): void {
    if (this.high && !this.done) {
      this.occurrences++;
      const cut = this.current.length > MAX_TOKEN;
      const bytes = Uint8Array.from(cut ? this.current.slice(0, MAX_TOKEN) : this.current);
      const key = Buffer.from(bytes).toString('latin1');
      if (!this.seen.has(key)) {
        this.seen.add(key);
        this.kept.push({ bytes, cut, trimmed: this.trimmed });
        this.bytes += bytes.length + 1;
      }
    }
    this.current = [];
    this.high = false;
    this.trimmed = false;
  }

  get done(): boolean {
    return this.occurrences >= MAX_SEEN || this.full(this.kept.length, this.bytes);
  }
}

export class ByteSurvey {
  private sequences = 0;
  private invalid = 0;
  private nul = false;
  private tail: Uint8Array = new Uint8Array(0);
  private readonly words = new Tokens(endsWord, (_, bytes) => bytes >= SAMPLE_BYTES);
  private readonly cells = new Tokens(endsCell, (kept) => kept >= CELLS);

  push(chunk: Uint8Array): void {
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    const open = openTail(bytes);
    const end = bytes.length - open;
    this.count(bytes, end);
    this.sample(bytes, end);
    this.tail = Uint8Array.from(bytes.subarray(end)); // a copy: the chunk's buffer is read into again
  }

  /** Counts the sequences and the bad bytes of `bytes` up to `end` (a sequence may run past it). */
  private count(bytes: Uint8Array, end: number): void {
    for (let i = 0; i < end; ) {
      const byte = bytes[i]!;
      if (byte < 0x80) {
        if (byte === 0) this.nul = true;
        i++;
        continue;
      }
      const length = sequenceAt(bytes, i);
      if (length === 0) {
        this.invalid++;
        i++;
      } else {
        this.sequences++;
        i += length;
      }
    }
  }

  private sample(bytes: Uint8Array, end: number): void {
    for (let i = 0; i < end && !(this.words.done && this.cells.done); i++) {
      const byte = bytes[i]!;
      this.words.push(byte);
      this.cells.push(byte);
    }
  }

  result(): Survey {
    // What the input never finished: bad bytes, and the end of the last word and cell.
    this.count(this.tail, this.tail.length);
    this.sample(this.tail, this.tail.length);
    this.tail = new Uint8Array(0);
    this.words.end();
    this.cells.end();
    return { sequences: this.sequences, invalid: this.invalid, nul: this.nul, words: this.words.kept, cells: this.cells.kept };
  }
}

/** UTF-8 with a few bad bytes, not another encoding: at least as many valid characters beyond ASCII as bad bytes. */
export function mostlyUtf8(survey: Survey): boolean {
  return survey.sequences > 0 && survey.sequences >= survey.invalid;
}
