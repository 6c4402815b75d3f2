// Drives a command inside a pseudo-terminal through test/helpers/pty-run.py: type keys, wait for
// text on the screen. The screen text has its terminal escape sequences removed.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

const DRIVER = fileURLToPath(new URL('./pty-run.py', import.meta.url));

export const KEY = {
  enter: '\r',
  up: '\u001b[A',
  down: '\u001b[B',
  ctrlC: '\u0003',
  /** What @inquirer's eraseLines writes for each line it erases. */
  eraseLine: '\u001b[2K',
} as const;

/** A command on a pseudo-terminal (python3's pty, test/helpers/pty-run.py). @spawns */
export class PtySession {
  private readonly child: ChildProcessWithoutNullStreams;
  private raw = '';
  private stderr = '';
  /** Where the next waitFor starts looking: output seen before the last keys typed is ignored. */
  private mark = 0;
  private waiters: Array<() => void> = [];
  readonly exited: Promise<number>;

  constructor(command: string[], env: NodeJS.ProcessEnv, size = { cols: 120, rows: 40 }) {
    this.child = spawn('python3', [DRIVER, '--cols', String(size.cols), '--rows', String(size.rows), '--', ...command], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.raw += d;
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    this.exited = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('close', (code, signal) => {
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code ?? (signal ? 128 : 1));
      });
    });
  }

  /** Everything the program wrote to the terminal, escape sequences and all. */
  get output(): string {
    return this.raw;
  }

  /** Everything the program showed, without escape sequences. */
  get screen(): string {
    return stripVTControlCharacters(this.raw);
  }

  /** The output since the last keys typed, escape sequences included (to see what was erased). */
  get rawSinceLastKeys(): string {
    return this.raw.slice(this.mark);
  }

  private get fresh(): string {
    return stripVTControlCharacters(this.raw.slice(this.mark));
  }

  type(keys: string): void {
    this.mark = this.raw.length;
    this.child.stdin.write(keys);
  }

  /** Waits until the output since the last keys typed shows `pattern`. */
  async waitFor(pattern: string | RegExp, timeoutMs = 20_000): Promise<string> {
    const found = () => {
      const text = this.fresh;
      return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
    };
    const deadline = Date.now() + timeoutMs;
    while (!found()) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`the program ended (${this.stderr.trim()}) before showing ${String(pattern)}; screen:\n${this.screen.slice(-3000)}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${String(pattern)}; screen since the last keys:\n${this.fresh.slice(-3000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.fresh;
  }

  /** Waits for `pattern`, then types `keys`. */
  async answer(pattern: string | RegExp, keys: string, timeoutMs?: number): Promise<void> {
    await this.waitFor(pattern, timeoutMs);
    this.type(keys);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
  }
}
