// `recruit auth logout`: forget the profile's token (and the account type learned with it); its base
// URL and other settings stay.
import type { Uses } from '../../../context/context.js';
import { UsageError } from '../../../core/errors.js';
import { writeJson } from '../../../terminal/output.js';
import { configPath, editProfile, readConfig, storedProfile, updateConfig } from '../../../config/config-file.js';
import { resolveProfile } from '../../../config/settings.js';
import { forgetKeyringToken } from '../token-storage.js';

export default async function logout(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'secrets' | 'warn'>): Promise<void> {
  if (ctx.globals.sandbox) throw new UsageError('--sandbox needs no login, so there is nothing to log out of');
  const config = readConfig(ctx.env);
  const profile = resolveProfile(ctx.globals, ctx.env, config).name;
  const inKeyring = storedProfile(config, profile).tokenStorage === 'keyring';
  const had = storedProfile(config, profile).token !== undefined || inKeyring;
  let where = configPath(ctx.env);
  if (inKeyring) {
    const store = await ctx.secrets();
    where = store?.name ?? 'the OS keyring';
    try {
      await forgetKeyringToken(ctx, profile);
    } catch (error) {
      ctx.warn(`could not remove the token of profile "${profile}" from ${where} (${(error as Error).message}): the profile no longer uses it; remove it there by hand (service "recruit", account "${profile}")`);
    }
  }
  if (had) {
    await updateConfig(ctx.env, (data) => {
      const stored = editProfile(data, profile);
      delete stored.token;
      delete stored.tokenStorage;
      // What `account-type auto` learned belongs to that token.
      delete stored.learnedAccountType;
    });
  }
  if (ctx.env.RECRUIT_TOKEN) ctx.warn('RECRUIT_TOKEN is set and still applies: unset it to stop using that token');
  if (ctx.globals.json) return writeJson(ctx, { profile, loggedOut: had });
  ctx.io.stdout.write(
    had
      ? `Logged out of profile ${profile}: token removed from ${where}; base URL kept\n`
      : `Not logged in: profile ${profile} has no stored token\n`,
  );
}
