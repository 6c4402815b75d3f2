// `recruit lookup <kind>`: the lookup lists a job refers to, and the job options.
import type { Uses } from '../../context/context.js';
import { wantsTable } from '../../terminal/table-format.js';
import { UsageError } from '../../core/errors.js';
import { parsePageOptions } from '../../context/page-options.js';
import { showJobOptions } from './job-options.js';
import { LIST_KINDS, parseKind } from './kinds.js';
import { listLookup } from './list.js';
import type { LookupOptions } from './flags.js';

export default async function lookup(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'api' | 'warn' | 'info' | 'spinner'>, kindArg: string, options: LookupOptions): Promise<void> {
  const kind = parseKind(kindArg);
  const table = wantsTable(ctx, options);
  if (kind === 'job-options') {
    const ignored = (['industry', 'search', 'page', 'pageSize', 'all'] as const).filter((o) => options[o] !== undefined);
    if (ignored.length > 0) ctx.warn(`job-options is not a paged list; ignoring ${ignored.map(flagName).join(', ')}`);
    return showJobOptions(ctx, options.refresh === true, table);
  }

  const { page, pageSize } = parsePageOptions(options);
  if (options.all && page !== undefined) {
    throw new UsageError('--all and --page cannot be combined', [], 'use --all for every page, or --page N for one page');
  }
  const spec = LIST_KINDS[kind];
  const industry = options.industry?.trim() || undefined;
  if (spec.needsIndustry && industry === undefined) {
    throw new UsageError(
      `lookup ${kind} needs --industry <id|name>: ${spec.noun} belong to an industry`,
      [],
      'list the industries with `recruit lookup industries`',
    );
  }
  if (!spec.needsIndustry && options.industry !== undefined) {
    ctx.warn(`--industry applies only to functions and employer-types; ignoring it for ${kind}`);
  }
  if (options.refresh) ctx.warn('--refresh applies only to job-options; ignoring it');
  await listLookup(ctx, kind, { industry, search: options.search, page, pageSize, all: options.all === true, table });
}

function flagName(option: string): string {
  return `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
