// What a client needs of the network settings: the proxies, and the text of the CA file, read when
// the client is made (context/ca-file.ts: a missing, empty, oversized or irregular file is a usage
// error, and nothing is sent). The reader is loaded only when there is a CA file: it brings
// node:fs/promises, some 1 ms of every start (docs/performance.md).
import type { ClientOptions } from '../api/client.js';
import type { NetworkSettings } from '../config/network.js';

/** Where a CA file came from, as an error names it. */
function named(n: NetworkSettings): string {
  return n.caFileSource === 'flag' ? '--ca-file' : n.caFileSource === 'env' ? 'RECRUIT_CA_FILE' : 'ca-file in the profile';
}

/** `deadlineMs`: the command's deadline of one request (--timeout), which reading the CA file keeps too. */
export async function networkOptions(n: NetworkSettings, deadlineMs: number): Promise<Pick<ClientOptions, 'proxy' | 'extraCa'>> {
  return {
    ...(n.proxy ? { proxy: n.proxy } : {}),
    ...(n.caFile ? { extraCa: await (await import('./ca-file.js')).readCaFile(n.caFile, named(n), deadlineMs) } : {}),
  };
}
