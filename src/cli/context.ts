// What every command receives: streams, environment, global options, and clocks and keys that
// tests can fix. Built once per run by src/cli/run.ts.
import { randomUUID } from 'node:crypto';
import { colorEnabled, type IO } from './io.js';

export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  json?: boolean;
  color: boolean;
  verbose?: boolean;
  yes?: boolean;
}

export interface Context {
  io: IO;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  /** Colour on stdout / stderr. */
  color: { stdout: boolean; stderr: boolean };
  now(): Date;
  newKey(): string;
}

export function createContext(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions): Context {
  return {
    io,
    env,
    globals,
    color: { stdout: colorEnabled(io.stdout, env, globals.color), stderr: colorEnabled(io.stderr, env, globals.color) },
    now: () => new Date(),
    newKey: () => randomUUID(),
  };
}
