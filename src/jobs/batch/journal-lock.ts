// One run per journal at a time: two runs of the same file would each give the unfinished items a
// key of their own and create them twice. A lock left by a killed run (its process is gone) is
// taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { UsageError } from '../../cli/errors.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockJournal(journalFile: string, display: string): () => void {
  const lock = `${journalFile}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let pid = NaN;
      try {
        pid = Number(readFileSync(lock, 'utf8').trim());
      } catch {
        // removed meanwhile: try again
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new UsageError(
          `another run of \`recruit jobs create --file\` for ${display} is in progress (process ${pid})`,
          [],
          `wait for it to finish, or stop it; if no such run exists, remove ${lock}`,
        );
      }
      rmSync(lock, { force: true });
    }
  }
  throw new UsageError(`cannot lock the batch journal ${journalFile}`, [], `remove ${lock} and run the command again`);
}
