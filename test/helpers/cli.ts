// Runs the CLI in-process with fake streams, or the built bin/recruit.js as a child process.
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/entry/run.js';
import type { Clock } from '../../src/core/clock.js';
import type { IO, Stream } from '../../src/terminal/io.js';
import type { Prompter } from '../../src/prompts/prompter.js';
import type { SecretStore } from '../../src/config/secret-store.js';
import { skippingClock } from './clock.js';
import { exitCode, spawnCollect } from './spawn.js';

/** The built executable, for a test that starts it itself. @spawns */
export const BIN = fileURLToPath(new URL('../../bin/recruit.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class Capture implements Stream {
  text = '';
  constructor(
    public isTTY = false,
    public columns = 100,
  ) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

export interface InProcessOptions {
  env?: NodeJS.ProcessEnv;
  tty?: boolean;
  stdin?: string | Buffer;
  /** The terminal's width (stdout and stderr); 100 unless told. */
  columns?: number;
  /** The entry point: run() unless told (runWithCommander, to compare with the plain `jobs get`). */
  via?: typeof run;
  /** What the command waits on: a clock that skips every wait unless told (test/helpers/clock.ts). */
  clock?: Clock;
  /** What answers the command's questions (test/helpers/fake-prompter.ts); asked only with `tty`. */
  prompter?: Prompter;
  /** Where tokens go instead of the OS keyring (test/helpers/fake-secret-store.ts). */
  secrets?: SecretStore;
  /** The stderr to write to, for a test that watches it while the command runs. */
  stderr?: Capture;
}

/** The CLI in this process: fast, and the place for most command tests. */
export async function runCli(args: string[], options: InProcessOptions = {}): Promise<CliResult> {
  const stdout = new Capture(options.tty ?? false, options.columns);
  const stderr = options.stderr ?? new Capture(options.tty ?? false, options.columns);
  const stdin = Readable.from(options.stdin === undefined ? [] : [options.stdin]) as IO['stdin'];
  stdin.isTTY = options.tty ?? false;
  const clock = options.clock ?? skippingClock();
  const io: IO = { stdin, stdout, stderr, clock, ...(options.prompter ? { prompter: options.prompter } : {}), ...(options.secrets ? { secrets: options.secrets } : {}) };
  const code = await (options.via ?? run)(args, io, { ...process.env, ...options.env });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

export interface BinOptions {
  env?: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
}

/** The built executable in a child process, to catch packaging faults. Needs `npm run build`. @spawns */
export async function runBin(args: string[], options: BinOptions = {}): Promise<CliResult> {
  const { done } = spawnCollect(process.execPath, [BIN, ...args], {
    env: { NO_COLOR: '1', ...options.env },
    input: options.input ?? '',
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const collected = await done;
  return { code: exitCode(collected), stdout: collected.stdout, stderr: collected.stderr };
}
