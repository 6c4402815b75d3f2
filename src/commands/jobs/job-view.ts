// How a job reads on a terminal and in a pipe: status and approval with their labels, coloured
// only when stdout takes colour. Every server string goes through sanitize.
import { NO_APPROVAL } from '../../domain/job-status.js';
import type { Job } from '../../api/types.js';
import type { Uses } from '../../context/context.js';
import { writeOut } from '../../terminal/io.js';
import { stdoutChalk } from '../../terminal/output.js';
import { sanitize, sanitizeCell } from '../../core/sanitize.js';
import { FIELDS } from '../../domain/job-fields.js';

export type Paint = (code: number | null, text: string) => string;

/** The name of a job's id or code field (job-names.ts), loaded only for people; undefined when unknown. */
export type JobNamer = (job: Job, field: string) => string | undefined;

/** "Information Technology (1)", "Full-time (FT)"; the id or code alone when no name is known. */
export function withName(value: unknown, name: string | undefined): string {
  return name === undefined || name === '' ? String(value) : `${name} (${String(value)})`;
}

const plain: Paint = (_code, text) => text;

/** Colours by status code (approval codes share them: 1 ok, 0 waiting, -1 refused). */
export async function statusPainter(ctx: Uses<'io' | 'globals' | 'color'>, kind: 'status' | 'approval'): Promise<Paint> {
  if (!ctx.color.stdout) return plain;
  const c = await stdoutChalk(ctx);
  const byStatus: Record<number, (s: string) => string> = { 1: c.gray, 2: c.cyan, 3: c.yellow, 4: c.red, 5: c.green };
  const byApproval: Record<number, (s: string) => string> = { 1: c.green, 0: c.yellow, [-1]: c.red };
  const table = kind === 'status' ? byStatus : byApproval;
  return (code, text) => (code !== null && table[code] ? table[code](text) : text);
}

/** "In Progress (5)"; the code alone when the service sends no label. */
export function statusText(job: Pick<Job, 'status' | 'statusLabel'>, fallbackLabel?: string): string {
  const label = job.statusLabel ?? fallbackLabel;
  return label ? `${sanitize(label)} (${job.status})` : String(job.status);
}

/** "Pending (0)", or NO_APPROVAL when the job has no approval status (null: an account without approval). */
export function approvalText(job: Pick<Job, 'approvalStatus' | 'approvalStatusLabel'>): string {
  const label = job.approvalStatusLabel ? sanitize(job.approvalStatusLabel) : undefined;
  if (job.approvalStatus === null || job.approvalStatus === undefined) return NO_APPROVAL;
  return label ? `${label} (${job.approvalStatus})` : String(job.approvalStatus);
}

/** "career, boards" or "-". */
export function publishedText(job: Job): string {
  const channels = [job.publishToCareerPage ? 'career' : '', job.publishToFreeJobBoards ? 'boards' : ''].filter(Boolean);
  return channels.length > 0 ? channels.join(', ') : '-';
}

const HEAD = ['id', 'title', 'jobCode', 'status', 'statusLabel', 'approvalStatus', 'approvalStatusLabel', 'location', 'publishToCareerPage', 'publishToFreeJobBoards'];
const TAIL = ['createdAt', 'updatedAt'];

/** Labels of the registry's fields, by API name. */
const LABELS = new Map<string, string>(FIELDS.map((f) => [f.name, f.label]));

function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return sanitize(words.charAt(0).toUpperCase() + words.slice(1));
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function display(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.map((v) => sanitize(String(v))).join(', ');
  if (typeof value === 'object' && value !== null) return sanitize(JSON.stringify(value));
  return sanitize(String(value));
}

/** The aligned "Field  value" listing of a terminal; ids and codes with their names when `names` knows them. */
export async function printJobListing(ctx: Uses<'io' | 'globals' | 'color'>, job: Job, names?: JobNamer): Promise<void> {
  const [paintStatus, paintApproval] = await Promise.all([statusPainter(ctx, 'status'), statusPainter(ctx, 'approval')]);
  const yesNo = (v: unknown) => (v === true ? 'yes' : 'no');
  const rows: Array<[string, string]> = [
    ['ID', String(job.id)],
    ['Title', display(job.title ?? '')],
    ['Code', display(job.jobCode ?? '')],
    ['Status', paintStatus(job.status, statusText(job))],
    ['Approval', paintApproval(job.approvalStatus, approvalText(job))],
    ['Location', display(job.location ?? '')],
    ['Published', `career page ${yesNo(job.publishToCareerPage)}, free boards ${yesNo(job.publishToFreeJobBoards)}`],
  ];
  for (const [key, value] of Object.entries(job)) {
    if (HEAD.includes(key) || TAIL.includes(key) || isEmpty(value)) continue;
    const name = names?.(job, key);
    rows.push([LABELS.get(key) ?? humanize(key), name === undefined ? display(value) : sanitize(withName(value, name))]);
  }
  if (!isEmpty(job.createdAt)) rows.push(['Created', display(job.createdAt)]);
  if (!isEmpty(job.updatedAt)) rows.push(['Updated', display(job.updatedAt)]);

  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const indent = ' '.repeat(width);
  const room = (ctx.io.stdout.columns ?? 80) - width;
  for (const [label, value] of rows) {
    // Long values (a description) wrap under their first line instead of under the labels.
    ctx.io.stdout.write(`${label.padEnd(width)}${wrap(value, room).join(`\n${indent}`)}\n`);
  }
}

function wrap(text: string, width: number): string[] {
  if (width < 20) return text.split('\n');
  return text.split('\n').flatMap((line) => {
    const out: string[] = [];
    let current = '';
    for (const word of line.split(' ')) {
      if (current !== '' && current.length + 1 + word.length > width) {
        out.push(current);
        current = word;
      } else {
        current = current === '' ? word : `${current} ${word}`;
      }
    }
    out.push(current);
    return out;
  });
}

/** `field<TAB>value` lines for scripts: every field the service sent, API names, raw values. */
export async function printJobFields(ctx: Uses<'io'>, job: Job): Promise<void> {
  const keys = Object.keys(job);
  const ordered = [...HEAD.filter((k) => k in job), ...keys.filter((k) => !HEAD.includes(k) && !TAIL.includes(k)), ...TAIL.filter((k) => k in job)];
  for (const key of ordered) {
    // The service's "Unknown" of an account without approval reads as everywhere else.
    const value = key === 'approvalStatusLabel' && job.approvalStatus === null ? NO_APPROVAL : job[key];
    const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    // Three writes: a long value (up to --max-response-size) joined into its line would be copied whole.
    await writeOut(ctx.io.stdout, `${sanitizeCell(key)}\t`);
    await writeOut(ctx.io.stdout, sanitizeCell(text));
    await writeOut(ctx.io.stdout, '\n');
  }
}
