// Ctrl-C while one job is being sent (a field-flag create, --resume, the wizard): the request has
// left, so whether the job exists is not known until the service answers. The first Ctrl-C says so
// and waits for that answer; a second quits at once, the message having named what finds the job
// again. Without this, Node's default ended the process silently, and a user who started over could
// create a second job.
import type { Context } from '../context/context.js';
import { InterruptedError } from '../core/errors.js';

/** Sends; `interrupted` when Ctrl-C was pressed meanwhile (the caller reports the answer, then exits 130). */
export async function interruptibleSend<T>(ctx: Pick<Context, 'info'>, key: string, send: () => Promise<T>): Promise<{ value: T; interrupted: boolean }> {
  let interrupted = false;
  const onInterrupt = (): void => {
    interrupted = true;
    ctx.info(
      "interrupted: the job is being sent, waiting for the service's answer (Ctrl-C again quits at once; " +
        `then whether it was created is unknown: \`recruit jobs pending\` lists it, and \`recruit jobs create --resume ${key}\` ` +
        'finishes it without creating a second job)',
    );
  };
  process.once('SIGINT', onInterrupt);
  try {
    return { value: await send(), interrupted };
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** The exit of a send that Ctrl-C interrupted, once its answer is reported: 130, nothing more said. */
export const interruptedAfterSending = (): InterruptedError => new InterruptedError('interrupted while the job was sent', { reported: true });
