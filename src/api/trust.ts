// The certificates https trusts when the user adds a company CA (--ca-file): Node's own roots and
// the CA, never the CA alone (Node's `ca` option replaces its roots, NODE_EXTRA_CA_CERTS included).
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';

type CaType = 'default' | 'system' | 'bundled' | 'extra';
/** Node >= 22.15 and >= 23.10 (not Node 20): the certificates of each store. */
const getCACertificates = (tls as { getCACertificates?: (type: CaType) => string[] }).getCACertificates;

/** What Node trusts by default: its bundled roots and NODE_EXTRA_CA_CERTS (and the OS store under --use-system-ca). */
export function nodeRoots(): string[] {
  if (getCACertificates) return getCACertificates('default');
  // Node 20: the file Node itself read at start (its own environment, not a command's); Node warned if it could not.
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  let pem = '';
  try {
    pem = extra ? readFileSync(extra, 'utf8') : '';
  } catch {
    // as Node: a warning at start, then its bundled roots alone
  }
  return [...tls.rootCertificates, ...(pem ? [pem] : [])];
}

/** The operating system's trusted certificates, where the running Node reads them; undefined on Node 20. */
export function systemRoots(): string[] | undefined {
  return getCACertificates ? getCACertificates('system') : undefined;
}

/** Node's roots and `added` (PEM texts). */
export function trustedContext(added: string[]): tls.SecureContext {
  return tls.createSecureContext({ ca: [...nodeRoots(), ...added] });
}
