// The separator of a CSV batch file: `,` (most of the world), `;` (Excel where the decimal mark is a
// comma: German, French, Dutch...) or a tab (Excel's "Unicode Text", Sheets' TSV). Given by
// --delimiter, a tab for a `*.tsv` name, or else told from the header row: the one of the three it
// has most of outside quotes (a comma when it has none). The separator also says how the file's
// numbers are written (domain/job-fields.ts, readNumberText).
import { UsageError } from '../../core/errors.js';
import type { DecimalMark } from '../../domain/job-fields.js';

export type Delimiter = ',' | ';' | '\t';

const NAMES: Record<string, Delimiter> = { ',': ',', comma: ',', ';': ';', semicolon: ';', tab: '\t', '\\t': '\t', '\t': '\t' };

/** --delimiter's value: `,` `;` `tab` (or comma, semicolon, `\t`). */
export function parseDelimiter(text: string): Delimiter {
  const found = NAMES[text.trim().toLowerCase()] ?? NAMES[text];
  if (found) return found;
  throw new UsageError(`--delimiter must be , ; or tab, got "${text}"`, [], 'unset, the separator is told from the header row (a *.tsv file: tab)');
}

/** The separator a header line uses most outside quotes; a comma when it has none. */
export function detectDelimiter(header: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of header) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
    else if (!quoted && (c === '\n' || c === '\r')) break;
  }
  const best = (['\t', ';'] as const).reduce<Delimiter>((a, b) => (counts[b] > counts[a] ? b : a), ',');
  return best;
}

/** How numbers are written in a file of this separator: `;` files use a decimal comma, tab files either mark. */
export function decimalMarkOf(delimiter: Delimiter): DecimalMark {
  return delimiter === ';' ? ',' : delimiter === '\t' ? 'either' : '.';
}

/** A name for messages. */
export function delimiterName(delimiter: Delimiter): string {
  return delimiter === '\t' ? 'tab' : delimiter === ';' ? 'semicolon' : 'comma';
}
