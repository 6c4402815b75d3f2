// A command as the user should type it again: `recruit`, the global flags that chose the profile,
// the address or the embedded sandbox's account of this run, then the command. A hint that drops
// them (`recruit jobs create` after `recruit --sandbox jobs create`) fails or finds another account.
import type { GlobalOptions } from './global-options.js';

const PLAIN = /^[\w@%+=:,./-]+$/;

/** A word as a POSIX shell reads it back. */
export function shellWord(word: string): string {
  return PLAIN.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The global flags that choose the account a command works on. */
export type AccountFlags = Pick<GlobalOptions, 'profile' | 'baseUrl' | 'sandbox' | 'sandboxAccount' | 'insecureHttp'>;

export function recruitCommand(globals: AccountFlags, command: string): string {
  const flags: string[] = [];
  if (globals.sandbox) {
    flags.push('--sandbox');
    if (globals.sandboxAccount !== undefined) flags.push('--sandbox-account', shellWord(globals.sandboxAccount));
  } else {
    if (globals.profile !== undefined) flags.push('--profile', shellWord(globals.profile));
    if (globals.baseUrl !== undefined) flags.push('--base-url', shellWord(globals.baseUrl));
    if (globals.insecureHttp) flags.push('--insecure-http');
  }
  return ['recruit', ...flags, command].join(' ');
}
