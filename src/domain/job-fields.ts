// The job-field registry: every field a client may send, once, with all the client needs to know of
// it — its kind, whether a new job needs it, its flags, its place among the CSV columns, its label
// in `jobs get`, its line in `recruit help formats`, the wizard step that asks it — and one parser
// per kind for a value given as text (a flag, a CSV cell, a wizard answer). Flags, CSV in and out,
// the wizard, the help topic, the job view, the checks and update/apply derive from it, so adding
// an optional field is one entry here (docs/architecture.md, "A job field"). Pure data and pure functions:
// the sandbox may share it, and `--help` and `jobs get` load it.
import { lookupKind, type LookupKind } from './lookup-kinds.js';
import { descriptionProblem, locationProblem, MAX_TITLE_CHARACTERS, MIN_DESCRIPTION_WORDS, titleLengthProblem } from './text-rules.js';

export { MIN_DESCRIPTION_WORDS };
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
  /** What the API does with it beyond what its kind says: the sandbox's checks and docs/openapi.yaml. */
  readonly api?: FieldApi;
}

/** A refused value: the detail code and message of the 400 that names the field. */
export interface FieldProblem {
  readonly code: string;
  readonly message: string;
}

/**
 * How the API takes, keeps and describes a field beyond its kind. By kind the sandbox checks a
 * string, a positive id of the reference's lookup list, a number >= 0, a code of its /job-options
 * section (or its `values`, or `pattern`), an array of non-empty strings, a boolean; an optional
 * field may be sent as null and is null when unset (a list empty, a boolean false).
 */
export interface FieldApi {
  /** Never null, though optional on create: the service sets it when it is not sent. */
  readonly notNull?: boolean;
  /** A number's bounds (default 0 to 1e9); a list's most entries (default 50). */
  readonly max?: number;
  /** A number that must not exceed another field's. */
  readonly notAbove?: string;
  /** A text's own format, and the message of a value that does not match it. */
  readonly format?: { readonly pattern: RegExp; readonly message: string };
  /** A message for a value that does not match the field's `pattern`. */
  readonly patternMessage?: string;
  /** A text's own check: why a value is refused, or undefined. */
  readonly check?: (value: string) => FieldProblem | undefined;
  /** Kept with surrounding spaces taken off. */
  readonly trimmed?: boolean;
  /** JSON Schema keywords of docs/openapi.yaml beside those its kind gives (`maxLength`...). */
  readonly schema?: Readonly<Record<string, unknown>>;
  /** Its description in docs/openapi.yaml, and what of it is our choice (`x-not-in-spec`). */
  readonly doc?: string;
  readonly notInSpec?: string;
}

const ref = (name: string, lookup: LookupKind) => ({ name, lookup });
const problem = (code: string, message: string | undefined): FieldProblem | undefined => (message === undefined ? undefined : { code, message });
const titleCheck = (title: string): FieldProblem | undefined =>
  title.trim() === '' ? { code: 'required', message: 'must not be empty' } : problem('too_long', titleLengthProblem(title));
/** A job code the service accepts. */
export const JOB_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/;

/** In the order of the flags in `--help`. */
export const JOB_FIELDS = [
  { name: 'title', kind: 'text', required: 'always', trim: true, column: 2, label: 'Title', wizard: { step: 'title' },
    flags: [{ flag: '--title <text>', help: 'job title' }], formats: 'text',
    api: { check: titleCheck, schema: { minLength: 1, maxLength: MAX_TITLE_CHARACTERS, pattern: '\\S' }, notInSpec: 'The field name.',
      doc: `Not blank; at most ${MAX_TITLE_CHARACTERS} characters, counted as Unicode code points (as \`maxLength\` counts them): an emoji such as 🚀 is one character, although UTF-16 stores it in two units.` } },
  { name: 'description', kind: 'long-text', required: 'always', column: 18, label: 'Description', wizard: { step: 'description' },
    flags: [
      { flag: '--description <text>', help: 'description, at least 100 words' },
      { flag: '--description-file <path>', help: 'read the description from a file (- for stdin)', fromFile: true },
    ],
    formats: `text of at least ${MIN_DESCRIPTION_WORDS} words`,
    api: { check: (v) => problem('too_short', descriptionProblem(v)), doc: `At least ${MIN_DESCRIPTION_WORDS} words (whitespace separated).` } },
  { name: 'location', kind: 'text', required: 'always', trim: true, column: 17, label: 'Location', wizard: { step: 'location' },
    flags: [{ flag: '--location <text>', help: 'full location, e.g. "Austin, TX, USA" (also for remote jobs)' }],
    formats: 'a city and a country, e.g. "Austin, TX, USA" (a remote job too)',
    api: { check: (v) => problem('incomplete', locationProblem(v)), trimmed: true, notInSpec: 'What counts as a full location.',
      doc: 'A full location, even for a remote job: at least a city and a country, comma separated ("Austin, TX, USA"). "Remote" alone, or a location starting with a remote word, is refused.' } },
  { name: 'industryId', kind: 'reference', reference: ref('industry', 'industries'), column: 4, label: 'Industry', wizard: { step: 'industry' },
    flags: [{ flag: '--industry <id|name>', help: 'industry of the job function and employer type' }],
    formats: 'from `recruit lookup industries`',
    api: { notNull: true, notInSpec: 'The field; taken from the job function when not sent.',
      doc: 'The industry of the job function and employer type, which must always belong to one industry: when this is given, to this one (else 400 `wrong_industry`); when not, the job function\'s.' } },
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
    formats: 'from `recruit lookup departments`',
    api: { notInSpec: 'The field name.' } },
  { name: 'hiringManagerId', kind: 'reference', reference: ref('hiringManager', 'hiring-managers'), column: 9, label: 'Hiring manager',
    wizard: { step: 'hiringManager' },
    flags: [{ flag: '--hiring-manager <id|name>', help: 'hiring manager' }],
    formats: 'from `recruit lookup hiring-managers`',
    api: { notInSpec: 'The field name.' } },
  { name: 'jobType', kind: 'code', options: 'jobTypes', column: 10, label: 'Job type', wizard: { step: 'jobType' },
    flags: [{ flag: '--job-type <code>', help: 'job type code from job-options, e.g. FT' }],
    formats: 'a code from `recruit lookup job-options`, e.g. FT',
    api: { notInSpec: 'The field name and codes.' } },
  { name: 'educationLevel', kind: 'code', options: 'educationLevels', column: 11, label: 'Education', wizard: { step: 'educationLevel' },
    flags: [{ flag: '--education-level <code>', help: 'education level code from job-options, e.g. BA' }],
    formats: 'a code from `recruit lookup job-options`, e.g. BA',
    api: { notInSpec: 'The field name and codes.' } },
  { name: 'salaryInterval', kind: 'code', options: 'salaryIntervals', values: SALARY_INTERVALS, column: 12, label: 'Salary interval', wizard: { step: 'salaryInterval' },
    flags: [{ flag: '--salary-interval <H|D|W|M|Y>', help: 'salary interval: Hourly, Daily, Weekly, Monthly, Yearly' }],
    formats: `one of ${SALARY_INTERVALS.join(' ')} (hour, day, week, month, year)`,
    api: { notInSpec: 'The field name (the values are from the spec).' } },
  { name: 'salaryMin', kind: 'number', column: 13, label: 'Salary min', wizard: { step: 'salaryMin' },
    flags: [{ flag: '--salary-min <amount>', help: 'minimum salary' }], formats: 'a number >= 0, at most salaryMax',
    api: { notAbove: 'salaryMax', notInSpec: 'The field.' } },
  { name: 'salaryMax', kind: 'number', column: 14, label: 'Salary max', wizard: { step: 'salaryMax' },
    flags: [{ flag: '--salary-max <amount>', help: 'maximum salary' }], formats: 'a number >= 0',
    api: { notInSpec: 'The field.' } },
  { name: 'currency', kind: 'code', pattern: CURRENCY_PATTERN, column: 15, label: 'Currency', wizard: { step: 'currency' },
    flags: [{ flag: '--currency <code>', help: 'ISO 4217 currency, e.g. USD' }], formats: 'an ISO 4217 code, e.g. USD',
    api: { patternMessage: 'must be an ISO 4217 code such as USD or EUR', doc: 'ISO 4217 code.', notInSpec: 'The field (ISO 4217 code).' } },
  { name: 'experience', kind: 'number', column: 16, label: 'Experience (years)', wizard: { step: 'experience' },
    flags: [{ flag: '--experience <years>', help: 'years of experience' }], formats: 'years, a number >= 0',
    api: { max: 70, doc: 'In years.' } },
  { name: 'qualifications', kind: 'long-text', column: 19, label: 'Qualifications', wizard: { ask: 'Qualifications' },
    flags: [{ flag: '--qualifications <text>', help: 'qualifications' }], formats: 'text' },
  { name: 'skills', kind: 'list', column: 20, label: 'Skills', wizard: { step: 'skills' },
    flags: [{ flag: '--skills <list>', help: 'required skills, comma separated' }],
    formats: 'an array of non-empty strings: ["SQL", "Python"]',
    api: { notInSpec: 'The list type (array of strings).' } },
  { name: 'optionalSkills', kind: 'list', column: 21, label: 'Optional skills', wizard: { step: 'optionalSkills' },
    flags: [{ flag: '--optional-skills <list>', help: 'good-to-have skills, comma separated' }], formats: 'an array of non-empty strings',
    api: { notInSpec: 'The list type (array of strings).' } },
  { name: 'jobCode', kind: 'text', column: 1, label: 'Code',
    flags: [{ flag: '--job-code <code>', help: 'job code (generated by the service when omitted)' }],
    formats: 'text; the service makes one when it is omitted',
    api: { notNull: true, format: { pattern: JOB_CODE_PATTERN, message: 'must be 1-50 letters, digits, dots, dashes or underscores' },
      doc: 'Generated as `JOB-` and the zero-padded id (e.g. `JOB-00042`) when omitted on creation; not checked for uniqueness.',
      notInSpec: 'The field name and the generated format.' } },
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

// Made on first use: this module loads with every command, and the first normalize() of a run
// costs it the Unicode tables.
let booleans: Map<string, boolean> | undefined;

/** true, false, yes or no, or a spreadsheet's word for true or false (BOOLEAN_WORDS), in any case and Unicode form; undefined for anything else. */
export function parseBooleanText(text: string): boolean | undefined {
  booleans ??= new Map(BOOLEAN_WORDS.flatMap(([, yes, no]) => [[wordOf(yes), true], [wordOf(no), false]] as const));
  return booleans.get(wordOf(text));
}

/** A reference's text: digits are an id; anything else a name (left for the resolver). */
export function parseReferenceText(text: string): number | string {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}
