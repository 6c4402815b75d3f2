// Whether a process of this host is running: for locks and stdin copies left by runs that were killed.
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // running, as another user
  }
}
