// Long output on a terminal goes through a pager, as gh and git do: RECRUIT_PAGER, else PAGER, else
// `less` with LESS=FRX (quit when the text fits one screen, keep colours, leave the screen as it
// is). Never in a pipe, on a dumb terminal, or when the pager is set to '' or 'cat'. The pager
// starts on the first write, after the command has fetched what it prints (its spinner is gone).
import type { ChildProcess } from 'node:child_process';
import type { Stream } from './io.js';
import { spawnUserCommand, splitWords } from './user-command.js';

/** The pager's command line, or undefined when nothing is to be paged. */
export function pagerCommand(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  // Windows has no `less` of its own: page there only when the user names a pager.
  const fallback = platform === 'win32' ? '' : 'less';
  const line = (env.RECRUIT_PAGER ?? env.PAGER ?? fallback).trim();
  const words = splitWords(line);
  if (words.length === 0 || (words.length === 1 && words[0] === 'cat')) return undefined;
  return line;
}

export interface Paged {
  /** What the command writes to: the pager's input once it runs, the terminal if it cannot start. */
  stream: Stream;
  /** Ends the pager's input and waits until the user has left it. */
  finish(): Promise<void>;
}

/** A stdout that pages when stdout is a terminal and a pager is set; undefined otherwise. */
export function pagedStdout(stdout: Stream, env: NodeJS.ProcessEnv, warn: (message: string) => void): Paged | undefined {
  if (stdout.isTTY !== true || env.TERM === 'dumb') return undefined;
  const command = pagerCommand(env);
  if (!command) return undefined;
  return new PagerStream(stdout, command, env, warn);
}

class PagerStream implements Stream, Paged {
  readonly isTTY = true;
  private child: ChildProcess | undefined;
  private pending: string[] | undefined;
  private direct = false;
  private closed = false;
  private started: Promise<void> | undefined;

  constructor(
    private readonly terminal: Stream,
    private readonly command: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly warn: (message: string) => void,
  ) {}

  get stream(): Stream {
    return this;
  }

  get columns(): number | undefined {
    return this.terminal.columns;
  }

  write(chunk: string): boolean {
    if (this.direct) return this.terminal.write(chunk);
    if (this.closed) return true; // the user has left the pager: the rest is not wanted
    if (!this.started) this.start();
    if (this.pending) {
      this.pending.push(chunk);
      return true;
    }
    return this.child!.stdin!.write(chunk);
  }

  once(event: 'drain' | 'close', listener: () => void): unknown {
    if (this.direct) return this.terminal.once?.(event, listener);
    return this.child?.stdin?.once(event, listener);
  }

  off(event: 'drain' | 'close', listener: () => void): unknown {
    if (this.direct) return this.terminal.off?.(event, listener);
    return this.child?.stdin?.off(event, listener);
  }

  private start(): void {
    this.pending = [];
    const child = spawnUserCommand(this.command, [], {
      stdio: ['pipe', 'inherit', 'inherit'],
      env: { ...this.env, LESS: this.env.LESS ?? 'FRX', LV: this.env.LV ?? '-c' },
    });
    this.child = child;
    // A pager the user quits early closes its input: what is still written is dropped.
    child.stdin!.on('error', () => {
      this.closed = true;
    });
    this.started = new Promise<void>((resolve) => {
      child.once('spawn', () => {
        const pending = this.pending!;
        this.pending = undefined;
        for (const chunk of pending) child.stdin!.write(chunk);
        resolve();
      });
      child.once('error', (error) => {
        this.warn(`could not start the pager "${this.command}" (${(error as NodeJS.ErrnoException).code ?? error.message}): printing directly; set RECRUIT_PAGER to another pager, or to "" for none`);
        const pending = this.pending ?? [];
        this.pending = undefined;
        this.direct = true;
        this.child = undefined;
        for (const chunk of pending) this.terminal.write(chunk);
        resolve();
      });
    });
  }

  async finish(): Promise<void> {
    if (!this.started) return;
    await this.started;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('close', () => resolve());
      child.stdin!.end();
    });
  }
}
