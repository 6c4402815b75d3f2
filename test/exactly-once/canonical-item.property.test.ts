// Property: the identity of a file's item and the keys derived from it (derived-key.ts) are the same
// exactly when the job means the same (docs/decisions.md, "The canonical meaning of an item"):
// whatever program wrote it (JSON or CSV, LF, CRLF or CR line ends, NFC or NFD, keys or columns in
// any order, a number as 1200, 1200.0, 1.2e3 or "1,200", a boolean as true or yes), and not when a
// value of it differs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyHash, canonicalJson, canonicalText, canonicalValue } from '../../src/exactly-once/canonical-json.js';
import { applyCreateIntent, batchKey, deriveKey, NO_SUCH_CODE } from '../../src/exactly-once/derived-key.js';
import type { ApiClient } from '../../src/api/client.js';
import { csvItemBatches } from '../../src/jobs/batch/csv-items.js';
import { ItemDeriver, type ItemBody } from '../../src/jobs/batch/item-body.js';
import type { RawItem } from '../../src/jobs/batch/raw-item.js';
import { ReferenceResolver } from '../../src/jobs/reference-resolver.js';
import { csvRecord } from '../../src/terminal/csv.js';

/** A job as it means: text with LF line ends, in NFC; ids only, so that nothing is looked up. */
interface Job {
  title: string;
  description: string;
  location: string;
  jobFunctionId: number;
  employerTypeId: number;
  jobCode?: string;
  qualifications?: string;
  salaryMin?: number;
  salaryMax?: number;
  experience?: number;
  skills?: string[];
  publishToCareerPage?: boolean;
}

const WORDS = ['Zürich', 'café', 'Ångström', 'naïve', 'crème', 'brûlée', 'Straße', 'São', 'Paulo', 'Łódź', 'Český', 'ñandú', '数据', 'engineer', 'data', 'build', 'team', 'Ελλάδα'];
const word = fc.constantFrom(...WORDS);
const phrase = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '));
/** Words separated by spaces and line breaks (a paragraph, a blank line). */
const text = (min: number, max: number) => fc.array(fc.tuple(word, fc.constantFrom(' ', ' ', ' ', '\n', '\n\n')), { minLength: min, maxLength: max }).map((parts) => parts.map(([w, s]) => w + s).join('').trimEnd());

const job: fc.Arbitrary<Job> = fc
  .record(
    {
      title: phrase(1, 6),
      description: text(100, 110),
      location: fc.tuple(word, word).map(([city, country]) => `${city}, ${country}`),
      jobCode: fc.tuple(word, fc.nat(999)).map(([w, n]) => `${w}-${n}`),
      qualifications: text(1, 12),
      salaryMin: fc.integer({ min: 0, max: 149_999 }),
      salaryMax: fc.integer({ min: 150_000, max: 300_000 }),
      experience: fc.constantFrom(0, 1, 2.5, 10),
      skills: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
      publishToCareerPage: fc.boolean(),
    },
    { requiredKeys: ['title', 'description', 'location'] },
  )
  .map((j) => ({ jobFunctionId: 101, employerTypeId: 501, ...j }));

/** How one program writes a file: its line ends, Unicode form, key order, numbers and booleans. */
interface Spelling {
  lineEnd: '\n' | '\r\n' | '\r';
  nfd: boolean;
  /** A permutation seed for the order of keys (JSON) or columns (CSV). */
  order: number;
  /** JSON: how a number is written; CSV: with thousands separators. */
  numbers: 'plain' | 'decimal' | 'exponent';
  /** JSON: non-ASCII as \u escapes; CSV: booleans as yes/no in capitals. */
  escaped: boolean;
  csv: boolean;
}

const spelling: fc.Arbitrary<Spelling> = fc.record({
  lineEnd: fc.constantFrom<Spelling['lineEnd']>('\n', '\r\n', '\r'),
  nfd: fc.boolean(),
  order: fc.nat(),
  numbers: fc.constantFrom<Spelling['numbers']>('plain', 'decimal', 'exponent'),
  escaped: fc.boolean(),
  csv: fc.boolean(),
});

const spellText = (s: Spelling, value: string) => (s.nfd ? value.normalize('NFD') : value).replace(/\n/g, s.lineEnd);

function ordered<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let n = seed;
  for (let i = out.length - 1; i > 0; i--) {
    const j = n % (i + 1);
    n = Math.floor(n / (i + 1)) + 7 * i;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function jsonNumber(n: number, form: Spelling['numbers']): string {
  if (form === 'decimal') return Number.isInteger(n) ? `${n}.0` : `${n}0`;
  if (form === 'exponent') return n === 0 ? '0e5' : `${n * 10}e-1`;
  return String(n);
}

function jsonString(value: string, escaped: boolean): string {
  const json = JSON.stringify(value);
  return escaped ? json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

function jsonValue(s: Spelling, value: unknown): string {
  if (typeof value === 'string') return jsonString(spellText(s, value), s.escaped);
  if (typeof value === 'number') return jsonNumber(value, s.numbers);
  if (Array.isArray(value)) return `[${value.map((v) => jsonValue(s, v)).join(', ')}]`;
  return JSON.stringify(value);
}

/** The job as one JSON object written by the program `s` (itself on lines ended as it ends them). */
function asJson(j: Job, s: Spelling): string {
  const keys = ordered(Object.keys(j), s.order) as (keyof Job)[];
  return `{${s.lineEnd}${keys.map((k) => `  ${JSON.stringify(k)}: ${jsonValue(s, j[k])}`).join(`,${s.lineEnd}`)}${s.lineEnd}}${s.lineEnd}`;
}

function csvNumber(n: number, grouped: boolean): string {
  return grouped && Number.isInteger(n) ? n.toLocaleString('en-US') : String(n);
}

/** The job as a header and a row of a comma-separated file written by the program `s`. */
function asCsv(j: Job, s: Spelling): string {
  const columns = ordered(Object.keys(j), s.order) as (keyof Job)[];
  const cell = (k: keyof Job): string => {
    const value = j[k];
    if (typeof value === 'string') return spellText(s, value);
    if (typeof value === 'number') return csvNumber(value, s.numbers !== 'plain');
    if (typeof value === 'boolean') return s.escaped ? (value ? 'YES' : 'NO') : String(value);
    return (value as string[]).map((v) => spellText(s, v)).join(s.numbers === 'plain' ? '; ' : ';');
  };
  return [columns, columns.map(cell)].map((cells) => csvRecord(cells).replace(/\r\n$/, s.lineEnd)).join('');
}

async function rawItem(j: Job, s: Spelling): Promise<RawItem> {
  if (!s.csv) return { index: 0, line: 1, value: JSON.parse(asJson(j, s)) as unknown };
  const items: RawItem[] = [];
  const chunks = (async function* () {
    yield asCsv(j, s);
  })();
  for await (const batch of csvItemBatches(chunks, 'property.csv', { existing: 0 })) items.push(...batch);
  expect(items).toHaveLength(1);
  return items[0]!;
}

const deriver = new ItemDeriver('direct', new ReferenceResolver(undefined as unknown as ApiClient), () => Promise.reject(new Error('no job options here')));

async function derived(j: Job, s: Spelling): Promise<ItemBody> {
  const item = await deriver.derive(await rawItem(j, s));
  expect(item.problems, `${JSON.stringify(j)} ${JSON.stringify(s)}`).toEqual([]);
  return item;
}

/** What is derived from an item: its identity's hash, its batch key, apply's create and update keys. */
function keysOf(body: Record<string, unknown>): string[] {
  const hash = bodyHash(body);
  return [
    hash,
    batchKey(`${hash}.0`, ''),
    deriveKey(applyCreateIntent(String(body.jobCode), NO_SUCH_CODE)),
    deriveKey({ operation: 'apply-update', target: 7, body, state: 'updatedAt T' }),
  ];
}

/** The job with one of its values changed. */
const changed = (j: Job) =>
  fc.constantFrom<(j: Job) => Job>(
    (x) => ({ ...x, title: `${x.title} data` }),
    (x) => ({ ...x, description: x.description.includes('\n') ? x.description.replace('\n', ' ') : `${x.description}\nend` }),
    (x) => ({ ...x, location: `${x.location} Nord` }),
    (x) => ({ ...x, salaryMin: (x.salaryMin ?? 0) + 1, salaryMax: x.salaryMax ?? 300_000 }),
    (x) => ({ ...x, experience: x.experience === undefined ? 3 : x.experience + 0.5 }),
    (x) => ({ ...x, skills: [...(x.skills ?? []), 'Rust'] }),
    (x) => ({ ...x, publishToCareerPage: x.publishToCareerPage !== true }),
    (x) => ({ ...x, qualifications: `${x.qualifications ?? 'none'}\nmore` }),
  ).map((change) => change(j));

describe('the canonical meaning of an item (property)', () => {
  it('one job in any two spellings: the same body, identity and keys', async () => {
    await fc.assert(
      fc.asyncProperty(job, spelling, spelling, async (j, a, b) => {
        const [one, two] = [await derived(j, a), await derived(j, b)];
        expect(canonicalJson(one.body)).toBe(canonicalJson(two.body));
        expect(keysOf(one.body)).toEqual(keysOf(two.body));
        // What is sent is the canonical text: LF line ends, NFC.
        expect(canonicalJson(one.body)).not.toMatch(/\r/);
        expect(one.body.description).toBe(j.description);
      }),
      { numRuns: 150 },
    );
  });

  it('a job whose value differs: another identity and other keys; apply`s create key differs only for another code', async () => {
    await fc.assert(
      fc.asyncProperty(
        job.chain((j) => fc.tuple(fc.constant(j), changed(j))),
        spelling,
        spelling,
        async ([j, other], a, b) => {
          const [one, two] = [keysOf((await derived(j, a)).body), keysOf((await derived(other, b)).body)];
          expect(two[0]).not.toBe(one[0]);
          expect(two[1]).not.toBe(one[1]);
          expect(two[3]).not.toBe(one[3]);
          expect(two[2]).toBe(one[2]); // the same code: "create it" is one intent, whatever its values
          const recoded = keysOf((await derived({ ...j, jobCode: `${j.jobCode ?? 'x'}b` }, a)).body);
          expect(recoded[2]).not.toBe(one[2]);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('the intent of an apply create', () => {
  it('is the code and the state, without the body, under its own operation', () => {
    expect(applyCreateIntent('JOB-7', NO_SUCH_CODE)).toEqual({ operation: 'apply-create', target: 'JOB-7', body: null, state: 'no such code' });
  });
});

describe('canonical text', () => {
  it('line ends to LF and NFC, and nothing else', () => {
    expect(canonicalText('a\r\nb\rc\nd\r\n\r\ne')).toBe('a\nb\nc\nd\n\ne');
    expect(canonicalText('\r')).toBe('\n');
    expect(canonicalText('\r\r\n')).toBe('\n\n');
    expect(canonicalText('Zu\u0308rich')).toBe('Zürich');
    expect(canonicalText('Zu\u0308rich\r\n')).toBe('Zürich\n');
    expect(canonicalText(' x\t y ')).toBe(' x\t y ');
    expect(canonicalText('\u212b')).toBe('\u00c5'); // a singleton: the Angstrom sign is the letter Å
  });

  it('every string of a value, at any depth down to the levels given; field names, numbers and booleans as they are; the value itself when already canonical', () => {
    const value = { 'Zu\u0308rich': 'a\r\nb', n: 1.5, ok: true, none: null, list: ['x\ry', 2, { deep: ['e\u0301'] }] };
    expect(canonicalValue(value, 64)).toEqual({ 'Zu\u0308rich': 'a\nb', n: 1.5, ok: true, none: null, list: ['x\ny', 2, { deep: ['é'] }] });
    expect(value.list[0]).toBe('x\ry'); // not changed in place
    const done = { a: 'b\nc', list: ['é', 1, { x: 'y' }] };
    expect(canonicalValue(done, 64)).toBe(done);
    expect(canonicalValue(['x'], 64)).toEqual(['x']);
    const list = ['x', ['y']];
    expect(canonicalValue(list, 64)).toBe(list);
    // Past the levels given a value is left as written (the checks refuse an item nested that deep).
    const deep = { a: { b: ['c\r'] } };
    expect(canonicalValue(deep, 2)).toBe(deep);
    expect(canonicalValue(deep, 3)).toEqual({ a: { b: ['c\n'] } });
    expect(canonicalValue('x\r', 0)).toBe('x\n');
    const lists = [[['x\r']]];
    expect(canonicalValue(lists, 2)).toBe(lists);
    expect(canonicalValue(lists, 3)).toEqual([[['x\n']]]);
    // A field named __proto__ stays a field when its value changes.
    const proto = JSON.parse('{"__proto__": {"title": "a\\r\\nb"}, "t": "x"}') as Record<string, unknown>;
    const copy = canonicalValue(proto, 64) as Record<string, unknown>;
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.__proto__).toEqual({ title: 'a\nb' });
  });
});
