// `recruit auth logout`: forget the profile's token (and the account type learned with it); its base
// URL and other settings stay.
import type { Context } from '../../../context/context.js';
import { UsageError } from '../../../core/errors.js';
import { writeJson } from '../../../terminal/output.js';
import { configPath, editProfile, readConfig, storedProfile, updateConfig } from '../../../config/config-file.js';
import { resolveProfile } from '../../../config/settings.js';

export default async function logout(ctx: Context): Promise<void> {
  if (ctx.globals.sandbox) throw new UsageError('--sandbox needs no login, so there is nothing to log out of');
  const config = readConfig(ctx.env);
  const profile = resolveProfile(ctx.globals, ctx.env, config).name;
  const had = storedProfile(config, profile).token !== undefined;
  if (had) {
    await updateConfig(ctx.env, (data) => {
      const stored = editProfile(data, profile);
      delete stored.token;
      // What `account-type auto` learned belongs to that token.
      delete stored.learnedAccountType;
    });
  }
  if (ctx.env.RECRUIT_TOKEN) ctx.warn('RECRUIT_TOKEN is set and still applies: unset it to stop using that token');
  if (ctx.globals.json) return writeJson(ctx, { profile, loggedOut: had });
  ctx.io.stdout.write(
    had
      ? `Logged out of profile ${profile}: token removed from ${configPath(ctx.env)}; base URL kept\n`
      : `Not logged in: profile ${profile} has no stored token\n`,
  );
}
