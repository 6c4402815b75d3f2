// Which batch files of this machine created items a run found already created
// (src/exactly-once/created-elsewhere.ts): read from the account's journals, by each run's command.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createdElsewhere } from '../../src/exactly-once/created-elsewhere.js';
import { accountPart } from '../../src/exactly-once/journal-files.js';

const root = mkdtempSync(join(tmpdir(), 'recruit-elsewhere-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const account = { baseUrl: 'https://api.example.com/v1', credential: 'c1' };
const other = { baseUrl: 'https://api.example.com/v1', credential: 'c2' };
const create = (file: string | null, kind = 'create') => ({ type: 'run', command: { kind, file, globals: {} } });
const created = (id: string) => ({ type: 'created', id, jobId: 1 });

let n = 0;
function journals(files: Array<{ account?: typeof account; lines: Array<object | string>; name?: string }>): string {
  const dir = join(root, `dir-${n++}`);
  mkdirSync(dir);
  files.forEach((f, k) => {
    const name = f.name ?? `${String(k).padStart(16, '0')}-${accountPart(f.account ?? account)}.ndjson`;
    writeFileSync(join(dir, name), f.lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  });
  return dir;
}

describe('createdElsewhere', () => {
  it('names the files whose runs created the items, sorted, and counts none unaccounted', async () => {
    const dir = journals([
      { lines: [create('examples/jobs.json'), created('a'), created('x')] },
      { lines: [create('b.csv'), created('b')] },
    ]);
    expect(await createdElsewhere(dir, account, new Set(['a', 'b']), join(dir, 'own.ndjson'))).toEqual({ files: ['b.csv', 'examples/jobs.json'], unaccounted: 0 });
  });

  it('each created entry belongs to the run before it: a later run of another file, or of stdin, names that one or none', async () => {
    const dir = journals([{ lines: [create('first.json'), created('a'), create(null), created('b'), create('third.csv'), created('c')] }]);
    expect(await createdElsewhere(dir, account, new Set(['a', 'b', 'c']), 'none')).toEqual({ files: ['first.json', 'third.csv'], unaccounted: 1 });
  });

  it("only create runs name their file: an apply run's, a run with no command and a created entry before any run name none", async () => {
    const dir = journals([
      { lines: [created('early'), create('applied.json', 'apply'), created('a'), { type: 'run' }, created('b'), create('later.json'), created('c')] },
    ]);
    expect(await createdElsewhere(dir, account, new Set(['early', 'a', 'b', 'c']), 'none')).toEqual({ files: ['later.json'], unaccounted: 3 });
  });

  it("leaves out the run's own journal, another account's journals and files not named as journals", async () => {
    const own = { lines: [create('own.json'), created('a')] };
    const dir = journals([own, { account: other, lines: [create('other.json'), created('a')] }, { name: 'notes.ndjson', lines: [create('stray.json'), created('a')] }]);
    const ownPath = join(dir, `${'0'.repeat(16)}-${accountPart(account)}.ndjson`);
    expect(await createdElsewhere(dir, account, new Set(['a']), ownPath)).toEqual({ files: [], unaccounted: 1 });
  });

  it('passes over torn lines, lines that are no objects, entries that record no creation and ids it was not asked about', async () => {
    const dir = journals([{ lines: [create('f.json'), '{"type":"created","id":"a"', 'null', '42', { type: 'unsent', id: 'a' }, created('z'), created('b')] }]);
    expect(await createdElsewhere(dir, account, new Set(['a', 'b']), 'none')).toEqual({ files: ['f.json'], unaccounted: 1 });
  });

  it('a journal directory that is not there names nothing', async () => {
    expect(await createdElsewhere(join(root, 'missing'), account, new Set(['a', 'b']), 'none')).toEqual({ files: [], unaccounted: 2 });
  });
});
