// A keyring in memory for in-process tests: what was stored per profile, and a switch that makes it
// fail as a locked or absent keyring does.
import type { SecretStore } from '../../src/config/secret-store.js';

export class FakeSecretStore implements SecretStore {
  readonly name = 'the test keyring';
  readonly tokens = new Map<string, string>();
  /** Every operation fails with this message while it is set. */
  failing: string | undefined;

  private check(): void {
    if (this.failing !== undefined) throw new Error(this.failing);
  }

  async get(profile: string): Promise<string | undefined> {
    this.check();
    return this.tokens.get(profile);
  }

  async set(profile: string, token: string): Promise<void> {
    this.check();
    this.tokens.set(profile, token);
  }

  async delete(profile: string): Promise<boolean> {
    this.check();
    return this.tokens.delete(profile);
  }
}
