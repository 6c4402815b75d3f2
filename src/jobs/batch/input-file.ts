// The batch file to read twice (validate, then send) and its identity for the journal: the file's
// real path (a symlink or a relative path to the same file is the same input). stdin can be read
// only once, so it is spooled to a private file first, hashed on the way: the same content piped
// again is the same input, and a re-run resumes it.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createWriteStream, openSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Uses } from '../../context/context.js';
import { LocalStateError, UsageError } from '../../core/errors.js';
import { journalsDir } from '../../core/paths.js';
import { makeDirectory, nodeFs } from '../../core/state-fs.js';
import { isRunning } from '../../exactly-once/process-alive.js';

export interface InputFile {
  /** The file to read: the user's file, or the spool of stdin. */
  path: string;
  /** What the journal is keyed by: the real path, or `stdin:<sha256 of the content>`. */
  identity: string;
  /** How messages name it. */
  display: string;
  dispose(): void;
}

export async function openInput(ctx: Uses<'io' | 'env' | 'info'>, file: string): Promise<InputFile> {
  if (file === '-') return spoolStdin(ctx);
  let path: string;
  try {
    path = realpathSync(file);
    if (statSync(path).isDirectory()) throw new UsageError(`--file: cannot read "${file}": it is a directory`);
    closeSync(openSync(path, 'r'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--file: cannot read "${file}": ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  return { path, identity: path, display: file, dispose: () => undefined };
}

const spoolDir = (env: NodeJS.ProcessEnv) => join(journalsDir(env), 'stdin');

async function spoolStdin(ctx: Uses<'io' | 'env' | 'info'>): Promise<InputFile> {
  const dir = spoolDir(ctx.env);
  const path = join(dir, `${process.pid}-${randomBytes(6).toString('hex')}.input`);
  if (ctx.io.stdin.isTTY) ctx.info('reading jobs from stdin (end with Ctrl-D)');
  const hash = createHash('sha256');
  try {
    makeDirectory(nodeFs, dir);
    await pipeline(
      ctx.io.stdin,
      async function* (source: AsyncIterable<Buffer | string>) {
        for await (const chunk of source) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
          hash.update(bytes);
          yield bytes;
        }
      },
      createWriteStream(`${path}.tmp`, { mode: 0o600 }),
    );
    renameSync(`${path}.tmp`, path);
  } catch (error) {
    rmSync(`${path}.tmp`, { force: true });
    if (!(error as NodeJS.ErrnoException).code || (error as NodeJS.ErrnoException).syscall === 'read') throw error;
    throw new LocalStateError('keep a copy of stdin in', dir, error, 'nothing was sent');
  }
  return { path, identity: `stdin:${hash.digest('hex')}`, display: '- (stdin)', dispose: () => rmSync(path, { force: true }) };
}

/** Removes the stdin copies of runs that ended without removing theirs (killed): the name starts with the run's pid. */
export function sweepSpools(env: NodeJS.ProcessEnv): void {
  let names: string[];
  try {
    names = readdirSync(spoolDir(env));
  } catch {
    return; // none yet
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(join(spoolDir(env), name), { force: true });
  }
}
