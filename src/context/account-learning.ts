// What the command's client hands up as it talks to the service, kept for `recruit status`
// (account-facts.ts): the rate-limit policy its answers name, written when it changes (or is an hour
// old), not once per request; and a create or activation refused at the active-job limit, after
// which the active jobs are counted once (one GET of a page of one job), so that the count is the
// limit as far as the client can tell. The api layer only calls back; the state is kept here.
// Nothing here may fail a command: a state directory that cannot be written is only not updated.
import type { ApiClient } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import { getPage } from '../api/paginate.js';
import type { RateLimitPolicy } from '../api/rate-limit-fields.js';
import { jobShape } from '../api/shapes.js';
import type { Job } from '../api/types.js';
import { ACTIVE_JOB_LIMIT_CODE, STATUS } from '../domain/job-status.js';
import { factsAccount, readFacts, updateFacts, type SeenRateLimit } from './account-facts.js';

/** What learning needs of the command's context (context.ts hands itself in). */
type LearningContext = Parameters<typeof factsAccount>[0] & { readonly env: NodeJS.ProcessEnv; now(): Date };

/** A policy seen again is written again only when the stored sighting is older than this. */
export const REFRESH_MS = 3_600_000;

export interface AccountLearning {
  rateLimit(policy: RateLimitPolicy): void;
  errorAnswer(error: ApiError): void;
  /** Waits for the count of active jobs asked after a refusal at the limit, if one is under way. */
  settle(): Promise<void>;
}

/**
 * The limit a refusal's message states, as the sandbox and services word it ("its limit of 50
 * active jobs", "limit is 1,000"); undefined when it names none. The spec has no field for it.
 */
export function statedLimit(message: string): number | undefined {
  const match = /\blimit (?:of|is) (\d{1,3}(?:,\d{3})+|\d+)\b/i.exec(message);
  if (!match) return undefined;
  const n = Number(match[1]!.replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : undefined;
}

const samePolicy = (a: SeenRateLimit | undefined, b: RateLimitPolicy) => a !== undefined && a.name === b.name && a.quota === b.quota && a.windowSeconds === b.windowSeconds;

export function accountLearning(ctx: LearningContext, client: () => ApiClient): AccountLearning {
  let account: string | undefined;
  try {
    account = factsAccount(ctx);
  } catch {
    account = undefined;
  }
  let counting: Promise<void> | undefined;
  const update = (change: Parameters<typeof updateFacts>[2]) => {
    try {
      updateFacts(ctx.env, account!, change);
    } catch {
      // only a record for `recruit status`: not worth failing a command for
    }
  };
  return {
    rateLimit(policy) {
      if (account === undefined) return;
      try {
        const seen = readFacts(ctx.env, account).rateLimit;
        if (samePolicy(seen, policy) && ctx.now().getTime() - Date.parse(seen!.seenAt) < REFRESH_MS) return;
      } catch {
        return;
      }
      update((facts) => void (facts.rateLimit = { ...policy, seenAt: ctx.now().toISOString() }));
    },
    errorAnswer(error) {
      if (account === undefined || counting || error.status !== 409 || error.serverCode !== ACTIVE_JOB_LIMIT_CODE) return;
      const reachedAt = ctx.now().toISOString();
      const stated = statedLimit(error.message);
      const said = stated === undefined ? {} : { stated };
      update((facts) => void (facts.activeJobLimit = { reachedAt, activeJobs: null, ...said }));
      counting = getPage<Job>(client(), '/jobs', { status: String(STATUS.IN_PROGRESS), pageSize: 1 }, jobShape).then(
        (page) => {
          const count = page.meta?.pagination?.totalItems;
          if (typeof count === 'number') update((facts) => void (facts.activeJobLimit = { reachedAt, activeJobs: count, ...said }));
        },
        () => undefined,
      );
    },
    settle: () => counting ?? Promise.resolve(),
  };
}
