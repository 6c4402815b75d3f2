// Tests that count or emit a process's signal listeners see only their command's: the listeners
// other code of the process left are taken off before each test and put back after it. The files
// of a worker share their process (vitest.config.ts), and a spinner's cursor restorer (ora's
// restore-cursor, through signal-exit) stays for the life of the process once a test drew one.
import { afterEach, beforeEach } from 'vitest';

type Listener = (...args: unknown[]) => void;

export function useOwnSignalListeners(signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']): void {
  let foreign = new Map<NodeJS.Signals, Listener[]>();
  beforeEach(() => {
    foreign = new Map(signals.map((s) => [s, process.listeners(s) as Listener[]]));
    for (const s of signals) process.removeAllListeners(s);
  });
  afterEach(() => {
    for (const [s, listeners] of foreign) for (const l of listeners) process.on(s, l);
  });
}
