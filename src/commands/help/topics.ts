// `recruit help <topic>`: what docs/reference/ says about exit codes, the environment and batch files,
// at the terminal. The settings' variables are the registry's (src/config/registry.ts). The topics' names and summaries are in topic-index.ts.
import { environmentLines } from '../../config/registry.js';
import { EXIT } from '../../core/exit-codes.js';
import { formatsText } from './formats.js';
import type { HelpTopic } from './topic-index.js';

const EXIT_CODES = `Exit codes

  ${EXIT.OK}    success
  ${EXIT.API_FAILED}    the API refused or failed (400, 404, 422, 5xx), or answered with something that is
       not what the command reads (an HTML page, a redirect, a body past --max-response-size)
  ${EXIT.USAGE}    invalid usage or input: nothing was sent; or a --jq filter failed on the output of a
       command that ran (a command that failed as well exits with its own code)
  ${EXIT.AUTH}    authentication or permission (401, 403, no token)
  ${EXIT.CONFLICT}    conflict (409): no active-job slot, approval required, publication refused; or a
       job changed by someone else since it was read (jobs edit, a bulk change, jobs apply);
       jobs apply: a code another run created with other values at the same time (run it
       again: it plans the update)
  ${EXIT.GAVE_UP}    gave up: after retries (429, 503, network), past the --timeout deadline, or when the
       service asks to wait longer than recruit waits (Retry-After over 60 s)
  ${EXIT.LOCAL_STATE}    local state could not be saved (a full or read-only disk): nothing unsaved was sent;
       free space and run the same command again
  ${EXIT.PROXY}    the proxy refused the connection (407: credentials, 403: not allowed) or could not be
       reached: nothing was sent; fix the proxy settings (recruit help environment)
  ${EXIT.REJECTED}    jobs wait (and jobs create --wait): a job was rejected, so it will not get where it
       was waited for (a timeout is 5)
  ${EXIT.INTERRUPTED}  interrupted (Ctrl-C)
  ${EXIT.TERMINATED}  stopped by SIGTERM, SIGHUP (terminal closed) or SIGBREAK (Ctrl-Break)

A batch exits 0 only when every job was created, otherwise with the code of its worst outcome.
With --json, errors are one JSON object on stderr: {"error": {code, message, status, retryable, details}}.
`;

const ENVIRONMENT = `Environment

${environmentLines('settings')}  RECRUIT_CONFIG_DIR       where the config file lives
  RECRUIT_KEYRING=0        keep tokens in the config file, not the OS keyring (containers, CI)
  RECRUIT_STATE_DIR        where drafts, submissions, batch journals and the embedded sandbox live
  RECRUIT_SANDBOX_ACCOUNT  the embedded sandbox's account with --sandbox: direct (default),
                           approval or staffing (--sandbox-account)
  RECRUIT_SANDBOX_ACTIVE_JOB_LIMIT  the embedded sandbox's active-job limit
  NO_COLOR, FORCE_COLOR    colour off / on (NO_COLOR wins over every other setting)
  CLICOLOR=0               no colour on a terminal
  CLICOLOR_FORCE           colour even in a pipe (unless it is 0): labels and headings,
                           never data (rows, CSV, JSON)
  CI                       no prompts, spinners or colour
  RECRUIT_PAGER, PAGER     the pager of long output on a terminal (jobs list, jobs get, lookup, ...);
                           default less with LESS=FRX (none on Windows); "" or cat for none
  RECRUIT_JQ_MEMORY        MiB a --jq filter may use (default 256), plus 4 bytes a byte of its input
  RECRUIT_JQ_TIMEOUT       seconds a --jq filter may run (default 10), plus 1 s per 5 MiB of its input

Network (as curl, npm and gh read them; lowercase wins over uppercase):
${environmentLines('network')}  NODE_EXTRA_CA_CERTS      Node's own way to add CA certificates (read when Node starts)
The profile's proxy, no-proxy and ca-file settings (recruit config set) apply when these are not set.

The strongest source wins: flags, then the environment, then the profile, then the defaults.
`;

const TEXTS: Record<HelpTopic, () => string> = {
  environment: () => ENVIRONMENT,
  'exit-codes': () => EXIT_CODES,
  formats: formatsText,
};

export function topicText(topic: HelpTopic): string {
  return TEXTS[topic]();
}
