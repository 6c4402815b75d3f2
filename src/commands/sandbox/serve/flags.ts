// `recruit sandbox serve`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import type { OptionsOf, Parent } from '../../define.js';

export function flags(sandbox: Parent) {
  return sandbox
    .command('serve')
    .description('serve the sandbox API over HTTP until interrupted')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4010')
    .option('--state <file>', 'keep jobs in this file across restarts (default: in memory)')
    .option('--active-job-limit <n>', 'active jobs allowed per account', '50')
    .option('--faults <spec>', 'inject faults, e.g. "503=0.1,429=0.1,reset=0.05,latency=0-30"')
    .option('--rate-limit <rate>', 'limit each token to <n>/s or <n>/min, optionally ,burst=<n> (429 with Retry-After beyond it)');
}

export type ServeOptions = OptionsOf<ReturnType<typeof flags>>;
