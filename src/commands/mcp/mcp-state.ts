// What `recruit mcp` keeps in the state directory (docs/decisions.md, "recruit mcp"): the items a
// tool was given inline, written once under the hash of their canonical JSON (so that the same
// items are the same batch file, and a retried call resumes its journal instead of starting
// another), and the plans of `plan_apply`, each under a random id, for one account, for an hour.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../core/atomic-file.js';
import { ownStateDir } from '../../core/paths.js';
import { UsageError } from '../../core/errors.js';
import { canonicalJson } from '../../exactly-once/canonical-json.js';

/** How long a plan id may be applied. */
export const PLAN_TTL_MS = 60 * 60 * 1000;

/** The batch file of inline items: `<state>/mcp/inputs/<sha256>.json`, written when it is not there yet. */
export function inlineItemsFile(env: NodeJS.ProcessEnv, items: readonly Record<string, unknown>[]): string {
  const text = `[\n${items.map((item) => canonicalJson(item)).join(',\n')}\n]\n`;
  const file = join(ownStateDir(env, 'mcp'), 'inputs', `${createHash('sha256').update(text).digest('hex')}.json`);
  ownStateDir(env, join('mcp', 'inputs'));
  if (!existsSync(file)) writeFileAtomic(file, text);
  return file;
}

export interface StoredPlan {
  id: string;
  /** Whose account: the profile, base URL and a fingerprint of the credential (a plan is applied only there). */
  scope: string;
  file: string;
  /** The sha256 of the file's bytes when planned: an edited file is planned again. */
  fileHash: string;
  prune: boolean;
  /** The plan as `jobs apply --dry-run --json` gives it. */
  plan: unknown;
  createdAt: string;
  expiresAt: string;
}

export function fileHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export class PlanStore {
  private readonly dir: string;

  constructor(private readonly env: NodeJS.ProcessEnv) {
    this.dir = ownStateDir(env, join('mcp', 'plans'));
  }

  private path(id: string): string {
    if (!/^[\w-]{1,128}$/.test(id)) throw new UsageError(`"${id}" is not a plan id`, [], 'apply takes the planId that plan_apply returned');
    return join(this.dir, `${id}.json`);
  }

  save(plan: StoredPlan): void {
    ownStateDir(this.env, 'mcp');
    ownStateDir(this.env, join('mcp', 'plans'));
    writeFileAtomic(this.path(plan.id), `${JSON.stringify(plan)}\n`);
  }

  /** The plan of `id`, when it exists, has not expired and was made for `scope`; else a usage error saying why. */
  take(id: string, scope: string, now: number): StoredPlan {
    const file = this.path(id);
    if (!existsSync(file)) throw new UsageError(`no plan has the id "${id}"; nothing was sent`, [], 'call plan_apply first, show its plan, then call apply with its planId');
    const plan = JSON.parse(readFileSync(file, 'utf8')) as StoredPlan;
    if (Date.parse(plan.expiresAt) <= now) {
      rmSync(file, { force: true });
      throw new UsageError(`the plan "${id}" expired at ${plan.expiresAt}; nothing was sent`, [], 'call plan_apply again and show the new plan');
    }
    if (plan.scope !== scope) throw new UsageError(`the plan "${id}" was made for another account; nothing was sent`, [], 'call plan_apply with this account');
    return plan;
  }

  remove(id: string): void {
    rmSync(this.path(id), { force: true });
  }

  /** Removes the plans past their time (a server that runs for days keeps no plan it cannot apply). */
  sweep(now: number): void {
    if (!existsSync(this.dir)) return;
    for (const name of readdirSync(this.dir)) {
      const file = join(this.dir, name);
      try {
        if (statSync(file).mtimeMs + PLAN_TTL_MS <= now) rmSync(file, { force: true });
      } catch {
        // gone already
      }
    }
  }
}
