// When the optional keyring binding cannot load, the message says so for this system, not what the
// binding's own loader says (an npm bug, delete package-lock.json), which is wrong for a user of
// an installed recruit. And on Windows the token file is spoken of as private to the user, not by
// a mode Windows does not have.
import { describe, expect, it, vi } from 'vitest';
import { fileProtection, osKeyring } from '../../src/config/secret-store.js';

vi.mock('@napi-rs/keyring', () => {
  throw new Error('Cannot find native binding. npm has a bug related to optional dependencies (https://github.com/npm/cli/issues/4828). Please try `npm i` again after removing both package-lock.json and node_modules directory.');
});

describe('the OS keyring binding missing', () => {
  it('is said to be missing for this platform and Node, with no word of npm bugs or lock files', async () => {
    const failure = await osKeyring().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toBe(`the OS keyring binding (@napi-rs/keyring, an optional dependency) is not installed for ${process.platform}-${process.arch} on Node ${process.versions.node}`);
    expect(failure).not.toMatch(/npm|package-lock/);
  });
});

describe('how the token file is kept private', () => {
  it('is its mode on Unix and the user profile on Windows', () => {
    expect(fileProtection('linux')).toBe('mode 0600');
    expect(fileProtection('darwin')).toBe('mode 0600');
    expect(fileProtection('win32')).toBe('readable only by you, in your user profile');
  });
});
