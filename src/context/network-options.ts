// What a client needs of the network settings: the proxies, and the text of the CA file, read when
// the client is made (a missing or empty file is a usage error: nothing is sent).
import { readFileSync } from 'node:fs';
import type { ClientOptions } from '../api/client.js';
import type { NetworkSettings } from '../config/network.js';
import { UsageError } from '../core/errors.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** Where a CA file came from, as an error names it. */
function named(n: NetworkSettings): string {
  return n.caFileSource === 'flag' ? '--ca-file' : n.caFileSource === 'env' ? 'RECRUIT_CA_FILE' : 'ca-file in the profile';
}

/** The certificates of a CA file (PEM), or a usage error naming the file. */
export function readCaFile(path: string, where: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${where} ${path} cannot be read${code ? ` (${code})` : ''}`, [], 'give the path of a PEM file holding your organisation\'s CA certificate');
  }
  if (!PEM_CERTIFICATE.test(text)) {
    throw new UsageError(
      `${where} ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
      [],
      'export the CA certificate in PEM (Base-64) form; a .cer or .der file in binary form converts with `openssl x509 -inform der -in ca.cer -out ca.pem`',
    );
  }
  return text;
}

export function networkOptions(n: NetworkSettings): Pick<ClientOptions, 'proxy' | 'extraCa'> {
  return {
    ...(n.proxy ? { proxy: n.proxy } : {}),
    ...(n.caFile ? { extraCa: readCaFile(n.caFile, named(n)) } : {}),
  };
}
