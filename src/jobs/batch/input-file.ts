// The batch file to read twice (validate, then send) and its identity for the journal. stdin can
// be read only once, so it is spooled to a private file first, hashed on the way: the same content
// piped again is the same input, and a re-run resumes it.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createWriteStream, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../cli/errors.js';
import { stateDir } from '../../cli/paths.js';

export interface InputFile {
  /** The file to read: the user's file, or the spool of stdin. */
  path: string;
  /** What the journal is keyed by: the absolute path, or `stdin:<sha256 of the content>`. */
  identity: string;
  /** How messages name it. */
  display: string;
  dispose(): void;
}

const SPOOL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export async function openInput(ctx: Context, file: string): Promise<InputFile> {
  if (file === '-') return spoolStdin(ctx);
  const path = resolve(file);
  try {
    if (statSync(path).isDirectory()) throw new UsageError(`--file: cannot read "${file}": it is a directory`);
    closeSync(openSync(path, 'r'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--file: cannot read "${file}": ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  return { path, identity: path, display: file, dispose: () => undefined };
}

async function spoolStdin(ctx: Context): Promise<InputFile> {
  const dir = join(stateDir(ctx.env), 'journals', 'stdin');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  sweep(dir, Date.now());
  const path = join(dir, `${process.pid}-${randomBytes(6).toString('hex')}.input`);
  if (ctx.io.stdin.isTTY) ctx.info('reading jobs from stdin (end with Ctrl-D)');
  const hash = createHash('sha256');
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
  return { path, identity: `stdin:${hash.digest('hex')}`, display: '- (stdin)', dispose: () => rmSync(path, { force: true }) };
}

/** Spools left behind by a killed run. */
function sweep(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > SPOOL_MAX_AGE_MS) rmSync(file, { force: true });
    } catch {
      // gone already
    }
  }
}
