// The job-field registry: every field a client may send, once, with all the client needs to know of
// it — its kind, whether a new job needs it, its flags, its place among the CSV columns, its label
// in `jobs get`, its line in `recruit help formats`, the wizard step that asks it — and one parser
// per kind for a value given as text (a flag, a CSV cell, a wizard answer). Flags, CSV in and out,
// the wizard, the help topic, the job view, the checks and update/apply derive from it, so adding
// an optional field is one entry here (docs/architecture.md, "A job field"). Pure data and pure functions:
// the sandbox may share it, and `--help` and `jobs get` load it.
import { lookupKind, type LookupKind } from './lookup-kinds.js';

export const MIN_DESCRIPTION_WORDS = 100;
export const SALARY_INTERVALS = ['H', 'D', 'W', 'M', 'Y'] as const;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/**
 * text: one line; long-text: free text, read from a file by a flag; reference: an integer id of a
 * lookup list, or a name in the name form; number: >= 0; code: a code (of /job-options, or a fixed
 * set); boolean; list: strings.
 */
export type FieldKind = 'text' | 'long-text' | 'reference' | 'number' | 'code' | 'boolean' | 'list';

export interface FieldFlag {
  /** As commander takes it: `--job-function <id|name>`. */
  readonly flag: string;
  readonly help: string;
  /** The flag names a file (- for stdin) that holds the value. */
  readonly fromFile?: boolean;
}

export interface JobField {
  /** The API's name. */
  readonly name: string;
  readonly kind: FieldKind;
  /** Required when a job is created: on every account, or on staffing accounts only. */
  readonly required?: 'always' | 'staffing';
  /** A reference's name form (`jobFunction` for jobFunctionId) and the lookup list it points into. */
  readonly reference?: { readonly name: string; readonly lookup: LookupKind };
  /** A code's section of /job-options (`jobTypes`), for its labels and checks. */
  readonly options?: string;
  /** A code's fixed set, or the pattern it matches, checked by the rules of job-rules.ts. */
  readonly values?: readonly string[];
  readonly pattern?: RegExp;
  /** The flags of `jobs create` and `jobs update` that set it (publication has flags of its own). */
  readonly flags?: readonly FieldFlag[];
  /** Its line in `recruit help formats`: what a value looks like. */
  readonly formats: string;
  /** Its label in `jobs get`. */
  readonly label: string;
  /** Its place among the columns of `--csv` (jobs-csv.ts); fields without one follow, in this order. */
  readonly column?: number;
  /** Surrounding spaces are taken off when read. */
  readonly trim?: boolean;
  /** The wizard step that asks it (src/wizard/steps), or a question for the plain text step. */
  readonly wizard?: { readonly step: string } | { readonly ask: string };
}

const ref = (name: string, lookup: LookupKind) => ({ name, lookup });

/** In the order of the flags in `--help`. */
export const JOB_FIELDS = [
  { name: 'title', kind: 'text', required: 'always', trim: true, column: 2, label: 'Title', wizard: { step: 'title' },
    flags: [{ flag: '--title <text>', help: 'job title' }], formats: 'text' },
  { name: 'description', kind: 'long-text', required: 'always', column: 18, label: 'Description', wizard: { step: 'description' },
    flags: [
      { flag: '--description <text>', help: 'description, at least 100 words' },
      { flag: '--description-file <path>', help: 'read the description from a file (- for stdin)', fromFile: true },
    ],
    formats: `text of at least ${MIN_DESCRIPTION_WORDS} words` },
  { name: 'location', kind: 'text', required: 'always', trim: true, column: 17, label: 'Location', wizard: { step: 'location' },
    flags: [{ flag: '--location <text>', help: 'full location, e.g. "Austin, TX, USA" (also for remote jobs)' }],
    formats: 'a city and a country, e.g. "Austin, TX, USA" (a remote job too)' },
  { name: 'industryId', kind: 'reference', reference: ref('industry', 'industries'), column: 4, label: 'Industry', wizard: { step: 'industry' },
    flags: [{ flag: '--industry <id|name>', help: 'industry of the job function and employer type' }],
    formats: 'from `recruit lookup industries`' },
  { name: 'jobFunctionId', kind: 'reference', required: 'always', reference: ref('jobFunction', 'functions'), column: 5, label: 'Job function',
    wizard: { step: 'jobFunction' },
    flags: [{ flag: '--job-function <id|name>', help: 'job function (see `recruit lookup functions`)' }],
    formats: 'from `recruit lookup functions --industry <id|name>`' },
  { name: 'employerTypeId', kind: 'reference', required: 'always', reference: ref('employerType', 'employer-types'), column: 6, label: 'Employer type',
    wizard: { step: 'employerType' },
    flags: [{ flag: '--employer-type <id|name>', help: 'employer type (see `recruit lookup employer-types`)' }],
    formats: 'from `recruit lookup employer-types --industry <id|name>`' },
  { name: 'customerId', kind: 'reference', required: 'staffing', reference: ref('customer', 'customers'), column: 7, label: 'Customer',
    wizard: { step: 'customer' },
    flags: [{ flag: '--customer <id|name>', help: 'client company; required on staffing accounts' }],
    formats: 'from `recruit lookup customers`; required on staffing accounts' },
  { name: 'departmentId', kind: 'reference', reference: ref('department', 'departments'), column: 8, label: 'Department', wizard: { step: 'department' },
    flags: [{ flag: '--department <id|name>', help: 'department' }],
    formats: 'from `recruit lookup departments`' },
  { name: 'hiringManagerId', kind: 'reference', reference: ref('hiringManager', 'hiring-managers'), column: 9, label: 'Hiring manager',
    wizard: { step: 'hiringManager' },
    flags: [{ flag: '--hiring-manager <id|name>', help: 'hiring manager' }],
    formats: 'from `recruit lookup hiring-managers`' },
  { name: 'jobType', kind: 'code', options: 'jobTypes', column: 10, label: 'Job type', wizard: { step: 'jobType' },
    flags: [{ flag: '--job-type <code>', help: 'job type code from job-options, e.g. FT' }],
    formats: 'a code from `recruit lookup job-options`, e.g. FT' },
  { name: 'educationLevel', kind: 'code', options: 'educationLevels', column: 11, label: 'Education', wizard: { step: 'educationLevel' },
    flags: [{ flag: '--education-level <code>', help: 'education level code from job-options, e.g. BA' }],
    formats: 'a code from `recruit lookup job-options`, e.g. BA' },
  { name: 'salaryInterval', kind: 'code', options: 'salaryIntervals', values: SALARY_INTERVALS, column: 12, label: 'Salary interval', wizard: { step: 'salaryInterval' },
    flags: [{ flag: '--salary-interval <H|D|W|M|Y>', help: 'salary interval: Hourly, Daily, Weekly, Monthly, Yearly' }],
    formats: `one of ${SALARY_INTERVALS.join(' ')} (hour, day, week, month, year)` },
  { name: 'salaryMin', kind: 'number', column: 13, label: 'Salary min', wizard: { step: 'salaryMin' },
    flags: [{ flag: '--salary-min <amount>', help: 'minimum salary' }], formats: 'a number >= 0, at most salaryMax' },
  { name: 'salaryMax', kind: 'number', column: 14, label: 'Salary max', wizard: { step: 'salaryMax' },
    flags: [{ flag: '--salary-max <amount>', help: 'maximum salary' }], formats: 'a number >= 0' },
  { name: 'currency', kind: 'code', pattern: CURRENCY_PATTERN, column: 15, label: 'Currency', wizard: { step: 'currency' },
    flags: [{ flag: '--currency <code>', help: 'ISO 4217 currency, e.g. USD' }], formats: 'an ISO 4217 code, e.g. USD' },
  { name: 'experience', kind: 'number', column: 16, label: 'Experience (years)', wizard: { step: 'experience' },
    flags: [{ flag: '--experience <years>', help: 'years of experience' }], formats: 'years, a number >= 0' },
  { name: 'qualifications', kind: 'long-text', column: 19, label: 'Qualifications', wizard: { ask: 'Qualifications' },
    flags: [{ flag: '--qualifications <text>', help: 'qualifications' }], formats: 'text' },
  { name: 'skills', kind: 'list', column: 20, label: 'Skills', wizard: { step: 'skills' },
    flags: [{ flag: '--skills <list>', help: 'required skills, comma separated' }],
    formats: 'an array of non-empty strings: ["SQL", "Python"]' },
  { name: 'optionalSkills', kind: 'list', column: 21, label: 'Optional skills', wizard: { step: 'optionalSkills' },
    flags: [{ flag: '--optional-skills <list>', help: 'good-to-have skills, comma separated' }], formats: 'an array of non-empty strings' },
  { name: 'jobCode', kind: 'text', column: 1, label: 'Code',
    flags: [{ flag: '--job-code <code>', help: 'job code (generated by the service when omitted)' }],
    formats: 'text; the service makes one when it is omitted' },
  { name: 'publishToCareerPage', kind: 'boolean', column: 3, label: 'Career page', wizard: { step: 'publishToCareerPage' },
    formats: 'true or false; true at creation is refused on approval accounts' },
  { name: 'publishToFreeJobBoards', kind: 'boolean', column: 3, label: 'Free job boards', wizard: { step: 'publishToFreeJobBoards' },
    formats: 'true or false; true at creation is refused on approval accounts' },
] as const satisfies readonly JobField[];

/** The registry's entries, each as a JobField (the optional parts readable without narrowing). */
export const FIELDS: readonly JobField[] = JOB_FIELDS;

export function fieldNamed(name: string): JobField | undefined {
  return FIELDS.find((f) => f.name === name);
}

/** A reference field with its lookup list. */
export interface ReferenceField {
  /** The name form: `jobFunction`. */
  readonly name: string;
  readonly idField: string;
  /** Its `recruit lookup` kind. */
  readonly kind: LookupKind;
  readonly path: string;
  readonly what: string;
  readonly byIndustry: boolean;
}

export function referencesOf(fields: readonly JobField[]): ReferenceField[] {
  return fields.flatMap((f) => {
    if (!f.reference) return [];
    const list = lookupKind(f.reference.lookup);
    return [{ name: f.reference.name, idField: f.name, kind: f.reference.lookup, path: list.path, what: list.what!, byIndustry: list.byIndustry === true }];
  });
}

/** Reference fields that may be given by name (`"jobFunction": "DevOps"`) or by id. */
export const REFERENCE_FIELDS: readonly ReferenceField[] = referencesOf(FIELDS);

export const namesOfKind = (kind: FieldKind, fields: readonly JobField[] = FIELDS): string[] => fields.filter((f) => f.kind === kind).map((f) => f.name);

// --- One parser per kind, for a value given as text -------------------------------------------

/**
 * A number as people write it: `70000`, `70,000`, `70 000`, `70_000`, `12.5`, `-3` (the range is
 * each caller's check). A separator (comma, underscore, a space or a no-break space) only between
 * groups of three digits, one kind of separator per number; `.` is the decimal point. Anything else
 * (`7,0000`, `1e3`, `0x10`, `$5`) is no number: undefined. docs/decisions.md: one number parser.
 */
export function parseNumberText(text: string): number | undefined {
  const read = readNumberText(text);
  return read !== undefined && 'value' in read ? read.value : undefined;
}

/**
 * The decimal mark of where a number is written: `.` on a flag, in the wizard and in a `,` CSV file;
 * `,` in a `;` CSV file (written where the comma is the decimal mark); either in a tab-separated file.
 */
export type DecimalMark = '.' | ',' | 'either';

/** A number read, or two readings that differ (`70,000` in a `;` file: 70 or 70000). */
export type NumberReading = { value: number } | { ambiguous: readonly [grouped: number, decimal: number] };

const GROUPS = /^-?\d{1,3}(?:([,._ \u00a0\u202f])\d{3})(?:\1\d{3})*$/;

/** The integer part of `text`: plain digits, or groups of three with one separator that is not `mark`. */
function integerPart(text: string, mark: string): string | undefined {
  if (/^-?\d+$/.test(text)) return text;
  const grouped = GROUPS.exec(text);
  return grouped && grouped[1] !== mark ? text.replace(/[,._ \u00a0\u202f]/g, '') : undefined;
}

/** `text` read with `mark` as its decimal mark (or none), the other separators as groups. */
function readWith(text: string, mark: '.' | ',' | undefined): number | undefined {
  const at = mark === undefined ? -1 : text.lastIndexOf(mark);
  const whole = integerPart(at === -1 ? text : text.slice(0, at), mark ?? '');
  if (whole === undefined) return undefined;
  if (at === -1) return Number(whole);
  const fraction = text.slice(at + 1);
  return /^\d+$/.test(fraction) ? Number(`${whole}.${fraction}`) : undefined;
}

/**
 * A number as `parseNumberText` reads it, where the decimal mark may be a comma: in a `;` or tab
 * file `12,5` is 12.5 and `70.000` is 70000, and a number that reads two ways (`70,000` where the
 * comma is the decimal mark: 70 or 70000) is ambiguous, for the caller to name both readings. With
 * the decimal point (`.`, the default) it is exactly `parseNumberText`.
 */
export function readNumberText(text: string, decimal: DecimalMark = '.'): NumberReading | undefined {
  const t = text.trim();
  if (decimal === '.') {
    const grouped = /^-?\d{1,3}(?:([,_ \u00a0\u202f])\d{3})(?:\1\d{3})*(?:\.\d+)?$/.test(t);
    const plain = grouped ? t.replace(/[,_ \u00a0\u202f]/g, '') : t;
    return /^-?\d+(?:\.\d+)?$/.test(plain) ? { value: Number(plain) } : undefined;
  }
  const grouped = readWith(t, undefined);
  // The marks that may be the decimal mark here; in a `;` file a point is one only where it cannot group (`1.5`).
  const own = (decimal === 'either' ? (['.', ','] as const) : ([','] as const)).map((m) => readWith(t, m));
  const decimals = own.filter((v): v is number => v !== undefined && v !== grouped);
  if (grouped !== undefined && decimals.length > 0) return { ambiguous: [grouped, decimals[0]!] };
  const value = grouped ?? decimals[0] ?? (decimal === ',' ? readWith(t, '.') : undefined);
  return value === undefined ? undefined : { value };
}

/** A number of a file's cell (readCellNumber): read, read two ways, or with more digits than a number holds (and what it would be rounded to). */
export type CellNumber = NumberReading | { inexact: number };

/** Scientific notation as spreadsheets write it: `1E-07`, `1.50E+20`, `1,23E+017`; the mantissa's mark is caught. */
const SCIENTIFIC = /^(-?\d+)(?:([.,])(\d+))?[eE]([+-]?\d+)$/;

/** The significant digits of a number's text (`0.0012300` → `123`; before an exponent, if any). */
function significant(text: string): string {
  const digits = text.split(/[eE]/)[0]!.replace(/\D/g, '');
  return digits.replace(/^0+/, '').replace(/0+$/, '');
}

/**
 * A number in a cell of a file, in every notation a spreadsheet writes there: readNumberText's
 * (groups, the file's decimal mark), and scientific notation (`1E-07`, `1.5E+3`, and `1,5E+03`
 * where the comma may be the decimal mark; a mantissa has no groups, so either mark is one where the
 * file allows it). A number whose digits a double does not hold (`123456789012345678`, more than
 * some 15 significant digits, or past the range) is `inexact`, never rounded without a word.
 * Flags and the wizard keep parseNumberText (no exponents: docs/decisions.md, "One number parser").
 */
export function readCellNumber(text: string, decimal: DecimalMark = '.'): CellNumber | undefined {
  const t = text.trim();
  const scientific = SCIENTIFIC.exec(t);
  let reading: NumberReading | undefined;
  if (scientific) {
    const [, whole, mark, fraction, exponent] = scientific;
    if (mark === ',' && decimal === '.') return undefined;
    reading = { value: Number(`${whole}${fraction === undefined ? '' : `.${fraction}`}e${exponent}`) };
  } else reading = readNumberText(t, decimal);
  if (reading === undefined || !('value' in reading)) return reading;
  const held = Number.isFinite(reading.value) ? significant(String(Math.abs(reading.value))) : undefined;
  return held === significant(t) ? reading : { inexact: reading.value };
}

/** A list: items split at `separator` (`,` on a flag, `;` in a CSV cell), trimmed, empty ones dropped. */
export function parseListText(text: string, separator: string): string[] {
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The words for true and false that spreadsheets write in a CSV export, by language: Excel's and
 * LibreOffice's (the same words; LibreOffice 7.4's CSV export in each locale checked), and `yes`/`no`.
 * Japanese Excel and LibreOffice write TRUE and FALSE. No word is true in one language and false in
 * another (test/domain/job-fields.test.ts checks it).
 */
export const BOOLEAN_WORDS: ReadonlyArray<readonly [language: string, yes: string, no: string]> = [
  ['en', 'true', 'false'],
  ['en', 'yes', 'no'],
  ['de', 'wahr', 'falsch'],
  ['fr', 'vrai', 'faux'],
  ['es', 'verdadero', 'falso'],
  ['it', 'vero', 'falso'],
  ['nl', 'waar', 'onwaar'],
  ['pt', 'verdadeiro', 'falso'],
  ['sv', 'sant', 'falskt'],
  ['da', 'sand', 'falsk'],
  ['nb', 'sann', 'usann'],
  ['fi', 'tosi', 'epätosi'],
  ['pl', 'prawda', 'fałsz'],
  ['cs', 'pravda', 'nepravda'],
  ['hu', 'igaz', 'hamis'],
  ['tr', 'doğru', 'yanlış'],
  ['ru', 'истина', 'ложь'],
];

/**
 * A word as BOOLEAN_WORDS holds it: compatibility forms and accents composed (NFKC: full-width
 * `ＴＲＵＥ`, a decomposed `ä`), lower case, and Turkish's dotted and dotless i as a plain i, so that
 * `YANLIŞ`, `yanlış` and `Yanlis` are one word.
 */
const wordOf = (text: string): string => text.trim().normalize('NFKC').toLowerCase().replace(/[\u0131\u0130]/g, 'i').replace(/i\u0307/g, 'i');

const BOOLEANS = new Map<string, boolean>(BOOLEAN_WORDS.flatMap(([, yes, no]) => [[wordOf(yes), true], [wordOf(no), false]] as const));

/** true, false, yes or no, or a spreadsheet's word for true or false (BOOLEAN_WORDS), in any case and Unicode form; undefined for anything else. */
export function parseBooleanText(text: string): boolean | undefined {
  return BOOLEANS.get(wordOf(text));
}

/** A reference's text: digits are an id; anything else a name (left for the resolver). */
export function parseReferenceText(text: string): number | string {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}
