// Helpers of the batch tests: job files, counting jobs in the sandbox, running the batch, and a
// recording proxy that sees every request the CLI makes.
import type { Clock } from '../../src/core/clock.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { BIN, runCli, type CliResult } from '../helpers/cli.js';
import { validJob } from '../helpers/sandbox.js';
import { forward, passHeaders, readBody, useListening } from '../helpers/fake-server.js';
import { spawnCollect, type Collected } from '../helpers/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'recruit-batch-'));

/** `count` valid jobs titled `<prefix> 0`, `<prefix> 1`, ... (ids only: no lookup is needed). */
export function jobs(prefix: string, count: number, overrides: Record<string, unknown> = {}): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => validJob({ title: `${prefix} ${i}`, ...overrides }));
}

export function writeJobs(name: string, items: unknown[], format: 'array' | 'ndjson' = 'ndjson'): string {
  const file = join(dir, name);
  writeFileSync(file, format === 'array' ? JSON.stringify(items, null, 2) : `${items.map((i) => JSON.stringify(i)).join('\n')}\n`);
  return file;
}

export function tempFile(name: string, content: string): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** Jobs in the sandbox whose title is exactly `title`. */
export function countTitle(sandbox: RunningSandbox, title: string): number {
  let n = 0;
  for (const job of sandbox.store.jobs.values()) if (job.title === title) n++;
  return n;
}

/** Jobs in the sandbox whose title starts with `prefix`, by title. */
export function titlesWithPrefix(sandbox: RunningSandbox, prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const job of sandbox.store.jobs.values()) {
    if (job.title.startsWith(prefix)) counts.set(job.title, (counts.get(job.title) ?? 0) + 1);
  }
  return counts;
}

/** `recruit jobs create --file <file> ...` in-process against `baseUrl`. */
export function batch(
  baseUrl: string,
  file: string,
  extra: string[] = [],
  options: { token?: string; stdin?: string; tty?: boolean; columns?: number; env?: NodeJS.ProcessEnv; clock?: Clock } = {},
): Promise<CliResult> {
  return runCli(['--base-url', baseUrl, 'jobs', 'create', '--file', file, ...extra], {
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', ...options.env },
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
    ...(options.columns !== undefined ? { columns: options.columns } : {}),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function parseJson(text: string): any {
  return JSON.parse(text);
}

export interface Recorded {
  method: string;
  path: string;
  key: string | undefined;
  /** When the request reached the proxy / when its answer was sent back (ms, Date.now()). */
  received: number;
  answered: number;
  status: number;
  /** The service answered with an idempotent replay. */
  replayed: boolean;
  body: string;
}

export interface RecordingProxy {
  baseUrl: string;
  requests: Recorded[];
  maxInFlight: number;
  reset(): void;
}

/** Headers a proxy sets itself (the recording proxy passes Content-Length on). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** A fault-free proxy in front of the sandbox that records every request, for a test file. */
export function useRecordingProxy(sandbox: { readonly current: RunningSandbox }): RecordingProxy {
  let inFlight = 0;
  const proxy: RecordingProxy = {
    get baseUrl() {
      return `${listening.current.origin}/v1`;
    },
    requests: [],
    maxInFlight: 0,
    reset() {
      proxy.requests.length = 0;
      proxy.maxInFlight = 0;
    },
  };
  const server = createServer((req, res) => {
    const received = Date.now();
    inFlight++;
    proxy.maxInFlight = Math.max(proxy.maxInFlight, inFlight);
    void (async () => {
      const body = await readBody(req);
      const upstream = await forward(sandbox.current.origin, req, body);
      inFlight--;
      const key = req.headers['idempotency-key'];
      proxy.requests.push({
        method: req.method ?? '',
        path: (req.url ?? '').replace(/^\/v1/, ''),
        key: typeof key === 'string' ? key : undefined,
        received,
        answered: Date.now(),
        status: upstream.status,
        replayed: upstream.headers['idempotent-replayed'] === 'true',
        body: body.toString('utf8'),
      });
      res.writeHead(upstream.status, passHeaders(upstream.headers, HOP_BY_HOP)).end(upstream.text);
    })().catch((error: Error) => {
      inFlight--;
      res.destroy(error);
    });
  });
  const listening = useListening(server);
  return proxy;
}

export interface Gate {
  baseUrl: string;
  /** Lets `count` creates (POST /jobs) through, then holds every later one until `release`. */
  holdAfter(count: number): void;
  /** How many creates are held now. */
  held(): number;
  /** Passes the held creates on to the sandbox (their answers go nowhere) and lets everything through. */
  release(): Promise<void>;
}

/** A proxy in front of the sandbox that can hold creates, so a test knows what is in flight. */
export function useGate(sandbox: { readonly current: RunningSandbox }): Gate {
  let allowed = Infinity;
  let passed = 0;
  const waiting: Array<() => Promise<void>> = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const send = async () => {
        const upstream = await forward(sandbox.current.origin, req, body);
        res.writeHead(upstream.status, passHeaders(upstream.headers, HOP_BY_HOP)).end(upstream.text);
      };
      const create = req.method === 'POST' && (req.url ?? '').replace(/\?.*/, '') === '/v1/jobs';
      if (create && passed >= allowed) waiting.push(send);
      else {
        if (create) passed++;
        await send();
      }
    })().catch((error: Error) => res.destroy(error));
  });
  const listening = useListening(server);
  return {
    get baseUrl() {
      return `${listening.current.origin}/v1`;
    },
    holdAfter(count) {
      allowed = count;
      passed = 0;
    },
    held: () => waiting.length,
    async release() {
      allowed = Infinity;
      const held = waiting.splice(0);
      await Promise.all(held.map((send) => send().catch(() => undefined)));
    },
  };
}

/** Resolves once `condition()` holds, looked at every 5 ms (the test's own time limit bounds it). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

export function posts(proxy: RecordingProxy): Recorded[] {
  return proxy.requests.filter((r) => r.method === 'POST' && r.path === '/jobs');
}

/** The journal path a run printed with --verbose. */
export function journalPath(stderr: string): string {
  const match = /batch journal: (.+)/.exec(stderr);
  if (!match) throw new Error(`no journal path in:\n${stderr}`);
  return match[1]!.trim();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function journalEntries(file: string): any[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** What a signalled run left: its exit code or signal, and its output. */
export type Signalled = Collected;

/** Runs the built CLI with `args` and sends it `signal` once `after` jobs titled `prefix...` exist in `sandbox`. @spawns */
export function signalWhen(
  sandbox: RunningSandbox,
  env: NodeJS.ProcessEnv,
  args: string[],
  prefix: string,
  after: number,
  signal: NodeJS.Signals,
): Promise<Signalled> {
  return spawnCollect(process.execPath, [BIN, ...args], {
    env: { NO_COLOR: '1', ...env },
    timeoutMs: 30_000,
    signalWhen: { when: () => titlesWithPrefix(sandbox, prefix).size >= after, signal },
  }).done;
}
