// The store of persisted submissions: where each lives, what list() reads and skips, the order.
import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SubmissionStore, type Submission } from '../../src/jobs/submissions.js';

let stateDir: string;
let store: SubmissionStore;

beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'recruit-submissions-'));
  store = new SubmissionStore({ RECRUIT_STATE_DIR: stateDir });
});

function submission(key: string, createdAt: string, state: Submission['state'] = 'pending'): Submission {
  return {
    key,
    createdAt,
    updatedAt: createdAt,
    target: { profile: 'default', baseUrl: 'http://127.0.0.1:1/v1' },
    source: 'flags',
    body: { title: `Job ${key}` },
    state,
    attempts: 0,
  };
}

describe('SubmissionStore', () => {
  it('keeps each submission in <state dir>/submissions/<key>.json', () => {
    expect(store.dir).toBe(join(stateDir, 'submissions'));
    expect(store.file('abc-123_X')).toBe(join(stateDir, 'submissions', 'abc-123_X.json'));
    expect(store.file('k'.repeat(128))).toBe(join(stateDir, 'submissions', `${'k'.repeat(128)}.json`));
  });

  it.each(['', 'k'.repeat(129), '../escape', 'a/b', 'a.b', 'has space', 'x\n', '/abs', 'tail/'])('refuses %j as a key, naming it', (key) => {
    expect(() => store.file(key)).toThrow(`not a submission key: ${key}`);
    expect(() => store.remove(key)).toThrow('not a submission key');
  });

  it('saves and reads back a submission; an unknown key is undefined', () => {
    const s = submission('one', '2026-01-01T00:00:00.000Z');
    store.save(s);
    expect(store.get('one')).toEqual(s);
    expect(store.get('two')).toBeUndefined();
  });

  it('lists nothing before the first save, without creating the directory', () => {
    expect(store.list()).toEqual([]);
    expect(readdirSync(stateDir)).toEqual([]);
  });

  it('lists every record oldest first, skipping other files and records it cannot read', () => {
    store.save(submission('late', '2026-03-01T00:00:00.000Z'));
    store.save(submission('early', '2026-01-01T00:00:00.000Z', 'created'));
    store.save(submission('middle', '2026-02-01T00:00:00.000Z'));
    writeFileSync(join(store.dir, 'torn.json'), '{"key": "torn", "crea');
    writeFileSync(join(store.dir, 'notes.txt'), JSON.stringify(submission('txt', '2025-01-01T00:00:00.000Z')));
    writeFileSync(join(store.dir, 'left.json.tmp-1'), JSON.stringify(submission('tmp', '2025-01-01T00:00:00.000Z')));
    mkdirSync(join(store.dir, 'dir.json'));
    expect(store.list().map((s) => s.key)).toEqual(['early', 'middle', 'late']);
    expect(store.pending().map((s) => s.key)).toEqual(['middle', 'late']);
  });

  it('removes a record, and removing one that is not there is no error', () => {
    store.save(submission('gone', '2026-01-01T00:00:00.000Z'));
    store.remove('gone');
    expect(store.get('gone')).toBeUndefined();
    expect(readdirSync(store.dir)).toEqual([]);
    expect(() => store.remove('gone')).not.toThrow();
  });
});
