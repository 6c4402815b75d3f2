// Ctrl-C, SIGTERM, a closed terminal or console window (SIGHUP) and Ctrl-Break on Windows
// (SIGBREAK) during the sending of a batch, a bulk change or an apply: no new request starts, the
// requests in flight are awaited, and the results are printed; a re-run resumes. SIGHUP and
// SIGBREAK end the run as SIGTERM does (docs/decisions.md, "Hang-up and Ctrl-Break"). Windows ends
// a process some seconds after its console window closes, whatever it does: what was journalled
// stays, and the summary is written if there is time.
import type { StopReason } from './classify.js';

/** Why the run stops handing out items, once it does: set by the first reason. */
export interface Stopper {
  reason?: StopReason;
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

function announce(signal: NodeJS.Signals, reason: StopReason): string {
  if (signal === 'SIGINT') return `${reason}: waiting for the requests in flight (Ctrl-C again quits at once; a re-run resumes)`;
  if (REPEATED.has(signal)) return `${reason} (${signal}): waiting for the requests in flight (a re-run resumes)`;
  const which = signal === 'SIGTERM' ? '' : ` (${signal})`;
  return `${reason}${which}: waiting for the requests in flight (a second ${signal} quits at once; a re-run resumes)`;
}

/** Sets `stopper.reason` on the first signal and says so; returns the removal of the handlers. */
export function onStopSignals(ctx: { info(text: string): void }, stopper: Stopper): () => void {
  const handlers = SIGNALS.map(([signal, reason]) => {
    let told = false;
    const handler = () => {
      stopper.reason ??= reason;
      if (!told) ctx.info(announce(signal, reason));
      told = true;
    };
    if (REPEATED.has(signal)) process.on(signal, handler);
    else process.once(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
