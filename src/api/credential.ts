// A fingerprint of a credential, to tell accounts apart in local state (batch journals, wizard drafts,
// the learned account type) without keeping the token. Light on purpose: `config` and `jobs drafts`
// load it without the HTTP client.
/**
 * A fingerprint of a credential, to tell accounts apart in local state without keeping the token:
 * a hash (node:crypto is loaded here, not at start-up: most commands never need it).
 */
export function credentialFingerprint(token: string | undefined): string {
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(`recruit credential\n${token ?? ''}`).digest('hex').slice(0, 32);
}
