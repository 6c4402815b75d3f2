// assertOwnDir (src/core/trusted-dir.ts) on its own: what passes, what is refused with which words,
// that a directory found good is looked at once per process, and that Windows is not checked.
import { chmodSync, chownSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertOwnDir, UntrustedDirError } from '../../src/core/trusted-dir.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'recruit-trusted-'));

function refusal(dir: string, kind: 'state' | 'config'): UntrustedDirError {
  try {
    assertOwnDir(dir, kind);
  } catch (error) {
    return error as UntrustedDirError;
  }
  throw new Error(`${dir} was not refused`);
}

describe.skipIf(process.platform === 'win32')('assertOwnDir', () => {
  it('passes a directory of this user that only it can write, and one that does not exist yet', () => {
    const dir = fresh();
    chmodSync(dir, 0o755);
    expect(() => assertOwnDir(dir, 'state')).not.toThrow();
    expect(() => assertOwnDir(join(dir, 'missing'), 'state')).not.toThrow();
  });

  it.each([
    [0o775, 'its group', '0775'],
    [0o770, 'its group', '0770'],
    [0o757, 'others', '0757'],
    [0o1777, 'its group', '0777'],
  ])('refuses mode %o, exit 6, naming the directory, who may write it and the fix', (mode, who, shown) => {
    const dir = fresh();
    chmodSync(dir, mode);
    const error = refusal(dir, 'config');
    expect(error).toBeInstanceOf(UntrustedDirError);
    expect(error).toMatchObject({ exitCode: 6, code: 'untrusted_dir', path: dir });
    expect(error.message).toBe(`the config directory ${dir} can be written by ${who} (mode ${shown}), who could plant files recruit would read; nothing was read or sent`);
    expect(error.hint).toBe(`make it yours alone: chmod 700 ${dir}, then run the same command again`);
  });

  it.skipIf(process.getuid?.() !== 0)('refuses root a directory another user owns, naming the uids and the fix (skipped unless root: only root can give a directory away)', () => {
    const dir = fresh();
    chownSync(dir, 65534, 65534);
    const error = refusal(dir, 'state');
    expect(error).toMatchObject({ exitCode: 6, code: 'untrusted_dir', path: dir });
    expect(error.message).toBe(`the state directory ${dir} belongs to another user (uid 65534; you are uid 0), who could plant files recruit would read; nothing was read or sent`);
    expect(error.hint).toBe('use a state directory of your own: set RECRUIT_STATE_DIR to a directory only you can write');
  });

  it('looks at a directory found good once per process; one that was missing is looked at again', () => {
    const dir = fresh();
    assertOwnDir(dir, 'state');
    chmodSync(dir, 0o777);
    expect(() => assertOwnDir(dir, 'state')).not.toThrow();

    const later = join(fresh(), 'later');
    assertOwnDir(later, 'state');
    mkdirSync(later, { mode: 0o777 });
    chmodSync(later, 0o777);
    expect(refusal(later, 'state').message).toContain(`the state directory ${later} can be written by its group`);
  });

  it('does not look on Windows, which has no POSIX modes', () => {
    const dir = fresh();
    chmodSync(dir, 0o777);
    expect(() => assertOwnDir(dir, 'state', 'win32')).not.toThrow();
    expect(() => assertOwnDir(dir, 'state')).toThrow(UntrustedDirError);
  });
});
