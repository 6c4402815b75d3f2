// The options every command takes: declared here, on the root command (program.ts), and typed
// from that declaration, so an option added, renamed or given a value is the type's change too.
import { Option, type Command } from '@commander-js/extra-typings';
import { SANDBOX_ACCOUNTS } from './sandbox-account.js';

/** Adds the global options to the root command. */
export function withGlobalOptions(program: Command) {
  return program
    .option('--profile <name>', 'settings profile to use (env RECRUIT_PROFILE)')
    .option('--base-url <url>', 'API base URL including /v1 (env RECRUIT_BASE_URL)')
    .option('--sandbox', 'use the embedded sandbox instead of a real account')
    .addOption(
      new Option('--sandbox-account <account>', 'the account of the embedded sandbox (env RECRUIT_SANDBOX_ACCOUNT; default direct)')
        .choices(SANDBOX_ACCOUNTS),
    )
    .option('--json [fields]', 'JSON on stdout: everything, or only these fields (comma separated; --json= lists them)')
    .option('--jq <expression>', 'filter the JSON output through a jq expression (implies --json; no jq program needed; stopped past 256 MiB or 10 s, more for a larger output)')
    .option('--no-color', 'disable colour')
    .option('--verbose', 'print each request and response on stderr (token redacted)')
    .option('-y, --yes', 'never prompt; fail when input is missing')
    .option('--insecure-http', 'allow plain http:// to a host that is not loopback')
    .option('--timeout <seconds>', 'give up on an API request after this long, retries and waits included (default 120)')
    .option('--max-response-size <MiB>', 'read at most this much of one answer (default 32)')
    .option('--ca-file <pem>', "trust the CA certificates in this PEM file as well as Node's own (env RECRUIT_CA_FILE; a regular file of at most 4 MiB)");
}

/** The global options as commander parses them. */
export type GlobalFlags = ReturnType<ReturnType<typeof withGlobalOptions>['opts']>;

/**
 * The global options as a command's context takes them: `json` whenever JSON is on stdout
 * (`--json`, with or without fields, or `--jq`), and `jsonFields` the fields `--json <fields>`
 * keeps ('' lists them; entry/shaped-action.ts).
 */
export type GlobalOptions = Omit<GlobalFlags, 'json'> & { json?: boolean; jsonFields?: string };

/** commander's options of the root as the context takes them. */
export function globalsOf(flags: GlobalFlags): GlobalOptions {
  const { json, ...rest } = flags;
  return {
    ...rest,
    ...(json !== undefined || rest.jq !== undefined ? { json: true } : {}),
    ...(typeof json === 'string' ? { jsonFields: json } : {}),
  };
}
