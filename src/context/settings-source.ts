// Where a command's settings come from: the config file (read once, on first use), the
// environment, the global flags, and the token the OS keyring keeps for the profile.
import { readConfig, storedProfile, type ConfigData } from '../config/config-file.js';
import { keyringDisabled, keyringName, osKeyring, type SecretStore } from '../config/secret-store.js';
import { resolveProfile, resolveSettings, type Settings } from '../config/settings.js';
import { resolveNetwork, type NetworkSettings } from '../config/network.js';
import type { IO } from '../terminal/io.js';
import type { GlobalOptions } from './global-options.js';

export interface SettingsSource {
  settings(): Settings;
  network(): NetworkSettings;
  secrets(): Promise<SecretStore | undefined>;
  loadStoredToken(): Promise<void>;
}

export function settingsSource(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions, warn: (message: string) => void): SettingsSource {
  let config: ConfigData | undefined;
  let settings: Settings | undefined;
  let network: NetworkSettings | undefined;
  let keyringToken: string | undefined;
  let secretStore: Promise<SecretStore | undefined> | undefined;
  const configData = () => (config ??= readConfig(env));
  const source: SettingsSource = {
    settings: () => (settings ??= resolveSettings(globals, env, configData(), keyringToken)),
    network: () => (network ??= resolveNetwork(globals, env, storedProfile(configData(), source.settings().profile), source.settings().profile)),
    secrets: () => (secretStore ??= io.secrets ? Promise.resolve(io.secrets) : keyringDisabled(env) ? Promise.resolve(undefined) : osKeyring()),
    async loadStoredToken() {
      if (globals.sandbox || env.RECRUIT_TOKEN) return;
      let profile: string;
      try {
        const config = configData();
        profile = resolveProfile(globals, env, config).name;
        if (storedProfile(config, profile).tokenStorage !== 'keyring') return;
      } catch {
        return; // settings() says what is wrong with the config, when a command needs it
      }
      try {
        const store = await source.secrets();
        keyringToken = store ? await store.get(profile) : undefined;
        if (!store) warn(`the token of profile "${profile}" is in the OS keyring, which RECRUIT_KEYRING=0 turns off`);
      } catch (error) {
        warn(`could not read the token of profile "${profile}" from ${keyringName()}: ${(error as Error).message}`);
      }
      settings = undefined;
    },
  };
  return source;
}
