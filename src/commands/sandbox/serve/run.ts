// `recruit sandbox serve`: the sandbox as a standalone server, until SIGINT or SIGTERM.
import type { Uses } from '../../../context/context.js';
import { sandboxStateError } from '../../../context/embedded-sandbox.js';
import { UsageError } from '../../../core/errors.js';
import { writeJson } from '../../../terminal/output.js';
import type { ServeOptions } from './flags.js';

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function rateText(rate: { limit: string; burst?: number }): string {
  return rate.limit === 'off' ? '' : `, rate limit ${rate.limit} per token with a burst of ${rate.burst}`;
}

export default async function serve(ctx: Uses<'io' | 'globals' | 'color'>, options: ServeOptions): Promise<void> {
  const port = wholeNumber('--port', options.port, 0, 65535);
  const activeJobLimit = wholeNumber('--active-job-limit', options.activeJobLimit, 0, 1_000_000);
  const { startSandbox, FaultSpecError, RateLimitSpecError, StateFileError } = await import('../../../sandbox/index.js');
  let sandbox;
  try {
    sandbox = await startSandbox({ host: options.host, port, stateFile: options.state, activeJobLimit, faults: options.faults, rateLimit: options.rateLimit });
  } catch (error) {
    if (error instanceof FaultSpecError) throw new UsageError(`--faults: ${error.message}`);
    if (error instanceof RateLimitSpecError) throw new UsageError(`--rate-limit: ${error.message}`);
    if (error instanceof StateFileError) throw sandboxStateError(error);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${options.host} is already in use`, [], 'pass --port 0 to pick a free port');
    throw error;
  }

  if (ctx.globals.json) await writeJson(ctx, { baseUrl: sandbox.baseUrl, origin: sandbox.origin });
  else ctx.io.stdout.write(`${sandbox.baseUrl}\n`);
  ctx.io.stderr.write(
    [
      `Sandbox API listening on ${sandbox.baseUrl} (active-job limit ${activeJobLimit}${options.faults ? `, faults "${options.faults}"` : ''}${rateText(sandbox.rateLimit.describe())})`,
      `State: ${options.state ?? 'in memory (pass --state <file> to keep it)'}`,
      'Tokens: `recruit sandbox tokens`; the direct account with every permission is sbx_direct_full',
      `Try:    curl -H "Authorization: Bearer sbx_direct_full" ${sandbox.baseUrl}/industries`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sandbox.close();
  ctx.io.stderr.write('Sandbox stopped.\n');
}
