// A Context for the wizard against a test sandbox: fake terminal streams, a token and a state
// directory of its own, so drafts and submissions of one test never meet another's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach } from 'vitest';
import type { Context } from '../../src/context/context.js';
import { createContext } from '../../src/context/create-context.js';
import type { IO } from '../../src/terminal/io.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { Capture } from '../helpers/cli.js';

export interface WizardContextOptions {
  token?: string;
  accountType?: 'direct' | 'staffing';
  json?: boolean;
  /** Share a state directory with an earlier context (a second run of the wizard). */
  stateDir?: string;
  /** A config directory of its own (what `account-type auto` learned is kept there). */
  configDir?: string;
}

export interface WizardContext {
  ctx: Context;
  stdout: Capture;
  stderr: Capture;
  stateDir: string;
  keys: string[];
}

export function wizardContext(sandbox: RunningSandbox, options: WizardContextOptions = {}): WizardContext {
  const stdout = new Capture(true);
  const stderr = new Capture(true);
  const stdin = Readable.from([]) as IO['stdin'];
  stdin.isTTY = true;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'recruit-wizard-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RECRUIT_STATE_DIR: stateDir,
    RECRUIT_TOKEN: options.token ?? 'sbx_direct_full',
    RECRUIT_BASE_URL: sandbox.baseUrl,
    ...(options.accountType ? { RECRUIT_ACCOUNT_TYPE: options.accountType } : {}),
    ...(options.configDir ? { RECRUIT_CONFIG_DIR: options.configDir } : {}),
  };
  delete env.CI;
  const ctx = createContext({ stdin, stdout, stderr }, env, { color: false, json: options.json });
  // Record every key the wizard takes, to find its submissions.
  const keys: string[] = [];
  const newKey = ctx.newKey;
  ctx.newKey = () => {
    const key = newKey();
    keys.push(key);
    return key;
  };
  return { ctx, stdout, stderr, stateDir, keys };
}

/**
 * Makes wizard contexts as wizardContext does, each disposed after its test (the client, the
 * embedded sandbox): `const newWizard = useWizardContexts();` at the top of a test file.
 */
export function useWizardContexts(): (sandbox: RunningSandbox, options?: WizardContextOptions) => WizardContext {
  const made: Context[] = [];
  afterEach(async () => {
    for (const ctx of made.splice(0)) await ctx.dispose();
  });
  return (sandbox, options = {}) => {
    const w = wizardContext(sandbox, options);
    made.push(w.ctx);
    return w;
  };
}

export async function setFaults(sandbox: RunningSandbox, spec: string): Promise<void> {
  const res = await request(`${sandbox.origin}/_sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ spec }),
  });
  await res.body.text();
  if (res.statusCode !== 200) throw new Error(`PUT /_sandbox/faults answered ${res.statusCode}`);
}
