// The manual as man pages, one per command (recruit.1, recruit-jobs-create.1, …), written at build
// time and shipped in the package (package.json `man`), so `man recruit-jobs-create`
// finds them where npm installed the command.
import type { ManualPage } from './manual.js';

/** Text safe in roff: backslashes and hyphens escaped, no line starting with a control character. */
export function roffText(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

export const pageName = (page: ManualPage): string => page.path.join('-');

export function roffPage(page: ManualPage, version: string, date: string): string {
  const name = pageName(page);
  // NAME holds the description's first line (what whatis and apropos show); DESCRIPTION only what
  // follows it, and is left out when nothing does, rather than saying NAME again.
  const [first = '', ...rest] = page.description.split('\n');
  const more = rest.join('\n').trim();
  const lines = [
    `.TH "${name.toUpperCase()}" "1" "${date}" "recruit ${version}" "recruit manual"`,
    '.nh',
    '.ad l',
    '.SH NAME',
    `${roffText(name)} \\- ${roffText(first)}`,
    '.SH SYNOPSIS',
    `.B ${roffText(page.usage)}`,
    ...(more ? ['.SH DESCRIPTION', roffText(more)] : []),
  ];
  if (page.arguments.length > 0) {
    lines.push('.SH ARGUMENTS');
    for (const a of page.arguments) lines.push('.TP', `.B ${roffText(a.flags)}`, roffText(a.description));
  }
  if (page.options.length > 0) {
    lines.push('.SH OPTIONS');
    for (const o of page.options) lines.push('.TP', `.B ${roffText(o.flags)}`, roffText(o.description));
  }
  if (page.subcommands.length > 0) {
    lines.push('.SH COMMANDS');
    for (const s of page.subcommands) lines.push('.TP', `.B ${roffText([...page.path, s.name].join(' '))}`, roffText(s.description), `See \\fB${roffText([...page.path, s.name].join('-'))}\\fR(1).`);
  }
  if (page.after) lines.push('.SH EXAMPLES AND NOTES', '.nf', roffText(page.after), '.fi');
  const parent = page.path.length > 1 ? [page.path.slice(0, -1).join('-')] : [];
  const seeAlso = [...new Set([...parent, ...(page.path.length > 1 ? ['recruit'] : [])])];
  if (seeAlso.length > 0) lines.push('.SH SEE ALSO', seeAlso.map((p) => `\\fB${roffText(p)}\\fR(1)`).join(', '));
  return `${lines.join('\n')}\n`;
}
