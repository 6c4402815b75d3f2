// Runs one command line: parse, dispatch, and turn any failure into a message and an exit code.
// Commander and the command tree load only for lines that need them (plain-jobs-get.ts).
import type { CommanderError } from 'commander';
import { ApiError } from '../api/errors.js';
import { runAction } from './action.js';
import { toCliError } from '../core/api-failure.js';
import { CliError, InterruptedError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { colorEnabled, processIO, type IO } from '../terminal/io.js';
import { paint, type Hue } from '../terminal/paint.js';
import { plainJobsGet } from './plain-jobs-get.js';
import { escapeJson, sanitize } from '../core/sanitize.js';
import { traits as jobsGet } from '../commands/jobs/get/traits.js';

export async function run(argv: string[], io: IO = processIO(), env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const plain = plainJobsGet(argv);
  if (!plain) return runWithCommander(argv, io, env);
  return settle(argv, io, env, () => runAction(io, env, plain.globals, () => import('../commands/jobs/get/run.js'), [plain.jobId, plain.options], { path: 'jobs get', traits: jobsGet }));
}

/** The line parsed by commander, whatever it is (run() takes this way for all but a plain `jobs get`). */
export function runWithCommander(argv: string[], io: IO = processIO(), env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return settle(argv, io, env, async () => {
    const { buildProgram, COMMAND_TRAITS } = await import('../program.js');
    const line = argv.includes('--json') ? (await import('./json-argument.js')).settleJsonArgument(argv, COMMAND_TRAITS) : argv;
    await buildProgram(io, env, line).parseAsync(line, { from: 'user' });
  });
}

async function settle(argv: string[], io: IO, env: NodeJS.ProcessEnv, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return EXIT.OK;
  } catch (error) {
    // On a terminal a person reads the error, whatever the output's form (as gh): JSON in a pipe or a file.
    const colour = colorEnabled(io.stderr, env, !argv.includes('--no-color'));
    return report(error, io, argv.some(isJsonFlag) && io.stderr.isTTY !== true, argv.includes('--verbose'), colour);
  }
}

/** --json, --json=<fields>, --jq: errors are JSON too, unless stderr is a terminal. */
const isJsonFlag = (arg: string): boolean => /^--(json|jq)(=|$)/.test(arg);

/** Commander's own errors (it has printed them, or the help or version it was asked for) carry a `commander.` code. */
function isCommanderError(error: unknown): error is CommanderError {
  const { code, exitCode } = (error ?? {}) as { code?: unknown; exitCode?: unknown };
  return error instanceof Error && typeof code === 'string' && code.startsWith('commander.') && typeof exitCode === 'number';
}

export function report(thrown: unknown, io: IO, json: boolean, verbose: boolean, colour = false): number {
  const label = (text: string, hue: Hue) => (colour ? paint(hue, text) : text);
  const error = thrown instanceof ApiError ? toCliError(thrown) : thrown;
  if (isCommanderError(error)) {
    // Commander has already printed its message (or the help/version it was asked for).
    return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  }
  if (error instanceof CliError) {
    if (error instanceof InterruptedError && error.reported && !json) return error.exitCode;
    if (json) {
      const { code, message, status, retryable, details } = error;
      const body = { error: { code, message, status, retryable, details } };
      io.stderr.write(`${escapeJson(JSON.stringify(body))}\n`);
    } else {
      io.stderr.write(`${label('error:', 'red')} ${sanitize(error.message)}\n`);
      for (const d of error.details) {
        const where =
          d.row !== undefined
            ? `row ${d.row}${d.column !== undefined ? `, column ${d.column}` : ''}`
            : [d.item !== undefined ? `item ${d.item}` : '', d.job !== undefined ? `job ${d.job}` : '', d.field ?? ''].filter(Boolean).join(' ');
        io.stderr.write(`  - ${where ? `${sanitize(where)}: ` : ''}${sanitize(d.message)}\n`);
      }
      if (error.hint) io.stderr.write(`${label('hint:', 'cyan')} ${sanitize(error.hint)}\n`);
    }
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (json) {
    io.stderr.write(`${escapeJson(JSON.stringify({ error: { code: 'internal', message, status: null, retryable: false, details: [] } }))}\n`);
  } else {
    io.stderr.write(`${label('error:', 'red')} ${sanitize(message)}\n`);
    if (verbose && error instanceof Error && error.stack) io.stderr.write(`${sanitize(error.stack)}\n`);
  }
  return EXIT.API_FAILED;
}
