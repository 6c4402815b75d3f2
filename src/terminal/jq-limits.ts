// The limits of a --jq filter (docs/reference/limits.md): its memory (jq's heap and the output it
// holds, together) and its time, each a base plus a share of the JSON it reads, so that the
// larger the output of the command, the more a filter over it may take: jq holds some twice its
// input parsed, and reads some 10 MB a second on a busy machine. The bases can be raised (or, in
// tests, lowered) with RECRUIT_JQ_MEMORY (MiB) and RECRUIT_JQ_TIMEOUT (seconds).
import { UsageError } from '../core/errors.js';

const MiB = 1024 * 1024;

export const JQ_MEMORY_MIB = 256;
export const JQ_TIMEOUT_S = 10;
/** Memory per byte of input, on top of the base. */
const MEMORY_PER_INPUT_BYTE = 4;
/** A second more per this many bytes of input. */
const INPUT_BYTES_PER_SECOND = 5 * MiB;
/** The V8 heap of jq-web's own JavaScript, which keeps neither the input nor the output. */
export const JQ_SCRIPT_HEAP_MIB = 64;

/** A filter stopped at one of its limits: "used more than 256 MiB of memory", "ran longer than 10 s". */
export class JqStopped extends Error {
  constructor(
    readonly limit: 'memory' | 'time',
    message: string,
  ) {
    super(message);
  }
}

export interface JqBases {
  memoryMiB: number;
  timeoutS: number;
}

export interface JqLimits {
  memoryBytes: number;
  deadlineMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, unit: string): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(n > 0)) throw new UsageError(`${name} must be a number of ${unit} greater than 0, got "${raw}"`);
  return n;
}

/** The bases, from the environment (checked before the command runs). */
export function jqBases(env: NodeJS.ProcessEnv): JqBases {
  return { memoryMiB: positive(env, 'RECRUIT_JQ_MEMORY', JQ_MEMORY_MIB, 'MiB'), timeoutS: positive(env, 'RECRUIT_JQ_TIMEOUT', JQ_TIMEOUT_S, 'seconds') };
}

/** What a filter over `inputBytes` of JSON may take. */
export function jqLimits(bases: JqBases, inputBytes: number): JqLimits {
  return {
    memoryBytes: Math.round(bases.memoryMiB * MiB + MEMORY_PER_INPUT_BYTE * inputBytes),
    deadlineMs: Math.round(bases.timeoutS * 1000 + (inputBytes / INPUT_BYTES_PER_SECOND) * 1000),
  };
}

/** "256 MiB", "10 s", "0.5 s": as the messages name a limit. */
export function describeMemory(bytes: number): string {
  return `${Math.round(bytes / MiB).toLocaleString('en-US')} MiB`;
}

export function describeTime(ms: number): string {
  return `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
}
