// Where a profile's token is kept when not in the config file: the OS keyring (macOS Keychain,
// Windows Credential Manager, the Secret Service on Linux), through @napi-rs/keyring, a native
// binding loaded only by the commands that read or write a stored token. One entry per profile,
// service "recruit", account the profile's name.
import type * as Keyring from '@napi-rs/keyring';
export interface SecretStore {
  /** Where the token is, as a person would say it: "the macOS Keychain". */
  readonly name: string;
  get(profile: string): Promise<string | undefined>;
  set(profile: string, token: string): Promise<void>;
  /** True when there was a token to delete. */
  delete(profile: string): Promise<boolean>;
}

export const KEYRING_SERVICE = 'recruit';

export function keyringName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the Secret Service keyring';
}

/** Whether the user turned the keyring off: RECRUIT_KEYRING=0 keeps tokens in the config file (containers, CI). */
export function keyringDisabled(env: NodeJS.ProcessEnv): boolean {
  return env.RECRUIT_KEYRING === '0' || env.RECRUIT_KEYRING === 'false';
}

/**
 * The OS keyring. On Linux it must be the Secret Service: the kernel keyring that the binding
 * would fall back to forgets everything at logout, which would log the user out unseen.
 */
export async function osKeyring(): Promise<SecretStore> {
  let binding: typeof Keyring;
  try {
    binding = await import('@napi-rs/keyring');
  } catch {
    // Its own message blames an npm bug and says to delete package-lock.json: not so for a user of
    // recruit, whose install simply has no build of the optional binding for this system.
    throw new Error(`the OS keyring binding (@napi-rs/keyring, an optional dependency) is not installed for ${process.platform}-${process.arch} on Node ${process.versions.node}`);
  }
  const { AsyncEntry } = binding;
  const entry = (profile: string) => new AsyncEntry(KEYRING_SERVICE, profile, { linux: { store: 'secret-service' } });
  return {
    name: keyringName(),
    async get(profile) {
      return (await entry(profile).getPassword()) ?? undefined;
    },
    async set(profile, token) {
      await entry(profile).setPassword(token);
      // A keyring that takes a write and then has nothing (a locked or odd store) is no keyring.
      if ((await entry(profile).getPassword()) !== token) throw new Error('the keyring did not keep the token');
    },
    async delete(profile) {
      return entry(profile).deleteCredential();
    },
  };
}

/** How the config file keeps a token from other users, in the words of this system. */
export function fileProtection(platform: NodeJS.Platform = process.platform): string {
  // Windows has no modes: the file is private through the ACL of the user's profile folder (%APPDATA%).
  return platform === 'win32' ? 'readable only by you, in your user profile' : 'mode 0600';
}
