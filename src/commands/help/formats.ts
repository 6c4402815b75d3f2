// `recruit help formats`: the batch file of `jobs create --file`, short (docs/batch.md has the long
// story). The fields, their lines, which are required and their name forms come from the field
// registry (domain/job-fields.ts), the service's own fields from the rules the checks use, so the
// list cannot drift from them; a format added later is one row of FILE_FORMATS.
import { FIELDS, namesOfKind } from '../../domain/job-fields.js';
import { READ_ONLY_JOB_FIELDS, REQUIRED_ON_CREATE } from '../../domain/job-rules.js';
import { OUTPUT_SHAPING } from './output-shaping.js';

/** How each format is recognised: CSV by the name or --format, the JSON forms by the content. */
const FILE_FORMATS: ReadonlyArray<[looks: string, isRead: string]> = [
  ['named *.csv or *.tsv, or --format csv', 'CSV: a header row of field names, then one job per row'],
  ['named *.xlsx, or --format xlsx', "a workbook's first visible sheet (or --sheet), read as CSV"],
  ['starts with [', 'a JSON array of job objects'],
  ['starts with {, one object per line', 'NDJSON: one job object per line; blank lines are skipped'],
  ['starts with {, otherwise', 'one job object (it may span several lines)'],
];

const REQUIRED = new Set<string>(REQUIRED_ON_CREATE);

function table(rows: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`.trimEnd()).join('\n');
}

/** Lines of at most `width` characters, broken at spaces. */
function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

export function formatsText(): string {
  const fields = FIELDS.map((f): [string, string] => {
    const name = f.reference?.name;
    return [`${f.name}${name ? ` or ${name}` : ''}${REQUIRED.has(f.name) ? ' *' : ''}`, f.formats];
  });
  return `Batch files (recruit jobs create --file <path>, or - for stdin; --format csv|json|xlsx)

The format:
${table(FILE_FORMATS)}
A file that starts with { is NDJSON when its first line is a whole JSON value or its second line
starts another {. Items are numbered from 0 in file order; every problem names its item and field.

Fields (* required), by the API's names:
${table(fields)}

References (the fields ending in Id) take an id, or a name in the field without Id:
"jobFunction": "Data Engineering". Give one or the other, not both. A name must match a whole name
(case and repeated spaces do not matter); a name of digits only is an id. When an item names an
industry, its job function and employer type must belong to it (and their names are looked for
there); otherwise they are looked for in every industry.

${wrap(`The service sets ${READ_ONLY_JOB_FIELDS.join(', ')}: an item with one of them is invalid. Any other field is sent as it is, with a warning naming it.`)}

Example (a JSON array; in NDJSON each object is one line):
  [
    {"title": "Data Engineer", "description": "(100 words or more)", "location": "Berlin, Germany",
     "industry": "Information Technology", "jobFunction": "Data Engineering",
     "employerType": "SaaS Startup", "skills": ["SQL", "Python"]}
  ]

Encodings (every input: batch files, stdin, --description-file): UTF-8 with or without a BOM,
UTF-16LE/BE with a BOM (Excel's "Unicode Text", PowerShell 5.1's \`>\`), or another code page
(Excel's "CSV (Comma delimited)": Windows-1252, -1250, -1251, Shift_JIS, ...) told from the bytes
and said in a note with a cell as read; when it is not clear, the run stops listing the likely ones.
--encoding <name> (or RECRUIT_ENCODING, the profile's encoding) says it. Bytes that are not text in
a file that is UTF-8 elsewhere stop the run naming their row and column (or line); nothing is sent.
Text is read for what it means: line ends in a value (CRLF, CR) become LF and text is put in
Unicode NFC before it is checked and sent, so one job saved by another program or system (CRLF or
LF, NFD or NFC, keys in another order) is the same item and is created once.

CSV (RFC 4180: cells with the separator, quotes or line breaks in double quotes, "" for a quote):
  title,description,location,industry,jobFunction,employerType,skills,publishToCareerPage
  Data Engineer,"(100 words, or more)","Berlin, Germany",1,Data Engineering,501,SQL; Python,no
The separator is a comma, a semicolon (Excel's, where the decimal mark is a comma) or a tab,
told from the header row (--delimiter comma, semicolon or tab; tab for *.tsv).
The header names the columns with the field names above (id or name forms); columns may come in
any order. An empty cell is an absent field. Lists (${namesOfKind('list').join(', ')}) are separated by ;
(in a ; file, quote the cell: "SQL; Python"). Booleans are true, false, yes or no, or a
spreadsheet's words for them in its language, any case: WAHR/FALSCH, VRAI/FAUX, VERDADERO/FALSO,
VERO/FALSO, WAAR/ONWAAR, VERDADEIRO/FALSO, SANT/FALSKT, PRAWDA/FAŁSZ, ...
(docs/guides/spreadsheets.md, "Booleans").
Numbers read as on a flag (70000, 70,000, 1 200, 12.5), and in scientific notation (1E-07, 1.5E+3);
in a ; file the comma is the decimal mark (12,5; 70.000; 1,5E+03), in a tab file either; a number
that reads two ways (70,000 in a ; file) is an error naming both, and one with more digits than a
number holds exactly (123456789012345678) is an error, never rounded.
A column the CLI does not know is sent as text, with a warning. Problems name the row and column,
rows numbered as a spreadsheet shows them: the header is row 1 (row 14, column salaryMax: ...).
A row with an id is a job that exists (as \`recruit jobs list --all --csv\` writes them) and is
skipped; the other columns the service sets (statusLabel, createdAt, ...) are not sent. A leading
' before = + - @ tab CR or ' (how --csv neutralises formulas) is taken off, and ="00042"
(how --csv --output <file> keeps a code as text for Excel) is read as 00042.
stdin: --file - --format csv. A file whose name says another format is read as its bytes say,
with a note (a workbook named jobs.csv is a workbook); an .xls, .ods, PDF or gzip file is refused.
A cell or a row of more than 1,048,576 characters, or a header of more than 500 columns, is refused.

Workbooks (.xlsx, as Excel, LibreOffice or Google Sheets save them): the first visible sheet
(a hidden one is passed over, with a note), or the one --sheet names, hidden or not; its
first row that holds anything is the header, as in CSV, and rows are numbered as the
spreadsheet numbers them. Hidden rows and columns are read like the others, with a note
naming them. A cell reads as a CSV export of the sheet would hold it: a number as its digits,
or as its format shows it (00042 formatted 00000), a date as 2026-11-26 (with a time:
2026-11-26T09:30:00) by the workbook's date system, TRUE/FALSE as true/false, rich text as its
text, a formula as the result the spreadsheet saved with it (one with no saved result, or an
error such as #N/A, is a problem naming the cell). Rows are read as they stream. Caps, checked
before the workbook is read: 64 MiB file, 1,000 parts, 256 MiB inflated per part and 512 MiB
together, 32 MiB of shared strings, 200,000 rows and 4,000,000 cells; larger: save CSV.
--xlsx (jobs list, jobs get, lookup, and batch results) writes one: ids and codes as text (00042
stays 00042), the header frozen; a text cell is never a formula, so =1+1 in a title is written
and read back as it is. To a pipe or --output <file>.

Every item is checked before anything is sent; running the same command again resumes the batch.
\`recruit jobs apply --file\` reads the same formats and needs a jobCode on every item (unique in
the file): it matches items with the account's jobs by code and plans create, update or unchanged.
It takes an export (jobs list --all --csv, --xlsx or --json) as it is: the fields the service
sets are not applied, and an id must be the job of its jobCode.
The whole story: docs/batch.md and docs/guides/spreadsheets.md in recruit's repository.
${OUTPUT_SHAPING}`;
}
