// Where `auth login` keeps a token: the OS keyring when one answers, else the config file (mode
// 0600) with a note; the file when asked (--insecure-storage) or when RECRUIT_KEYRING=0, without
// one. `auth logout` removes it from wherever it is.
import type { Uses } from '../../context/context.js';
import { configPath } from '../../config/config-file.js';
import { fileProtection } from '../../config/secret-store.js';
import type { Profile } from '../../config/config-file.js';

export interface Stored {
  storage: 'keyring' | 'file';
  /** "the Secret Service keyring", or the config file's path. */
  where: string;
}

/** Puts the token where it belongs; the profile's fields are set by `apply` inside the config update. */
export async function keepToken(ctx: Uses<'env' | 'secrets' | 'warn'>, profile: string, token: string, insecureStorage: boolean): Promise<Stored & { apply(stored: Profile): void }> {
  const file = configPath(ctx.env);
  const inFile = {
    storage: 'file' as const,
    where: file,
    apply(stored: Profile) {
      stored.token = token;
      delete stored.tokenStorage;
    },
  };
  if (insecureStorage) return inFile;
  let store;
  try {
    store = await ctx.secrets();
    if (!store) return inFile;
    await store.set(profile, token);
  } catch (error) {
    ctx.warn(
      `no OS keyring took the token (${(error as Error).message}): it is kept in ${file} (${fileProtection()}) instead; ` +
        'run `recruit auth login` again once a keyring is available, or pass --insecure-storage to keep it in the file without this note',
    );
    return inFile;
  }
  return {
    storage: 'keyring',
    where: store.name,
    apply(stored: Profile) {
      delete stored.token;
      stored.tokenStorage = 'keyring';
    },
  };
}

/** Removes the profile's token from the keyring (when it was there); false when there was none. */
export async function forgetKeyringToken(ctx: Uses<'secrets'>, profile: string): Promise<boolean> {
  const store = await ctx.secrets();
  return store ? store.delete(profile) : false;
}
