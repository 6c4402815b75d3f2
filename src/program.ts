// Assembles the command tree. Command modules are imported only when their command runs, so that
// `recruit --help` and `recruit jobs get` load nothing they do not need. Given the command line,
// only the branch it names is built: `jobs get` adds no other command and none of their options
// (a millisecond or two of every start, docs/performance.md); without one, the whole tree.
import { Command, Help, Option } from 'commander';
import { runAction, type Loader } from './entry/action.js';
import type { Context, GlobalOptions } from './context/context.js';
import type { IO } from './terminal/io.js';
import { JOB_FIELD_FLAGS } from './context/job-field-flags.js';
import { SANDBOX_ACCOUNTS } from './context/sandbox-account.js';
import { HELP_TOPICS, topicsSection } from './commands/help/topic-index.js';
import { LOOKUP_KINDS } from './commands/lookup/kinds.js';
import { installExamples, SHELLS, type Shell } from './completion/shells.js';
import { VERSION } from './core/version.js';

/** A command's action that loads its module when it runs. */
type Lazy = (load: Loader) => (...args: unknown[]) => Promise<void>;
/** A subcommand's name and what adds it to its parent. */
type Branch = readonly [name: string, add: () => void];

function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Adds the branch `name` names, or all of them when it names none (commander then suggests one). */
function addBranch(name: string | undefined, branches: readonly Branch[]): void {
  const named = branches.find(([n]) => n === name);
  if (named) named[1]();
  else for (const [, add] of branches) add();
}

/** The first two words of a command line that are neither options of the program nor their values. */
export function commandWords(argv: readonly string[], program: Command): string[] {
  const takesValue = new Set(program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short]));
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (!arg.startsWith('-')) words.push(arg);
    else if (takesValue.has(arg)) i++;
  }
  return words;
}

/** The command tree; with `argv`, only the branch that argv names. */
export function buildProgram(io: IO, env: NodeJS.ProcessEnv, argv?: readonly string[]): Command {
  const lazy: Lazy =
    (load) =>
    (...args: unknown[]): Promise<void> => {
      const command = args[args.length - 1] as Command;
      return runAction(io, env, command.optsWithGlobals<GlobalOptions>(), load, args.slice(0, -1));
    };

  const program = new Command('recruit')
    .description('Work a recruitment account from the terminal: jobs, lookups, a creation wizard and batch files')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    // Every command's help lists the options it inherits (as gh's "INHERITED FLAGS"); --version
    // only means something on its own.
    .configureHelp({
      showGlobalOptions: true,
      visibleGlobalOptions(cmd) {
        return Help.prototype.visibleGlobalOptions.call(this, cmd).filter((o) => o.long !== '--version');
      },
    })
    .exitOverride()
    .showSuggestionAfterError(true)
    .helpCommand(false) // `help` is a command of ours, with topics
    .option('--profile <name>', 'settings profile to use (env RECRUIT_PROFILE)')
    .option('--base-url <url>', 'API base URL including /v1 (env RECRUIT_BASE_URL)')
    .option('--sandbox', 'use the embedded sandbox instead of a real account')
    .addOption(
      new Option('--sandbox-account <account>', 'the account of the embedded sandbox (env RECRUIT_SANDBOX_ACCOUNT; default direct)')
        .choices(SANDBOX_ACCOUNTS),
    )
    .option('--json', 'machine-readable output on stdout')
    .option('--no-color', 'disable colour')
    .option('--verbose', 'print each request and response on stderr (token redacted)')
    .option('-y, --yes', 'never prompt; fail when input is missing')
    .option('--insecure-http', 'allow plain http:// to a host that is not loopback')
    .option('--timeout <seconds>', 'give up on an API request after this long, retries and waits included (default 120)')
    .option('--max-response-size <MiB>', 'read at most this much of one answer (default 32)')
    .addHelpText(
      'after',
      topicsSection() +
        examples([
          'recruit --sandbox lookup industries',
          'recruit --sandbox jobs list --status in-progress',
          'recruit --sandbox jobs status 3 in-progress',
          'recruit --sandbox --sandbox-account approval jobs list',
          'recruit auth login',
          'recruit sandbox serve --port 4010',
        ]),
    );

  const [command, subcommand] = argv === undefined ? [] : commandWords(argv, program);
  // `help` reads the whole tree.
  addBranch(command === 'help' ? undefined : command, [
    ['lookup', () => addLookup(program, lazy)],
    ['jobs', () => addJobs(program, lazy, command === 'jobs' ? subcommand : undefined)],
    ['api', () => addApi(program, lazy)],
    ['auth', () => addAuth(program, lazy)],
    ['config', () => addConfig(program, lazy)],
    ['sandbox', () => addSandbox(program, lazy)],
    ['help', () => addHelp(program, io)],
    ['completion', () => addCompletion(program, lazy, () => buildProgram(io, env))],
  ]);
  return program;
}


function addLookup(program: Command, lazy: Lazy): void {
  program
    .command('lookup <kind>')
    .description(`list lookup data; kind: ${LOOKUP_KINDS.join(', ')}`)
    .option('--industry <id|name>', 'industry (required for functions and employer-types)')
    .option('--search <text>', 'only items whose name contains this text')
    .option('--page <n>', 'page number')
    .option('--page-size <n>', 'items per page (API default 10, at most 100)')
    .option('--all', 'follow every page')
    .option('--refresh', 'job-options: fetch again instead of using the one-day cache')
    .option('--csv', 'CSV with a header row (RFC 4180)')
    .addHelpText(
      'after',
      examples([
        'recruit lookup industries',
        'recruit lookup functions --industry "Information Technology" --search dev',
        'recruit lookup employer-types --industry 1 --all --json',
        'recruit lookup job-options',
        'recruit lookup customers --all --csv > customers.csv',
      ]),
    )
    .action(lazy(() => import('./commands/lookup.js')));
}

function addJobs(program: Command, lazy: Lazy, subcommand: string | undefined): void {
  const jobs = program
    .command('jobs')
    .description('create jobs (in a wizard, from flags or from a file), read, list and update them, and change their status')
    .addHelpText(
      'after',
      examples(['recruit jobs create', 'recruit jobs create --file jobs.json', 'recruit jobs list', 'recruit jobs get 3', 'recruit jobs status 3 closed']),
    );

  addBranch(subcommand, [
    ['create', () => addJobsCreate(jobs, lazy)],
    ['pending', () => addJobsPending(jobs, lazy)],
    ['drafts', () => addJobsDrafts(jobs, lazy)],
    ['get', () => addJobsGet(jobs, lazy)],
    ['list', () => addJobsList(jobs, lazy)],
    ['status', () => addJobsStatus(jobs, lazy)],
    ['update', () => addJobsUpdate(jobs, lazy)],
    ['apply', () => addJobsApply(jobs, lazy)],
  ]);
}

function addJobsCreate(jobs: Command, lazy: Lazy): void {
  const create = jobs
    .command('create')
    .description('create jobs: the wizard on a terminal, one job from field flags, a clone of a job (--from), or a batch from a file');
  for (const f of JOB_FIELD_FLAGS) create.option(f.flag, f.help);
  create
    .option('--publish-career-page', 'publish on the career page (refused at creation on accounts that need approval)')
    .option('--publish-free-boards', 'publish on free job boards (refused at creation on accounts that need approval)')
    .option('--file <path>', 'create every job of a JSON array, JSON object, NDJSON or CSV file (- for stdin; see `recruit help formats`)')
    .addOption(new Option('--format <format>', 'batch: the file\'s format (default: csv for a *.csv name, else JSON told apart by the content)').choices(['csv', 'json']))
    .option('--csv', 'batch: the results as CSV (RFC 4180, with a header row)')
    .option('--concurrency <n>', 'batch: requests in flight at once (default 4, or the profile setting)')
    .option('--restart', 'batch: create the jobs of a file again although an earlier run finished it')
    .option('--from <jobId>', "start from an existing job's fields (not its code or publication); field flags change them")
    .option('--dry-run', 'validate and resolve names, then stop: nothing is sent')
    .option('--resume [key]', 're-send an unfinished submission with its original key and body (see `jobs pending`)')
    .addHelpText(
      'after',
      examples([
        'recruit jobs create                       # the wizard, on a terminal',
        'recruit jobs create --file examples/jobs.json',
        'recruit jobs create --file jobs.ndjson --concurrency 8 --json',
        'recruit jobs create --file jobs.json --dry-run',
        'recruit jobs create --file jobs.csv --csv > results.csv',
        'cat jobs.csv | recruit jobs create --file - --format csv',
        'recruit jobs create --title "Data Engineer" --description-file desc.md --location "Berlin, Germany" ' +
          '--industry "Information Technology" --job-function "Data Engineering" --employer-type "SaaS Startup"',
        'recruit jobs create --from 3 --title "Data Engineer, Berlin" --location "Berlin, Germany"   # a clone',
        'recruit jobs create --from 3 --industry Healthcare --job-function "Healthcare Administration" --employer-type Hospital',
        'recruit jobs create --resume',
      ]),
    )
    .action(lazy(() => import('./commands/jobs/create.js')));
}

function addJobsPending(jobs: Command, lazy: Lazy): void {
  jobs
    .command('pending')
    .description('list creations that were persisted but have no final answer yet (resume them with `jobs create --resume`)')
    .addHelpText('after', examples(['recruit jobs pending', 'recruit jobs pending --json', 'recruit jobs create --resume <key>']))
    .action(lazy(() => import('./commands/jobs/pending.js')));
}

function addJobsDrafts(jobs: Command, lazy: Lazy): void {
  jobs
    .command('drafts')
    .description("list the wizard's saved drafts: account, title, step reached, when saved (* marks this account's)")
    .option('--discard <id...>', 'delete these drafts (ids from the list; asks on a terminal, --yes without one)')
    .addHelpText(
      'after',
      examples([
        'recruit jobs drafts',
        'recruit jobs drafts --json',
        'recruit --profile staging jobs drafts   # * marks the drafts of that profile',
        'recruit jobs create                       # offers this account\'s drafts',
        'recruit jobs drafts --discard 1a2b3c4d',
      ]),
    )
    .action(lazy(() => import('./commands/jobs/drafts.js')));
}

function addJobsGet(jobs: Command, lazy: Lazy): void {
  jobs
    .command('get <jobId>')
    .description('show one job with its status and approval (and, on a terminal, the names behind its ids and codes)')
    .option('--csv', 'the job as CSV: a header row and one row, the columns of `jobs list --csv`')
    .addHelpText('after', examples(['recruit jobs get 3', 'recruit jobs get 3 --json', 'recruit jobs get 3 --csv']))
    .action(lazy(() => import('./commands/jobs/get.js')));
}

function addJobsList(jobs: Command, lazy: Lazy): void {
  jobs
    .command('list')
    .description('list jobs, newest first')
    .option('--status <code|label>', 'only jobs with this status (repeatable, or comma separated)', collect)
    .option('--search <text>', 'only jobs whose title or code contains this text')
    .option('--page <n>', 'page number')
    .option('--page-size <n>', 'jobs per page (API default 10, at most 100)')
    .option('--all', 'follow every page')
    .option('--wide', 'add a column for every lookup field (industry, employer type, customer, ...); names on a terminal, ids in a pipe')
    .option('--csv', 'CSV for spreadsheets: a header row of batch-file field names, names for ids, every field of a job (`jobs create --file` reads it back)')
    .addHelpText(
      'after',
      examples([
        'recruit jobs list',
        'recruit jobs list --status in-progress --status new',
        'recruit jobs list --wide',
        'recruit jobs list --search engineer --all --json',
        'recruit jobs list --all --csv > jobs.csv',
      ]),
    )
    .action(lazy(() => import('./commands/jobs/list.js')));
}

function addJobsStatus(jobs: Command, lazy: Lazy): void {
  // `<jobId...> <status>`: commander allows a variadic argument only last, so the ids after the
  // first arrive in `moreJobIds` and the status is whichever argument is last.
  jobs
    .command('status <jobId> <status> [moreJobIds...]')
    .usage('[options] <jobId...|-> <status>')
    .description('change the lifecycle status of one job or many (ids, or - for stdin): a code (1, 2, 4, 5) or a label (new, in-progress, ...), given last')
    .option('--concurrency <n>', 'several jobs: requests in flight at once (default 4, or the profile setting)')
    .option('--dry-run', 'read the jobs and print what would change: nothing is sent')
    .addHelpText(
      'after',
      examples([
        'recruit jobs status 3 in-progress',
        'recruit jobs status 3 1',
        'recruit jobs status 3 closed --json',
        'recruit jobs status 3 4 9 closed',
        'recruit jobs list --status new --search intern --json | recruit jobs status - closed',
        'recruit jobs status - closed --dry-run < ids.txt',
      ]),
    )
    .action(lazy(() => import('./commands/jobs/status.js')));
}

function addJobsUpdate(jobs: Command, lazy: Lazy): void {
  const update = jobs
    .command('update <jobId...>')
    .usage('[options] <jobId...|->')
    .description(
      'change the fields and publication of one job or many (ids, or - for stdin), and report what the service changed or ignored; keeps free-board publication unless told otherwise',
    );
  for (const f of JOB_FIELD_FLAGS) update.option(f.flag, f.help);
  update
    .option('--set <key=value>', 'set any body field (repeatable; value parsed as JSON when it can be)', collect)
    .option('--file <path>', 'read a JSON patch from a file (- for stdin)')
    .option('--publish-career-page', 'publish on the career page')
    .option('--no-publish-career-page', 'remove from the career page')
    .option('--publish-free-boards', 'publish on free job boards')
    .option('--no-publish-free-boards', 'remove from free job boards')
    .option('--concurrency <n>', 'several jobs: requests in flight at once (default 4, or the profile setting)')
    .option('--dry-run', 'read the jobs, check the update against each and print what would change: nothing is sent')
    .addHelpText(
      'after',
      examples([
        'recruit jobs update 3 --title "Staff Engineer"',
        'recruit jobs update 3 --set experience=5 --set skills=\'["Go","SQL"]\'',
        'recruit jobs update 3 --no-publish-free-boards',
        'recruit jobs update 3 --file patch.json',
        'recruit jobs update 3 4 9 --hiring-manager "Dana Whitfield"',
        'recruit jobs list --search intern --all --json | recruit jobs update - --experience 0 --dry-run',
      ]),
    )
    .action(lazy(() => import('./commands/jobs/update.js')));
}

function addJobsApply(jobs: Command, lazy: Lazy): void {
  jobs
    .command('apply')
    .description('keep the jobs of the account in step with a file, matched by jobCode: a plan (create, update, unchanged; close with --prune), then the changes once confirmed')
    .option('--file <path>', 'the jobs as they should be: JSON array, JSON object, NDJSON or CSV (- for stdin; every item needs a jobCode)')
    .addOption(new Option('--format <format>', "the file's format (default: csv for a *.csv name, else JSON told apart by the content)").choices(['csv', 'json']))
    .option('--prune', 'also close (status 1) the New and In Progress jobs whose code is not in the file')
    .option('--dry-run', 'print the plan and stop: nothing is sent')
    .option('--concurrency <n>', 'requests in flight at once (default 4, or the profile setting)')
    .addHelpText(
      'after',
      examples([
        'recruit jobs apply --file examples/jobs-apply.json --dry-run',
        'recruit jobs apply --file examples/jobs-apply.json          # asks on a terminal',
        'recruit jobs apply --file jobs.csv --prune --yes            # in a script: --yes applies',
        'recruit jobs apply --file jobs.ndjson --dry-run --json',
      ]),
    )
    .action(lazy(() => import('./commands/jobs/apply.js')));
}

function addApi(program: Command, lazy: Lazy): void {
  program
    .command('api <path>')
    .description('send a raw request to any API path (relative to the base URL) and print the JSON answer')
    .option('-X, --method <method>', 'HTTP method (default GET, or POST with fields or input)')
    .option('-f, --field <key=value>', 'body field (query parameter for GET); numbers, true/false/null, @file (repeatable)', collect)
    .option('-H, --header <name:value>', 'extra request header (repeatable)', collect)
    .option('--input <file>', 'request body from a file (- for stdin)')
    .option('--paginate', 'follow every page and print all items as one array')
    .addHelpText(
      'after',
      examples([
        'recruit api /industries',
        'recruit api /job-functions -f industry_id=1 --paginate',
        'recruit api /jobs/3 -X PATCH -f title="Staff Engineer" -f publishToFreeJobBoards=true',
        'recruit api /candidates -X GET -f page=2',
      ]),
    )
    .action(lazy(() => import('./commands/api.js')));
}

function addAuth(program: Command, lazy: Lazy): void {
  const auth = program
    .command('auth')
    .description('log in, check and log out')
    .addHelpText('after', examples(['recruit auth login', 'recruit auth status', 'recruit auth logout']));
  auth
    .command('login')
    .description('save a base URL and token to the profile after checking that they work')
    .option('--with-token', 'read the token from stdin instead of prompting')
    .addHelpText(
      'after',
      examples([
        'recruit auth login',
        'echo "$TOKEN" | recruit auth login --base-url https://api.example.com/v1 --with-token',
        'recruit --profile staging auth login',
      ]),
    )
    .action(lazy(() => import('./commands/auth/login.js')));
  auth
    .command('status')
    .description('show the profile, base URL, where the token comes from and whether it works (never the token)')
    .addHelpText('after', examples(['recruit auth status', 'recruit auth status --json']))
    .action(lazy(() => import('./commands/auth/status.js')));
  auth
    .command('logout')
    .description("remove the profile's token")
    .addHelpText('after', examples(['recruit auth logout', 'recruit --profile staging auth logout']))
    .action(lazy(() => import('./commands/auth/logout.js')));
}

function addConfig(program: Command, lazy: Lazy): void {
  const config = program
    .command('config')
    .description('read and change profile settings: base-url, account-type, concurrency')
    .addHelpText('after', examples(['recruit config list', 'recruit config set account-type staffing']));
  config
    .command('list')
    .description('show the settings in effect and where each comes from')
    .addHelpText('after', examples(['recruit config list', 'recruit --profile staging config list --json']))
    .action(lazy(() => import('./commands/config/list.js')));
  config
    .command('get <key>')
    .description('print one setting: base-url, account-type, concurrency, profile')
    .addHelpText('after', examples(['recruit config get base-url']))
    .action(lazy(() => import('./commands/config/get.js')));
  config
    .command('set <key> <value>')
    .description('save a setting in the profile: base-url, account-type (direct|staffing|auto), concurrency')
    .addHelpText(
      'after',
      examples(['recruit config set base-url https://api.example.com/v1', 'recruit config set account-type staffing', 'recruit config set concurrency 8']),
    )
    .action(lazy(() => import('./commands/config/set.js')));
}

function addSandbox(program: Command, lazy: Lazy): void {
  const sandbox = program
    .command('sandbox')
    .description('run and control the local emulator of the Recruitment API v1')
    .addHelpText('after', examples(['recruit sandbox serve', 'recruit sandbox tokens', 'recruit sandbox approve 14']));

  sandbox
    .command('serve')
    .description('serve the sandbox API over HTTP until interrupted')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4010')
    .option('--state <file>', 'keep jobs in this file across restarts (default: in memory)')
    .option('--active-job-limit <n>', 'active jobs allowed per account', '50')
    .option('--faults <spec>', 'inject faults, e.g. "503=0.1,429=0.1,reset=0.05,latency=0-30"')
    .option('--rate-limit <rate>', 'limit each token to <n>/s or <n>/min, optionally ,burst=<n> (429 with Retry-After beyond it)')
    .addHelpText(
      'after',
      examples([
        'recruit sandbox serve',
        'recruit sandbox serve --port 0 --state ./sandbox.ndjson',
        'recruit sandbox serve --active-job-limit 3 --faults "503=0.2,latency=10-50,seed=7"',
        'recruit sandbox serve --rate-limit 50/s --faults "latency=20-40"',
        'curl -H "Authorization: Bearer sbx_direct_full" http://127.0.0.1:4010/v1/industries',
      ]),
    )
    .action(lazy(() => import('./commands/sandbox/serve.js')));

  sandbox
    .command('tokens')
    .description('list the sandbox bearer tokens: one per account and permission set')
    .addHelpText('after', examples(['recruit sandbox tokens', 'recruit sandbox tokens --json']))
    .action(lazy(() => import('./commands/sandbox/tokens.js')));

  for (const [verb, what, load] of [
    [
      'approve',
      'approve a job pending approval, which activates it (the active-job limit applies)',
      () => import('./commands/sandbox/approve.js'),
    ],
    ['reject', 'reject a job pending approval', () => import('./commands/sandbox/reject.js')],
  ] as const) {
    sandbox
      .command(`${verb} <jobId>`)
      .description(`${what}; on a running sandbox with --base-url, else on the embedded one`)
      .addHelpText(
        'after',
        examples([`recruit sandbox ${verb} 14`, `recruit sandbox ${verb} 14 --base-url http://127.0.0.1:4010/v1`]),
      )
      .action(lazy(load));
  }

  sandbox
    .command('reset')
    .description('restore the seeded state: seeded jobs only, no idempotency keys, no faults')
    .addHelpText('after', examples(['recruit sandbox reset', 'recruit sandbox reset --base-url http://127.0.0.1:4010/v1']))
    .action(lazy(() => import('./commands/sandbox/reset.js')));
}

function addHelp(program: Command, io: IO): void {
  // The topics are commands of their own under `help` (as in gh), so the completion scripts, which
  // read the command tree, offer them with their summaries.
  const help = program
    .command('help [command...]')
    .usage('[command...] | <topic>')
    .description(`show the help of a command (\`recruit help jobs create\`) or a topic: ${HELP_TOPICS.map((t) => t.name).join(', ')}`)
    .helpCommand(false)
    .commandsGroup('Topics:')
    .addHelpText('after', examples(['recruit help jobs create', ...HELP_TOPICS.map((t) => `recruit help ${t.name}`)]))
    .action(async (words: string[]) => (await import('./commands/help.js')).default(words, program));
  for (const topic of HELP_TOPICS) {
    help
      .command(topic.name)
      .description(topic.summary)
      .addHelpText('after', examples([`recruit help ${topic.name}`]))
      .action(async () => void io.stdout.write((await import('./commands/help/topics.js')).topicText(topic.name)));
  }
}

function addCompletion(program: Command, lazy: Lazy, wholeTree: () => Command): void {
  const completion = program
    .command('completion')
    .description(`print the Tab-completion script for a shell: ${SHELLS.join(', ')} (the same scripts are in completions/)`);
  completion
    .addArgument(completion.createArgument('<shell>', 'the shell to write the script for').choices(SHELLS))
    .addHelpText('after', examples(['recruit completion zsh', ...installExamples()]))
    // The script is generated from the whole tree, whichever branch this line built.
    .action(lazy(async () => {
      const { default: completion } = await import('./commands/completion.js');
      return { default: (ctx: Context, shell: Shell) => completion(ctx, shell, wholeTree()) };
    }));
}
