// `recruit lookup`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import type { OptionsOf, Parent } from '../define.js';
import { LOOKUP_KINDS } from './kinds.js';

export function flags(program: Parent) {
  return program
    .command('lookup <kind>')
    .description(`list lookup data; kind: ${LOOKUP_KINDS.join(', ')}`)
    .option('--industry <id|name>', 'industry (required for functions and employer-types)')
    .option('--search <text>', 'only items whose name contains this text')
    .option('--page <n>', 'page number')
    .option('--page-size <n>', 'items per page (API default 10, at most 100)')
    .option('--all', 'follow every page')
    .option('--refresh', 'job-options: fetch again instead of using the one-day cache')
    .option('--csv', 'CSV with a header row (RFC 4180)')
    .option('--xlsx', 'a workbook with a header row, ids as text (to a pipe, or --output)')
    .option('--output <file>', 'write the --csv or --xlsx output to this file instead of stdout');
}

export type LookupOptions = OptionsOf<ReturnType<typeof flags>>;
