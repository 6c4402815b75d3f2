// Reading a CA file (--ca-file, RECRUIT_CA_FILE, the profile's `ca-file`, `config set ca-file`):
// a regular file of at most CA_FILE_MAX_BYTES, read within the command's deadline, else a usage
// error naming the file, the cap and the way around it (docs/reference/limits.md). A FIFO, a
// device (/dev/zero) or a directory is refused without being read; opened without blocking, and
// checked again once open, so one swapped in after the first look is refused too.
import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { CliError, UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';

/** A CA bundle is a few hundred KB (Mozilla's, every public root: some 220 KB); 4 MiB is far above any. */
export const CA_FILE_MAX_BYTES = 4 * 1024 * 1024;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;
const PEM_HINT = "give the path of a PEM file holding your organisation's CA certificate";

function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a named pipe (FIFO)';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

function sizeOf(bytes: number): string {
  const MiB = 1024 * 1024;
  return bytes >= MiB ? `${(bytes / MiB).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB` : `${Math.ceil(bytes / 1024)} KB`;
}

function notRegular(where: string, path: string, s: Stats): UsageError {
  return new UsageError(
    `${where} ${path} is ${kindOf(s)}, not a regular file: not read`,
    [],
    `${PEM_HINT}; certificates that come from a pipe or a device can be saved to a file first`,
  );
}

function tooLarge(where: string, path: string, size: string): UsageError {
  return new UsageError(
    `${where} ${path} is ${size}, over the ${sizeOf(CA_FILE_MAX_BYTES)} a CA file may be: not read`,
    [],
    "put only your organisation's CA certificates in it (a whole CA bundle is a few hundred KB); a larger file can go in NODE_EXTRA_CA_CERTS, which Node reads itself",
  );
}

async function readRegular(path: string, where: string): Promise<string> {
  let first: Stats;
  try {
    first = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${where} ${path} cannot be read${code ? ` (${code})` : ''}`, [], PEM_HINT);
  }
  if (!first.isFile()) throw notRegular(where, path, first);
  if (first.size > CA_FILE_MAX_BYTES) throw tooLarge(where, path, sizeOf(first.size));
  // O_NONBLOCK: were the path a FIFO by now, opening it would wait for a writer (Windows has no such flag, nor FIFOs).
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${where} ${path} cannot be read${code ? ` (${code})` : ''}`, [], PEM_HINT);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw notRegular(where, path, opened);
    if (opened.size > CA_FILE_MAX_BYTES) throw tooLarge(where, path, sizeOf(opened.size));
    if (opened.dev !== first.dev || opened.ino !== first.ino) throw new UsageError(`${where} ${path} changed while it was read: not read`, [], 'run the command again');
    // One byte more than it had tells a file that grew since it was looked at.
    const buffer = Buffer.alloc(opened.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > opened.size) throw new UsageError(`${where} ${path} changed while it was read: not read`, [], 'run the command again');
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    await handle.close();
  }
}

/**
 * The certificates of a CA file (PEM), or a usage error naming the file. Given up on after
 * `deadlineMs` (a file system that does not answer): exit 5, as a request past its deadline.
 */
export async function readCaFile(path: string, where: string, deadlineMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new CliError(`${where} ${path} was not read within ${deadlineMs / 1000} s`, EXIT.GAVE_UP, 'timeout', [], 'check the file system it is on, or raise the deadline with --timeout <seconds>')),
      deadlineMs,
    );
    timer.unref();
  });
  const reading = readRegular(path, where);
  reading.catch(() => undefined); // still failing after the deadline: the deadline's error was told
  let text: string;
  try {
    text = await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
  if (!PEM_CERTIFICATE.test(text)) {
    throw new UsageError(
      `${where} ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
      [],
      'export the CA certificate in PEM (Base-64) form; a .cer or .der file in binary form converts with `openssl x509 -inform der -in ca.cer -out ca.pem`',
    );
  }
  return text;
}
