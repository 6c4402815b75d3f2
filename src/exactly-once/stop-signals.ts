// Ctrl-C and SIGTERM during the sending of a batch, a bulk change or an apply: no new request
// starts, the requests in flight are awaited, and the results are printed; a re-run resumes.
import type { StopReason } from './classify.js';

/** Why the run stops handing out items, once it does: set by the first reason. */
export interface Stopper {
  reason?: StopReason;
}

const SIGNALS: [NodeJS.Signals, StopReason][] = [
  ['SIGINT', 'interrupted'],
  ['SIGTERM', 'terminated'],
];

/** Sets `stopper.reason` on the first signal and says so; returns the removal of the handlers. */
export function onStopSignals(ctx: { info(text: string): void }, stopper: Stopper): () => void {
  const handlers = SIGNALS.map(([signal, reason]) => {
    const handler = () => {
      stopper.reason ??= reason;
      const again = signal === 'SIGINT' ? 'Ctrl-C again quits at once' : 'a second SIGTERM quits at once';
      ctx.info(`${reason}: waiting for the requests in flight (${again}; a re-run resumes)`);
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
