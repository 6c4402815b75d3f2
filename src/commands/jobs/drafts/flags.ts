// `recruit jobs drafts`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import type { OptionsOf, Parent } from '../../define.js';

export function flags(jobs: Parent) {
  return jobs
    .command('drafts')
    .description("list the wizard's saved drafts: account, title, the step to answer next, when saved (* marks this account's)")
    .option('--discard <id...>', 'delete these drafts (ids from the list; asks on a terminal, --yes without one)');
}

export type DraftsOptions = OptionsOf<ReturnType<typeof flags>>;
