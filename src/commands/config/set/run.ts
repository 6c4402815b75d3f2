// `recruit config set <key> <value>`: validates the value and saves it in the selected profile
// (or, for `profile`, makes that profile the current one).
import type { Uses } from '../../../context/context.js';
import { checkBaseUrl } from '../../../context/base-url-check.js';
import { writeJson } from '../../../terminal/output.js';
import { sanitize } from '../../../core/sanitize.js';
import { editProfile, readConfig, updateConfig, type Profile } from '../../../config/config-file.js';
import { checkProfileName, parseAccountType, parseActiveJobLimit, parseConcurrency, resolveProfile } from '../../../config/settings.js';
import { checkKey } from '../../../config/keys.js';
import { setting } from '../../../config/registry.js';
import { parseProxy } from '../../../config/network.js';
import { redactUserInfo } from '../../../api/user-info.js';
import { readCaFile } from '../../../context/ca-file.js';
import { checkEncoding } from '../../../terminal/text-input.js';
import { resolve } from 'node:path';

export default async function set(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'warn' | 'requestTimeoutMs'>, key: string, raw: string): Promise<void> {
  const name = checkKey(key, 'set');
  const profile = resolveProfile(ctx.globals, ctx.env, readConfig(ctx.env)).name;
  // What is kept (in the profile's field of the registry, src/config/registry.ts) and what is shown.
  let stored: string | number;
  let value: string | number | undefined;
  switch (name) {
    case 'profile':
      stored = checkProfileName(raw, 'profile');
      break;
    case 'base-url':
      stored = checkBaseUrl(raw.trim(), ctx.globals.insecureHttp === true, ctx.warn);
      break;
    case 'account-type':
      stored = parseAccountType(raw, 'account-type');
      break;
    case 'concurrency':
      stored = parseConcurrency(raw, 'concurrency');
      break;
    case 'active-job-limit':
      stored = parseActiveJobLimit(raw, 'active-job-limit');
      break;
    case 'proxy':
      stored = parseProxy(raw, 'proxy');
      value = redactUserInfo(stored);
      break;
    case 'no-proxy':
      stored = raw.trim();
      break;
    case 'ca-file':
      stored = resolve(raw);
      await readCaFile(stored, 'ca-file', ctx.requestTimeoutMs() ?? (await import('../../../api/client.js')).DEFAULT_TIMEOUTS.requestMs);
      break;
    case 'encoding':
      stored = (await checkEncoding({ name: raw.trim(), where: 'encoding' })).name;
      break;
  }
  value ??= stored;
  const field = setting(name).field;
  const change: Partial<Profile> | undefined = field ? { [field]: stored } : undefined;
  await updateConfig(ctx.env, (data) => {
    if (change) Object.assign(editProfile(data, profile), change);
    else data.currentProfile = String(value);
  });
  const env = setting(name).env;
  if (ctx.env[env]) ctx.warn(`${env} is set and overrides this value`);
  if (ctx.globals.json) return writeJson(ctx, { profile: change ? profile : value, key: name, value });
  ctx.io.stdout.write(change ? `Set ${name} to ${sanitize(String(value))} in profile ${profile}\n` : `Current profile is now ${value}\n`);
}
