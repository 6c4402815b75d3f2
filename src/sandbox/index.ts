// The sandbox's one entry point for the CLI and the tests: start it, learn its URL, stop it.
import type { AddressInfo } from 'node:net';
import { Faults } from './faults.js';
import { RateLimiter } from './rate-limit.js';
import { createSandboxServer } from './server.js';
import { SandboxStore, type StoreOptions } from './store.js';

export { TOKENS, type SandboxToken } from './accounts.js';
export { FaultSpecError } from './faults.js';
export { RateLimitSpecError } from './rate-limit.js';
export { StateFileError } from './state-entries.js';
export type { StateFs } from './state-fs.js';

export interface SandboxOptions extends StoreOptions {
  host?: string;
  port?: number;
  faults?: string;
  /** "50/s", "120/min": a token bucket per bearer token (rate-limit.ts). */
  rateLimit?: string;
  /** The rate limit's clock, in milliseconds (tests hold it still). */
  rateLimitNow?: () => number;
}

export interface RunningSandbox {
  /** The API base URL, with the version segment: http://127.0.0.1:4010/v1 */
  baseUrl: string;
  /** The server's origin, where the admin routes live under /_sandbox/. */
  origin: string;
  store: SandboxStore;
  faults: Faults;
  rateLimit: RateLimiter;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const faults = new Faults(options.faults ?? '');
  const rateLimit = new RateLimiter(options.rateLimit ?? '', options.rateLimitNow);
  const store = new SandboxStore(options);
  const server = createSandboxServer(store, faults, rateLimit);
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    store,
    faults,
    rateLimit,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
