// The options every command takes (program.ts declares them), as commander hands them over.

export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  /** JSON on stdout: --json, with or without fields, or --jq. */
  json?: boolean;
  /** `--json <fields>`: the comma-separated fields to keep ('' lists them); see entry/shaped-action.ts. */
  jsonFields?: string;
  /** `--jq <expression>`: the JSON output goes through jq. */
  jq?: string;
  color: boolean;
  verbose?: boolean;
  yes?: boolean;
  insecureHttp?: boolean;
  /** Seconds one API request may take, retries and waits included. */
  timeout?: string;
  /** MiB of one answer read at most. */
  maxResponseSize?: string;
  /** The embedded sandbox's account (with --sandbox); see sandbox-account.ts. */
  sandboxAccount?: string;
  /** A PEM file of certificates to trust besides Node's own. */
  caFile?: string;
}
