// --jq: jq itself, compiled to WebAssembly (the jq-web package), so no jq program is needed on the
// user's machine (Windows has none by default). Loaded only when --jq is given: its module reads a
// 2.7 MB .wasm file beside it when it is first required (docs/decisions.md, "--jq").
import { UsageError } from '../core/errors.js';
import type { JqWeb } from './jq-engine.js';

/** jq's own message, without the runtime's "Non-zero exit code" line. */
function messageOf(error: unknown): string {
  const { stderr, message } = (error ?? {}) as { stderr?: unknown; message?: unknown };
  const text = typeof stderr === 'string' && stderr.trim() ? stderr : String(message ?? error);
  return text
    .split('\n')
    .filter((line) => line.trim() && !/^Non-zero exit code/.test(line) && !/^undefined/.test(line))
    .join('\n');
}

export class Jq {
  private constructor(private readonly jq: JqWeb) {}

  static async load(): Promise<Jq> {
    const { jqWeb } = await import('./jq-engine.js');
    return new Jq(await jqWeb());
  }

  /** jq's output for `json` (text), strings raw as gh's --jq prints them. */
  run(json: string, expression: string): string {
    return this.call(() => this.jq.raw(json, expression, ['-r']));
  }

  /**
   * Refuses an expression jq cannot compile, before the command sends anything: compiled inside a
   * branch that never runs, so no input is needed and a run-time error cannot be mistaken for it.
   */
  check(expression: string): void {
    try {
      this.call(() => this.jq.raw('null', `if false then (${expression}\n) else empty end`, ['-n']));
    } catch {
      // jq's message about the expression itself (its lines, not the wrapper's): it fails to compile alone too.
      let message = 'jq cannot compile it';
      try {
        this.call(() => this.jq.raw('null', expression, ['-n']));
      } catch (error) {
        message = messageOf(error);
      }
      throw new UsageError(`--jq: the expression does not compile: ${message}`, [], 'jq\'s language: https://jqlang.org/manual/');
    }
  }

  // The runtime sets process.exitCode when jq fails; the CLI's exit code is its own (main.ts).
  private call(work: () => string): string {
    const before = process.exitCode;
    try {
      return work() ?? '';
    } finally {
      process.exitCode = before;
    }
  }
}

/** A jq error while filtering the output: the command has run, the expression failed on its JSON. */
export function jqFailure(error: unknown): string {
  return `--jq: ${messageOf(error)}`;
}
