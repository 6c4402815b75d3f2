// `--sandbox`: the sandbox runs inside this process on a loopback port, with its state in the
// user's state directory so consecutive commands see the same jobs. Its account (and so its token)
// is chosen by --sandbox-account (sandbox-account.ts).
import { CliError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { embeddedSandboxStateFile } from '../core/paths.js';

export interface EmbeddedSandbox {
  baseUrl: string;
  close(): Promise<void>;
  /** The account a job of this sandbox belongs to: its admin routes act on any account's job. */
  accountOfJob(id: number): string | undefined;
}

export async function startEmbeddedSandbox(env: NodeJS.ProcessEnv): Promise<EmbeddedSandbox> {
  const { startSandbox, StateFileError } = await import('../sandbox/index.js');
  const limit = env.RECRUIT_SANDBOX_ACTIVE_JOB_LIMIT;
  try {
    const sandbox = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      stateFile: embeddedSandboxStateFile(env),
      activeJobLimit: limit ? Number(limit) : undefined,
    });
    return { baseUrl: sandbox.baseUrl, close: sandbox.close, accountOfJob: (id) => sandbox.store.jobs.get(id)?.account };
  } catch (error) {
    throw error instanceof StateFileError ? sandboxStateError(error) : error;
  }
}

/** A sandbox state file that cannot be used (damaged, unreadable): exit 1, its own code, not `internal`. */
export function sandboxStateError(error: Error): CliError {
  return new CliError(error.message, EXIT.API_FAILED, 'sandbox_state');
}
