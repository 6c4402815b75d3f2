// Assembles the command tree. Command modules are imported only when their command runs, so that
// `recruit --help` and `recruit jobs get` load nothing they do not need. Given the command line,
// only the branch it names is built: `jobs get` adds no other command and none of their options
// (a millisecond or two of every start, docs/performance.md); without one, the root's commands and
// the groups without their verbs; for `help` or a word that names no command, the whole tree.
import { Command, Help } from '@commander-js/extra-typings';
import type { Command as Tree } from 'commander';
import { runAction, type Loader } from './entry/action.js';
import { globalsOf, withGlobalOptions, type GlobalFlags } from './context/global-options.js';
import type { IO } from './terminal/io.js';
import { helpLayout } from './terminal/help-layout.js';
import { addApi } from './commands/api/command.js';
import { addAuth } from './commands/auth/command.js';
import { addAuthLogin } from './commands/auth/login/command.js';
import { addAuthLogout } from './commands/auth/logout/command.js';
import { addAuthStatus } from './commands/auth/status/command.js';
import { addAuthToken } from './commands/auth/token/command.js';
import { addCompletion } from './commands/completion/command.js';
import { addConfig } from './commands/config/command.js';
import { addConfigGet } from './commands/config/get/command.js';
import { addConfigList } from './commands/config/list/command.js';
import { addConfigSet } from './commands/config/set/command.js';
import { asTree, examples, traitsOf, type Lazy, type Parent, type Traits } from './commands/define.js';
import { addHelp } from './commands/help/command.js';
import { topicsSection } from './commands/help/topic-index.js';
import { addJobsApply } from './commands/jobs/apply/command.js';
import { addJobsEdit } from './commands/jobs/edit/command.js';
import { addJobs } from './commands/jobs/command.js';
import { addJobsCreate } from './commands/jobs/create/command.js';
import { addJobsClose } from './commands/jobs/close/command.js';
import { addVersion } from './commands/version/command.js';
import { addStatus } from './commands/status/command.js';
import { addJobsDrafts } from './commands/jobs/drafts/command.js';
import { addJobsGet } from './commands/jobs/get/command.js';
import { addJobsList } from './commands/jobs/list/command.js';
import { addJobsPending } from './commands/jobs/pending/command.js';
import { addJobsStatus } from './commands/jobs/status/command.js';
import { addJobsUpdate } from './commands/jobs/update/command.js';
import { addJobsWait } from './commands/jobs/wait/command.js';
import { addLookup } from './commands/lookup/command.js';
import { addMcp } from './commands/mcp/command.js';
import { addSandboxApprove } from './commands/sandbox/approve/command.js';
import { addSandbox } from './commands/sandbox/command.js';
import { addSandboxReject } from './commands/sandbox/reject/command.js';
import { addSandboxReset } from './commands/sandbox/reset/command.js';
import { addSandboxServe } from './commands/sandbox/serve/command.js';
import { addSandboxTokens } from './commands/sandbox/tokens/command.js';
import { versionText } from './core/version.js';
import { traits as api } from './commands/api/traits.js';
import { traits as configList } from './commands/config/list/traits.js';
import { traits as jobsApply } from './commands/jobs/apply/traits.js';
import { traits as jobsCreate } from './commands/jobs/create/traits.js';
import { traits as jobsDrafts } from './commands/jobs/drafts/traits.js';
import { traits as jobsEdit } from './commands/jobs/edit/traits.js';
import { traits as jobsGet } from './commands/jobs/get/traits.js';
import { traits as jobsList } from './commands/jobs/list/traits.js';
import { traits as jobsPending } from './commands/jobs/pending/traits.js';
import { traits as jobsStatus } from './commands/jobs/status/traits.js';
import { traits as jobsUpdate } from './commands/jobs/update/traits.js';
import { traits as jobsWait } from './commands/jobs/wait/traits.js';
import { traits as mcp } from './commands/mcp/traits.js';
import { traits as lookup } from './commands/lookup/traits.js';
import { traits as sandboxApprove } from './commands/sandbox/approve/traits.js';
import { traits as sandboxReject } from './commands/sandbox/reject/traits.js';
import { traits as sandboxServe } from './commands/sandbox/serve/traits.js';
import { traits as sandboxTokens } from './commands/sandbox/tokens/traits.js';

/**
 * The traits of every command that declares some (its folder's traits.ts), for what must know them
 * before the tree is built: the fields a word after a spaced `--json` may name (entry/json-argument.ts).
 * Each command is given its own where it is defined; test/cli/command-traits.test.ts checks that
 * every one found in the tree is here.
 */
export const COMMAND_TRAITS: readonly Traits[] = [
  api,
  configList,
  jobsApply,
  jobsCreate,
  jobsDrafts,
  jobsEdit,
  jobsGet,
  jobsList,
  jobsPending,
  jobsStatus,
  jobsUpdate,
  jobsWait,
  lookup,
  mcp,
  sandboxApprove,
  sandboxReject,
  sandboxServe,
  sandboxTokens,
];

/** A subcommand's name and what adds it to its parent. */
type Branch = readonly [name: string, add: () => void];
/** A verb's name and what adds it to its noun. */
type Verb = readonly [name: string, add: (parent: Parent, lazy: Lazy) => void];

/** Adds the branch `name` names, or all of them when it names none (commander then suggests one). */
function addBranch(name: string | undefined, branches: readonly Branch[]): void {
  const named = branches.find(([n]) => n === name);
  if (named) named[1]();
  else for (const [, add] of branches) add();
}

/** Other names of verbs (gh's words): `jobs view` is `jobs get` (`jobs edit` is a command of its own). */
const VERB_ALIASES: Readonly<Record<string, string>> = { view: 'get' };

/** A noun's verbs: the one `verb` names, or all of them. */
function addVerbs(parent: Parent, lazy: Lazy, verb: string | undefined, verbs: readonly Verb[]): void {
  const name = verb !== undefined && Object.hasOwn(VERB_ALIASES, verb) ? VERB_ALIASES[verb] : verb;
  addBranch(name, verbs.map(([n, add]) => [n, () => add(parent, lazy)] as const));
}

/** The first two words of a command line that are neither options of the program nor their values. */
export function commandWords(argv: readonly string[], program: Pick<Parent, 'options'>): string[] {
  // --json's value is always joined to it (`--json=id`) by the time a line gets here (entry/json-argument.ts).
  const takesValue = new Set(program.options.filter((o) => o.required).flatMap((o) => [o.long, o.short]));
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (!arg.startsWith('-')) words.push(arg);
    else if (takesValue.has(arg)) i++;
  }
  return words;
}

/** `jobs get` for the command `get` under `jobs`: the words between the root and it. */
function commandPath(command: Parent): string {
  const names: string[] = [];
  for (let c: Parent | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The commands' actions (commands/define.ts, Lazy): each runs through runAction, told the traits its command declares. */
export const lazyActions =
  (io: IO, env: NodeJS.ProcessEnv): Lazy =>
  (load) =>
  (...args: unknown[]): Promise<void> => {
    const command = args[args.length - 1] as Parent;
    return runAction(io, env, globalsOf(command.optsWithGlobals() as GlobalFlags), load as unknown as Loader, args.slice(0, -1), { path: commandPath(command), traits: traitsOf(command) });
  };

export function buildProgram(io: IO, env: NodeJS.ProcessEnv, argv?: readonly string[]): Tree {
  const lazy = lazyActions(io, env);

  const program = withGlobalOptions(
    new Command('recruit')
      .description('Work a recruitment account from the terminal: jobs, lookups, a creation wizard and batch files')
      .version(versionText(), '-V, --version', 'print the version, the build and the Node.js running it')
      .helpOption('-h, --help', 'show help')
      .configureOutput({
        writeOut: (s) => io.stdout.write(s),
        writeErr: (s) => io.stderr.write(s),
        // The width of the streams help is written to (a test's too); 80 when not a terminal.
        getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns) || 80,
        getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns) || 80,
      })
      // Every command's help lists the options it inherits (as gh's "INHERITED FLAGS"); --version
      // only means something on its own.
      .configureHelp({
        ...helpLayout,
        showGlobalOptions: true,
        visibleGlobalOptions(cmd) {
          return Help.prototype.visibleGlobalOptions.call(this, cmd).filter((o) => o.long !== '--version');
        },
      })
      .exitOverride()
      .showSuggestionAfterError(true)
      // `help` is a command of ours, with topics; the groups (`recruit jobs help create`) inherit
      // commander's, which is given words of ours here.
      .helpCommand('help [command]', 'show the help of one of these commands (as <command> --help does)')
      .helpCommand(false),
  )
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
  const verb = (noun: string) => (command === noun ? subcommand : undefined);
  // A line that names no command (`recruit --help`, `recruit`) is answered by the root's help, which
  // lists the groups but none of their verbs: the groups are added without them. After `--` the
  // words are commander's to read (`recruit -- jobs get 1` runs jobs get): the whole tree.
  const groupsOnly = argv !== undefined && command === undefined && !argv.includes('--');
  const verbs = (parent: Parent, noun: string | undefined, list: readonly Verb[]) => (groupsOnly ? undefined : addVerbs(parent, lazy, noun === undefined ? undefined : verb(noun), list));
  // `help` reads the whole tree.
  addBranch(command === 'help' ? undefined : command, [
    ['lookup', () => addLookup(program, lazy)],
    [
      'jobs',
      () =>
        verbs(addJobs(program), 'jobs', [
          ['create', addJobsCreate],
          ['pending', addJobsPending],
          ['drafts', addJobsDrafts],
          ['get', addJobsGet],
          ['list', addJobsList],
          ['status', addJobsStatus],
          ['update', addJobsUpdate],
          ['apply', addJobsApply],
          ['edit', addJobsEdit],
          ['wait', addJobsWait],
          ['close', addJobsClose],
        ]),
    ],
    ['api', () => addApi(program, lazy)],
    ['version', () => addVersion(program, io)],
    ['status', () => addStatus(program, lazy)],
    ['mcp', () => addMcp(program, lazy)],
    [
      'auth',
      () =>
        verbs(addAuth(program), undefined, [
          ['login', addAuthLogin],
          ['status', addAuthStatus],
          ['logout', addAuthLogout],
          ['token', addAuthToken],
        ]),
    ],
    [
      'config',
      () =>
        verbs(addConfig(program), undefined, [
          ['list', addConfigList],
          ['get', addConfigGet],
          ['set', addConfigSet],
        ]),
    ],
    [
      'sandbox',
      () =>
        verbs(addSandbox(program), undefined, [
          ['serve', addSandboxServe],
          ['tokens', addSandboxTokens],
          ['approve', addSandboxApprove],
          ['reject', addSandboxReject],
          ['reset', addSandboxReset],
        ]),
    ],
    ['help', () => addHelp(program, io)],
    ['completion', () => addCompletion(program, lazy, () => buildProgram(io, env))],
  ]);
  return asTree(program);
}
