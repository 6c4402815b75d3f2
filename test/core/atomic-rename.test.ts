// The atomic writer's rename on Windows, where an antivirus scanner or a sync client holding the
// file makes it fail for a moment (EPERM, EBUSY, EACCES): tried again for a short, bounded time,
// on a clock that only moves when the writer pauses.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/core/atomic-file.js';
import { RENAME_RETRY_MS, type RenameTiming } from '../../src/core/rename-retry.js';
import { FaultyFs } from '../helpers/faulty-fs.js';

function fakeTiming(): RenameTiming & { pauses: number[]; elapsed: number } {
  const t = {
    elapsed: 0,
    pauses: [] as number[],
    now: () => 1_000_000 + t.elapsed,
    pause: (ms: number) => {
      t.pauses.push(ms);
      t.elapsed += ms;
    },
  };
  return t;
}

const dirs: string[] = [];
function target(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-atomic-'));
  dirs.push(dir);
  const file = join(dir, 'state.json');
  writeFileSync(file, 'old');
  return file;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writeFileAtomic on Windows: a rename refused for a moment', () => {
  for (const code of ['EPERM', 'EBUSY', 'EACCES']) {
    it(`${code} three times, then the rename goes through: the new content, no temporary file left`, () => {
      const file = target();
      const faulty = new FaultyFs();
      let refusals = 3;
      const real = faulty.fs.renameSync;
      faulty.fs.renameSync = (from, to) => {
        if (refusals-- > 0) throw Object.assign(new Error(`${code}: held by another process`), { code });
        real(from, to);
      };
      const timing = fakeTiming();
      writeFileAtomic(file, 'new', { fs: faulty.fs, platform: 'win32', timing });
      expect(readFileSync(file, 'utf8')).toBe('new');
      expect(timing.pauses).toEqual([10, 20, 40]);
      expect(readdirSync(join(file, '..'))).toEqual(['state.json']);
    });
  }

  it(`gives up after ${RENAME_RETRY_MS} ms with the system's error; the old content stays, no temporary file left`, () => {
    const file = target();
    const faulty = new FaultyFs().fail('renameSync', 'EBUSY');
    const timing = fakeTiming();
    expect(() => writeFileAtomic(file, 'new', { fs: faulty.fs, platform: 'win32', timing })).toThrow(expect.objectContaining({ code: 'EBUSY' }));
    expect(timing.elapsed).toBe(RENAME_RETRY_MS);
    expect(Math.max(...timing.pauses)).toBe(200);
    expect(timing.pauses.slice(0, 6)).toEqual([10, 20, 40, 80, 160, 200]);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(join(file, '..'))).toEqual(['state.json']);
  });

  it('does not wait on an error that lasts (ENOENT, EROFS), nor elsewhere than on Windows', () => {
    for (const [code, platform] of [['EROFS', 'win32'], ['ENOENT', 'win32'], ['EPERM', 'linux'], ['EBUSY', 'darwin']] as const) {
      const file = target();
      const timing = fakeTiming();
      const faulty = new FaultyFs().fail('renameSync', code);
      expect(() => writeFileAtomic(file, 'new', { fs: faulty.fs, platform, timing })).toThrow(expect.objectContaining({ code }));
      expect(timing.pauses, `${code} on ${platform}`).toEqual([]);
      expect(existsSync(file)).toBe(true);
    }
  });
});

describe('writeFileAtomic: flushed to disk or not', () => {
  it('a record (durable, the default) is flushed before the rename: a flush that fails (EIO) fails the write, old content kept, no temporary file left', () => {
    const file = target();
    const faulty = new FaultyFs().fail('fsyncSync', 'EIO');
    expect(() => writeFileAtomic(file, 'new', { fs: faulty.fs })).toThrow(expect.objectContaining({ code: 'EIO' }));
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(join(file, '..'))).toEqual(['state.json']);
  });

  it('a close that fails (EIO: the data did not reach the disk) fails the write: old content kept, no temporary file left', () => {
    const file = target();
    const faulty = new FaultyFs().fail('closeSync', 'EIO');
    expect(() => writeFileAtomic(file, 'new', { fs: faulty.fs, durable: false })).toThrow(expect.objectContaining({ code: 'EIO' }));
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(join(file, '..'))).toEqual(['state.json']);
  });

  it('a cache (durable: false) is not flushed: the same failing disk flush does not stop it', () => {
    const file = target();
    const faulty = new FaultyFs().fail('fsyncSync', 'EIO');
    writeFileAtomic(file, 'new', { fs: faulty.fs, durable: false });
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(join(file, '..'))).toEqual(['state.json']);
  });
});
