// The manual as one markdown page (`recruit help reference`, docs/reference/commands.md), as gh's
// `gh help reference`: each command's usage, description, arguments, options and examples.
import type { ManualPage } from './manual.js';

const table = (rows: Array<{ flags: string; description: string }>) =>
  ['| | |', '|---|---|', ...rows.map((r) => `| \`${r.flags}\` | ${r.description.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`)].join('\n');

function section(page: ManualPage): string {
  const parts = [`${'#'.repeat(Math.min(page.path.length + 1, 4))} ${page.path.join(' ')}`, '```\n' + page.usage + '\n```', page.description];
  if (page.arguments.length > 0) parts.push(`Arguments:\n\n${table(page.arguments)}`);
  if (page.options.length > 0) parts.push(`Options:\n\n${table(page.options)}`);
  if (page.subcommands.length > 0) parts.push(`Commands:\n\n${page.subcommands.map((s) => `- \`${[...page.path, s.name].join(' ')}\`: ${s.description}`).join('\n')}`);
  if (page.after) parts.push('```\n' + page.after + '\n```');
  return parts.join('\n\n');
}

export function markdownReference(pages: readonly ManualPage[]): string {
  const head = [
    '# Command reference',
    '',
    '<!-- Generated from the command tree by `recruit help reference` (npm run docs); test/docs/reference.test.ts keeps it current. -->',
    '',
    'Every command with its options, as `--help` prints them. The options of `recruit` itself',
    '(`--profile`, `--sandbox`, `--json`, …) are accepted by every command.',
  ].join('\n');
  return `${[head, ...pages.map(section)].join('\n\n')}\n`;
}
