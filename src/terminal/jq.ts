// --jq: jq itself, compiled to WebAssembly (the jq-web package), so no jq program is needed on the
// user's machine (Windows has none by default). It runs in a worker thread (jq-worker.cjs) where
// it can be stopped: its memory bounded there, its time here, the worker ended when a filter
// passes either (docs/reference/limits.md; docs/decisions.md, "--jq"). Loaded only when --jq is
// given: the worker reads a 2.7 MB .wasm file when it starts.
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { UsageError } from '../core/errors.js';
import { describeMemory, describeTime, jqLimits, JQ_SCRIPT_HEAP_MIB, JQ_TIMEOUT_S, JqStopped, type JqBases, type JqLimits } from './jq-limits.js';


interface Reply {
  id?: number;
  ready?: boolean;
  ok?: boolean;
  output?: Uint8Array[];
  stderr?: string;
  overBudget?: boolean;
  message?: string;
}

/** jq's own message, without the runtime's "Non-zero exit code" line. */
function messageOf({ stderr, message }: Reply): string {
  const text = typeof stderr === 'string' && stderr.trim() ? stderr : String(message);
  return text
    .split('\n')
    .filter((line) => line.trim() && !/^Non-zero exit code/.test(line) && !/^undefined/.test(line))
    .join('\n');
}

/** Beside this module: src/terminal/ under tests, the bundle's chunks/ directory in the built CLI. */
const WORKER_FILE = join(__dirname, 'jq-worker.cjs');

export class Jq {
  private next = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly bases: JqBases,
  ) {}

  /**
   * Starts jq in its worker. Its start and the check of an expression take at least the default
   * time limit whatever the limit set: on a busy machine a worker may take a second to start.
   */
  static async load(bases: JqBases): Promise<Jq> {
    const { Worker } = await import('node:worker_threads');
    // stdout and stderr kept from the user's: the worker prints nothing, and a stray line would not be its to print.
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: JQ_SCRIPT_HEAP_MIB }, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    const jq = new Jq(worker, bases);
    const ready = await jq.exchange(undefined, jq.startLimits());
    if (!ready.ready) throw new Error(`jq could not start: ${ready.message}`);
    return jq;
  }

  /**
   * Refuses an expression jq cannot compile, before the command sends anything: compiled inside a
   * branch that never runs, so no input is needed and a run-time error cannot be mistaken for it.
   */
  async check(expression: string): Promise<void> {
    const limits = this.startLimits();
    const wrapped = await this.exchange({ input: 'null', expression: `if false then (${expression}\n) else empty end`, flags: ['-n'] }, limits);
    if (wrapped.ok) return;
    // jq's message about the expression itself (its lines, not the wrapper's): it fails to compile alone too.
    const alone = await this.exchange({ input: 'null', expression, flags: ['-n'] }, limits);
    const message = alone.ok ? 'jq cannot compile it' : messageOf(alone);
    throw new UsageError(`--jq: the expression does not compile: ${message}`, [], "jq's language: https://jqlang.org/manual/");
  }

  /**
   * jq's output for `json`, strings raw as gh's --jq prints them, and jq's own messages (`debug`);
   * a JqStopped past a limit, an Error with jq's message when the filter fails on the JSON.
   */
  async run(json: string, expression: string): Promise<{ output: string; messages: string }> {
    const input = new TextEncoder().encode(json); // its own buffer, handed to the worker without a copy
    const limits = jqLimits(this.bases, input.length);
    const reply = await this.exchange({ input, expression, flags: ['-r'] }, limits);
    if (reply.ok) return { output: Buffer.concat(reply.output ?? []).toString('utf8'), messages: reply.stderr ?? '' };
    if (reply.overBudget) throw new JqStopped('memory', `used more than ${describeMemory(limits.memoryBytes)} of memory`);
    throw new Error(messageOf(reply));
  }

  private startLimits(): JqLimits {
    return jqLimits({ ...this.bases, timeoutS: Math.max(this.bases.timeoutS, JQ_TIMEOUT_S) }, 0);
  }

  /** Ends the worker; a filter stopped at a limit has ended it already. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }

  /**
   * One request to the worker (none: the worker's first word, that it is ready), answered within
   * the deadline, else the worker is ended. While none is pending the worker does not keep the
   * process alive.
   */
  private exchange(request: { input: string | Uint8Array; expression: string; flags: string[] } | undefined, limits: JqLimits): Promise<Reply> {
    const id = request ? ++this.next : undefined;
    const worker = this.worker;
    return new Promise<Reply>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        worker.unref();
        outcome();
      };
      const timer = setTimeout(() => {
        void worker.terminate();
        settle(() => reject(new JqStopped('time', `ran longer than ${describeTime(limits.deadlineMs)}`)));
      }, limits.deadlineMs);
      const onMessage = (reply: Reply) => {
        if (reply.id === id) settle(() => resolve(reply));
      };
      // The worker's JavaScript heap (jq-web's own, and its copy of jq's messages) past its resourceLimits.
      const onError = (error: Error & { code?: string }) =>
        settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new JqStopped('memory', `used more than ${describeMemory(limits.memoryBytes)} of memory`) : error));
      const onExit = (code: number) => settle(() => reject(new Error(`jq's worker ended (exit code ${code})`)));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.ref();
      if (request) {
        const transfer = typeof request.input === 'string' ? [] : [request.input.buffer as ArrayBuffer];
        worker.postMessage({ id, ...request, memoryBytes: limits.memoryBytes }, transfer);
      }
    });
  }
}
