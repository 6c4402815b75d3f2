// `recruit help <topic>`: what the README says about exit codes, the environment and batch files,
// at the terminal. The topics' names and summaries are in topic-index.ts.
import { EXIT } from '../../core/exit-codes.js';
import { formatsText } from './formats.js';
import type { HelpTopic } from './topic-index.js';

const EXIT_CODES = `Exit codes

  ${EXIT.OK}    success
  ${EXIT.API_FAILED}    the API refused or failed (400, 404, 422, 5xx), or answered with something that is
       not what the command reads (an HTML page, a redirect, a body past --max-response-size)
  ${EXIT.USAGE}    invalid usage or input: nothing was sent
  ${EXIT.AUTH}    authentication or permission (401, 403, no token)
  ${EXIT.CONFLICT}    conflict (409): no active-job slot, approval required, publication refused
  ${EXIT.GAVE_UP}    gave up: after retries (429, 503, network), past the --timeout deadline, or when the
       service asks to wait longer than recruit waits (Retry-After over 60 s)
  ${EXIT.LOCAL_STATE}    local state could not be saved (a full or read-only disk): nothing unsaved was sent;
       free space and run the same command again
  ${EXIT.REJECTED}    jobs wait (and jobs create --wait): a job was rejected, so it will not get where it
       was waited for (a timeout is 5)
  ${EXIT.INTERRUPTED}  interrupted (Ctrl-C)
  ${EXIT.TERMINATED}  stopped by SIGTERM

A batch exits 0 only when every job was created, otherwise with the code of its worst outcome.
With --json, errors are one JSON object on stderr: {"error": {code, message, status, retryable, details}}.
`;

const ENVIRONMENT = `Environment

  RECRUIT_PROFILE          the profile of the config file to use (--profile)
  RECRUIT_BASE_URL         the API's address, including /v1 (--base-url)
  RECRUIT_TOKEN            the bearer token (never on the command line)
  RECRUIT_ACCOUNT_TYPE     direct, staffing or auto (the default: learned from the service, kept per account)
  RECRUIT_CONCURRENCY      requests in flight in a batch (--concurrency)
  RECRUIT_CONFIG_DIR       where the config file lives
  RECRUIT_STATE_DIR        where drafts, submissions, batch journals and the embedded sandbox live
  RECRUIT_SANDBOX_ACCOUNT  the embedded sandbox's account with --sandbox: direct (default),
                           approval or staffing (--sandbox-account)
  RECRUIT_SANDBOX_ACTIVE_JOB_LIMIT  the embedded sandbox's active-job limit
  NO_COLOR, FORCE_COLOR    colour off / on
  CI                       no prompts, spinners or colour

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
