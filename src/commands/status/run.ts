// `recruit status`: what needs attention on the account in effect, as `gh status` does for a user.
// From the service, side by side (each request paced as any other): the jobs pending approval (every
// page) with how long each has waited, the number of active jobs, and the jobs changed in the last
// seven days among the newest hundred. From this machine: the wizard's drafts of this profile and
// account, the creations that were saved but never got a final answer, the batches, bulk changes and
// applies of this account that stopped before the end (with the command that goes on), and what
// the service's answers told of the account: its active-job limit and its rate limit. Nothing is changed.
import { basename } from 'node:path';
import { allItems, getPage } from '../../api/paginate.js';
import { jobShape } from '../../api/shapes.js';
import type { Job } from '../../api/types.js';
import type { Uses } from '../../context/context.js';
import { recruitCommand } from '../../context/invocation.js';
import { sanitize } from '../../core/sanitize.js';
import { STATUS } from '../../domain/job-status.js';
import { SubmissionStore } from '../../jobs/submissions.js';
import { accountInEffect, sameTarget } from '../../jobs/target.js';
import { stdoutChalk, writeJson } from '../../terminal/output.js';
import { withSpinner } from '../../terminal/spinner.js';
import { DraftStore, sameAccount } from '../../wizard/draft.js';
import { describeTitle, stepReached } from '../../wizard/draft-summary.js';
import { interruptedRuns, type Interrupted } from './interrupted.js';
import { activeJobsLine, learnt, rateLimitLine, type Learnt } from './learnt.js';

const RECENT_DAYS = 7;
const RECENT_SCAN = 100;

interface Report extends Learnt {
  account: string;
  pendingApproval: Array<{ id: number; title: string; jobCode: string | null; createdAt: string | null; waitingDays: number | null }>;
  activeJobs: number;
  changedRecently: Array<{ id: number; title: string; status: string; updatedAt: string }>;
  drafts: Array<{ id: string; title: string | null; step: string }>;
  unsettled: Array<{ key: string; title: string | null; updatedAt: string; lastError: string | null }>;
  interrupted: Interrupted[];
}

const days = (from: string | null | undefined, now: Date) => {
  const at = from ? Date.parse(from) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now.getTime() - at) / 86_400_000));
};

export default async function status(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'sandboxAccount' | 'api' | 'spinner'>): Promise<void> {
  const api = await ctx.api();
  const now = ctx.now();
  const [pending, active, newest] = await withSpinner(ctx, 'reading the account', () =>
    Promise.all([
      allItems<Job>(api, '/jobs', { status: String(STATUS.PENDING_APPROVAL), pageSize: 100 }, jobShape),
      getPage<Job>(api, '/jobs', { status: String(STATUS.IN_PROGRESS), pageSize: 1 }, jobShape),
      getPage<Job>(api, '/jobs', { pageSize: RECENT_SCAN }, jobShape),
    ]),
  );
  const here = accountInEffect(ctx);
  const sandbox = ctx.sandboxAccount();
  const report: Report = {
    account: sandbox ? `the embedded sandbox (${sandbox} account)` : `${api.baseUrl} (profile ${ctx.settings().profile})`,
    pendingApproval: pending.map((j) => {
      const createdAt = typeof j.createdAt === 'string' ? j.createdAt : null;
      return { id: j.id, title: String(j.title ?? ''), jobCode: typeof j.jobCode === 'string' ? j.jobCode : null, createdAt, waitingDays: days(createdAt, now) };
    }),
    activeJobs: active.meta?.pagination?.totalItems ?? active.data.length,
    changedRecently: newest.data
      .filter((j) => typeof j.updatedAt === 'string' && (days(j.updatedAt, now) ?? Infinity) < RECENT_DAYS)
      .map((j) => ({ id: j.id, title: String(j.title ?? ''), status: String(j.statusLabel ?? j.status), updatedAt: String(j.updatedAt) })),
    drafts: here
      ? new DraftStore(ctx.env)
          .all()
          .filter((d) => sameAccount(d.account, here))
          .map((d) => ({ id: d.id, title: d.answers.title ?? null, step: stepReached(d.answers).label }))
      : [],
    unsettled: here
      ? new SubmissionStore(ctx.env)
          .pending()
          .filter((s) => sameTarget(s.target, here))
          .map((s) => ({ key: s.key, title: typeof s.body.title === 'string' ? s.body.title : null, updatedAt: s.updatedAt, lastError: s.lastError?.message ?? null }))
      : [],
    interrupted: await interruptedRuns(ctx, api),
    ...learnt(ctx),
  };
  if (ctx.globals.json) return writeJson(ctx, report);
  // A report for people, in a pipe too: coloured whenever stdout takes colour (FORCE_COLOR in a pipe).
  const bold = ctx.color.stdout ? (await stdoutChalk(ctx)).bold : (text: string) => text;
  ctx.io.stdout.write(render(ctx, report, bold));
}

function render(ctx: Uses<'globals'>, r: Report, bold: (text: string) => string): string {
  const section = (title: string, lines: string[], none: string): string => `${bold(title)}\n${(lines.length > 0 ? lines : [none]).map((l) => `  ${l}`).join('\n')}\n`;
  // "Active jobs: 7": the words before the colon, as a heading.
  const lead = (line: string): string => line.replace(/^[^:]+:/, (head) => bold(head));
  const create = recruitCommand(ctx.globals, 'jobs create');
  const waited = (d: number | null) => (d === null ? 'waiting' : d === 0 ? 'waiting since today' : `waiting ${d} day${d === 1 ? '' : 's'}`);
  return [
    `${bold('Account:')} ${sanitize(r.account)}\n`,
    section(
      `Pending approval (${r.pendingApproval.length})`,
      r.pendingApproval.map((j) => `#${j.id} ${sanitize(j.title)}${j.jobCode ? ` (${sanitize(j.jobCode)})` : ''}: ${waited(j.waitingDays)}`),
      'none',
    ),
    `${lead(activeJobsLine(r.activeJobs, r.activeJobLimit))}\n`,
    section(
      `Changed in the last ${RECENT_DAYS} days (${r.changedRecently.length}${r.changedRecently.length === RECENT_SCAN ? '+' : ''})`,
      r.changedRecently.map((j) => `#${j.id} ${sanitize(j.title)}: ${sanitize(j.status)}, ${j.updatedAt.slice(0, 10)}`),
      'none',
    ),
    section(
      `Your drafts here (${r.drafts.length})`,
      r.drafts.map((d) => `${d.title ? describeTitle({ title: d.title }) : '(no title yet)'}, at ${d.step}: continue with \`${create}\``),
      'none',
    ),
    section(
      `Unsettled submissions (${r.unsettled.length})`,
      r.unsettled.map((s) => `${s.key} ${s.title ? `"${sanitize(s.title)}"` : ''}: \`${recruitCommand(ctx.globals, `jobs create --resume ${s.key}`)}\``),
      'none',
    ),
    section(
      `Interrupted runs (${r.interrupted.length})`,
      r.interrupted.map((i) => `${i.unfinished} of ${i.items} items not done, since ${i.startedAt.slice(0, 10)}: \`${sanitize(i.command)}\`${i.stdin ? ` (with ${i.stdin} on stdin)` : ''}${hiddenNote(i)}`),
      'none',
    ),
    `${lead(rateLimitLine(r.rateLimit))}\n`,
  ].join('\n');
}

/** What stands for the words a resume command leaves out: the run is named by its journal, never by a lookalike of the name. */
function hiddenNote(i: Interrupted): string {
  if (i.hidden.length === 0) return '';
  const which = i.hidden.map((h) => `${h.variable} to ${h.what}`).join(', ');
  return ` (set ${which} of the run whose journal is ${basename(i.journal)}: a name with a line break or a control character is not shown; \`recruit status --json\` gives it exactly)`;
}
