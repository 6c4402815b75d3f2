// What `recruit status` says of the account's limits: the active-job limit, as the last refusal at
// it stated it, configured in the profile (`config set active-job-limit`) or counted after that
// refusal (context/account-learning.ts),
// and the rate-limit policy the service's answers last named.
import type { Uses } from '../../context/context.js';
import { factsAccount, readFacts, type ReachedLimit, type SeenRateLimit } from '../../context/account-facts.js';

export interface ActiveJobLimit {
  /** null: the limit was met, but the count of active jobs then could not be read. */
  limit: number | null;
  /** stated: by the service, in its last refusal at the limit (it wins); configured: in the profile; learnt: counted after that refusal. */
  source: 'stated' | 'configured' | 'learnt';
  /** When a create or an activation was last refused at it. */
  reachedAt: string | null;
  /** Stated: the active jobs counted right after that refusal, when they were not the limit stated. */
  counted?: number;
  /** Stated: the profile's active-job-limit, when it is not the limit stated. */
  configured?: number;
}

export interface Learnt {
  activeJobLimit: ActiveJobLimit | null;
  rateLimit: SeenRateLimit | null;
}

/** Read once the command's requests are answered, so that a rate limit they named is in. */
export function learnt(ctx: Uses<'env' | 'globals' | 'settings' | 'sandboxAccount'>): Learnt {
  const account = factsAccount(ctx);
  const facts = account === undefined ? {} : readFacts(ctx.env, account);
  // A profile's setting is of its own account, not of the embedded sandbox's.
  const configured = ctx.globals.sandbox ? undefined : ctx.settings().activeJobLimit;
  return { activeJobLimit: activeJobLimit(configured, facts.activeJobLimit), rateLimit: facts.rateLimit ?? null };
}

/**
 * The limit the service stated in its last refusal wins: it is what the service enforces. Then
 * the profile's (the owner's word), then the count read after the refusal. A figure that differs
 * from the stated one is kept beside it, to be said (docs/decisions.md, "recruit status").
 */
function activeJobLimit(configured: number | undefined, reached: ReachedLimit | undefined): ActiveJobLimit | null {
  if (reached?.stated !== undefined) {
    const { stated } = reached;
    return {
      limit: stated,
      source: 'stated',
      reachedAt: reached.reachedAt,
      ...(reached.activeJobs !== null && reached.activeJobs !== stated ? { counted: reached.activeJobs } : {}),
      ...(configured !== undefined && configured !== stated ? { configured } : {}),
    };
  }
  if (configured !== undefined) return { limit: configured, source: 'configured', reachedAt: reached?.reachedAt ?? null };
  return reached ? { limit: reached.activeJobs, source: 'learnt', reachedAt: reached.reachedAt } : null;
}

const day = (iso: string) => iso.slice(0, 10);
const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** "Active jobs: 48 of 50 (limit configured)", "… (limit stated by the service on 2026-11-20)", or the count alone. */
export function activeJobsLine(active: number, l: ActiveJobLimit | null): string {
  if (!l) return `Active jobs: ${active}`;
  if (l.source === 'stated') {
    const differs = [
      ...(l.counted !== undefined ? [`${l.counted} were active then`] : []),
      ...(l.configured !== undefined ? [`the profile's active-job-limit says ${l.configured}`] : []),
    ];
    if (active > l.limit!) return `Active jobs: ${active} (more than the limit of ${l.limit} the service stated on ${day(l.reachedAt!)}: raised since)`;
    return `Active jobs: ${active} of ${l.limit} (limit stated by the service on ${day(l.reachedAt!)}${differs.length > 0 ? `; ${differs.join('; ')}` : ''})`;
  }
  if (l.source === 'configured') return `Active jobs: ${active} of ${l.limit} (limit configured)`;
  if (l.limit === null) return `Active jobs: ${active} (the limit was reached on ${day(l.reachedAt!)}, at a count not read)`;
  // More active jobs than the count at the last refusal: the limit was raised since.
  if (active > l.limit) return `Active jobs: ${active} (more than the ${l.limit} at which the limit was reached on ${day(l.reachedAt!)}: raised since)`;
  return `Active jobs: ${active} of ${l.limit} (limit learnt on ${day(l.reachedAt!)})`;
}

/** "Rate limit: 100 requests per 60 s, seen 2026-11-26 20:15 UTC". */
export function rateLimitLine(r: SeenRateLimit | null): string {
  if (!r) return 'Rate limit: not named by the service yet';
  return `Rate limit: ${r.quota} request${r.quota === 1 ? '' : 's'} per ${r.windowSeconds === 1 ? 'second' : `${r.windowSeconds} s`}, seen ${minute(r.seenAt)}`;
}
