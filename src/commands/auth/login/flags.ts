// `recruit auth login`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import type { OptionsOf, Parent } from '../../define.js';

export function flags(auth: Parent) {
  return auth
    .command('login')
    .description('save a base URL and token to the profile after checking that they work')
    .option('--with-token', 'read the token from stdin instead of prompting')
    .option('--insecure-storage', 'keep the token in the config file (readable only by you) instead of the OS keyring');
}

export type LoginOptions = OptionsOf<ReturnType<typeof flags>>;
