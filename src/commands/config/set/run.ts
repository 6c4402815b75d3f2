// `recruit config set <key> <value>`: validates the value and saves it in the selected profile
// (or, for `profile`, makes that profile the current one).
import { checkBaseUrl, type Context } from '../../../context/context.js';
import { writeJson } from '../../../terminal/output.js';
import { sanitize } from '../../../core/sanitize.js';
import { editProfile, readConfig, updateConfig, type Profile } from '../../../config/config-file.js';
import { checkProfileName, parseAccountType, parseActiveJobLimit, parseConcurrency, resolveProfile } from '../../../config/settings.js';
import { checkKey } from '../../../config/keys.js';
import { ENV_OF } from '../sources.js';
import { parseProxy } from '../../../config/network.js';
import { redactUserInfo } from '../../../api/user-info.js';
import { readCaFile } from '../../../context/ca-file.js';
import { checkEncoding } from '../../../terminal/text-input.js';
import { resolve } from 'node:path';

export default async function set(ctx: Context, key: string, raw: string): Promise<void> {
  const name = checkKey(key, 'set');
  const profile = resolveProfile(ctx.globals, ctx.env, readConfig(ctx.env)).name;
  let value: string | number;
  let change: Partial<Profile> | undefined;
  switch (name) {
    case 'profile':
      value = checkProfileName(raw, 'profile');
      break;
    case 'base-url':
      value = checkBaseUrl(raw.trim(), ctx.globals.insecureHttp === true, ctx.warn);
      change = { baseUrl: value };
      break;
    case 'account-type': {
      const accountType = parseAccountType(raw, 'account-type');
      value = accountType;
      change = { accountType };
      break;
    }
    case 'concurrency':
      value = parseConcurrency(raw, 'concurrency');
      change = { concurrency: value };
      break;
    case 'active-job-limit':
      value = parseActiveJobLimit(raw, 'active-job-limit');
      change = { activeJobLimit: value };
      break;
    case 'proxy':
      change = { proxy: parseProxy(raw, 'proxy') };
      value = redactUserInfo(change.proxy!);
      break;
    case 'no-proxy':
      value = raw.trim();
      change = { noProxy: value };
      break;
    case 'ca-file':
      value = resolve(raw);
      await readCaFile(value, 'ca-file', ctx.requestTimeoutMs() ?? (await import('../../../api/client.js')).DEFAULT_TIMEOUTS.requestMs);
      change = { caFile: value };
      break;
    case 'encoding':
      value = (await checkEncoding({ name: raw.trim(), where: 'encoding' })).name;
      change = { encoding: value };
      break;
  }
  await updateConfig(ctx.env, (data) => {
    if (change) Object.assign(editProfile(data, profile), change);
    else data.currentProfile = String(value);
  });
  if (ctx.env[ENV_OF[name]]) ctx.warn(`${ENV_OF[name]} is set and overrides this value`);
  if (ctx.globals.json) return writeJson(ctx, { profile: change ? profile : value, key: name, value });
  ctx.io.stdout.write(change ? `Set ${name} to ${sanitize(String(value))} in profile ${profile}\n` : `Current profile is now ${value}\n`);
}
