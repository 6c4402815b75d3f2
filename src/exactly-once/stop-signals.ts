// Ctrl-C, SIGTERM, a closed terminal or console window (SIGHUP) and Ctrl-Break on Windows
// (SIGBREAK) during the sending of a batch, a bulk change or an apply: no new request starts, the
// requests in flight are awaited, and the results are printed; a re-run resumes. SIGHUP and
// SIGBREAK end the run as SIGTERM does (docs/decisions.md, "Hang-up and Ctrl-Break"). Windows ends
// a process some seconds after its console window closes, whatever it does: what was journalled
// stays, and the summary is written if there is time.
import { EXIT, type ExitCode } from '../core/exit-codes.js';
import type { ItemError, StopReason } from './classify.js';

/** Why the run stops handing out items, once it does: set by the first reason. */
export interface Stopper {
  reason?: StopReason;
  /**
   * Set while requests are in flight (untilForced): a second Ctrl-C, SIGTERM or SIGBREAK calls it,
   * and the run reports at once without awaiting them. Unset, the second signal quits at once.
   */
  force?: () => void;
  /** A second signal came: the requests in flight were not awaited (their outcome is not known). */
  forced?: boolean;
}

const SIGNALS: [NodeJS.Signals, StopReason][] = [
  ['SIGINT', 'interrupted'],
  ['SIGTERM', 'terminated'],
  ['SIGHUP', 'terminated'],
  // Node emits it only on Windows; elsewhere listening for it does nothing.
  ['SIGBREAK', 'terminated'],
];

/**
 * A hang-up may come more than once (the terminal to the process, the shell to its jobs), and there
 * is no one left to ask for a quicker end: every SIGHUP is handled. Of the others, the second
 * quits at once, as the user asked twice.
 */
const REPEATED: ReadonlySet<NodeJS.Signals> = new Set(['SIGHUP']);

function announce(signal: NodeJS.Signals, reason: StopReason, forceable: boolean): string {
  const quits = forceable ? 'stops waiting' : 'quits at once';
  if (signal === 'SIGINT') return `${reason}: waiting for the requests in flight (Ctrl-C again ${quits}; a re-run resumes)`;
  if (REPEATED.has(signal)) return `${reason} (${signal}): waiting for the requests in flight (a re-run resumes)`;
  const which = signal === 'SIGTERM' ? '' : ` (${signal})`;
  return `${reason}${which}: waiting for the requests in flight (a second ${signal} ${quits}; a re-run resumes)`;
}

/**
 * Sets `stopper.reason` on the first signal and says so; returns the removal of the handlers. The
 * second (not of SIGHUP) stops awaiting the requests in flight when the run can report without
 * them (`stopper.force`), and otherwise quits at once, as the signal does with no handler.
 */
export function onStopSignals(ctx: { info(text: string): void }, stopper: Stopper): () => void {
  const handlers = SIGNALS.flatMap(([signal, reason]) => {
    let told = false;
    const again = () => {
      if (!stopper.force) {
        // The sending ended between the two signals: quit at once, as the signal does unhandled.
        off();
        process.kill(process.pid, signal);
        return;
      }
      stopper.forced = true;
      ctx.info(`${reason} again: not waiting for the requests in flight (their outcome is not known; a re-run re-sends them with their original key)`);
      stopper.force();
    };
    const handler = () => {
      stopper.reason ??= reason;
      if (!told) ctx.info(announce(signal, reason, stopper.force !== undefined));
      told = true;
      // A run that cannot report without its requests in flight leaves the second to quit at once.
      if (stopper.force && !REPEATED.has(signal)) process.once(signal, again);
    };
    if (REPEATED.has(signal)) process.on(signal, handler);
    else process.once(signal, handler);
    return [[signal, handler] as const, [signal, again] as const];
  });
  const off = () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  return off;
}

/**
 * A promise that settles when a second signal asks not to wait for the requests in flight, for a
 * run to race its sending against; `off()` once the sending is over.
 */
export function untilForced(stopper: Stopper): { forced: Promise<void>; off(): void } {
  let resolve!: () => void;
  const forced = new Promise<void>((r) => (resolve = r));
  stopper.force = resolve;
  return {
    forced,
    off: () => {
      if (stopper.force === resolve) delete stopper.force;
    },
  };
}

/** What an item sent and not awaited (a second signal) is: its outcome is not known. */
export function notAwaited(stopper: Stopper): { error: ItemError; exit: ExitCode } {
  return {
    error: { code: 'not_awaited', message: 'sent, its answer not awaited (stopped twice): whether it was done is not known', status: null },
    exit: stopper.reason === 'terminated' ? EXIT.TERMINATED : EXIT.INTERRUPTED,
  };
}
