// Batch input files for the benchmarks: NDJSON job bodies the sandbox accepts (ids of its seeded
// lookups: industry 1, job function 101, employer type 501), each description over 100 words.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const WORDS = (
  'We are hiring an engineer to design build and run the services behind our product. You will work ' +
  'with a small team on APIs data pipelines and the tools that keep them reliable, review code, write ' +
  'tests and documentation, and take part in an on-call rotation that is calm because we fix causes. ' +
  'We value clear writing, careful measurement and kindness in reviews. The role is remote friendly ' +
  'with two days a week in the office, a yearly learning budget, and time to improve what slows us.'
).split(' ');

export function jobBody(i) {
  const description = Array.from({ length: 120 }, (_, k) => WORDS[(i + k) % WORDS.length]).join(' ');
  return {
    title: `Platform Engineer ${i}`,
    description,
    location: 'Austin, TX, USA',
    industryId: 1,
    jobFunctionId: 101,
    employerTypeId: 501,
    jobType: 'FT',
    salaryMin: 90000 + (i % 1000),
    salaryMax: 120000 + (i % 1000),
    currency: 'USD',
    salaryInterval: 'Y',
    skills: ['Go', 'SQL'],
  };
}

/** Writes `count` NDJSON lines to `path`, streaming, so that 100,000 lines take no memory here. */
export async function writeNdjson(path, count) {
  const out = createWriteStream(path);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${JSON.stringify(jobBody(i))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return path;
}

const CSV_COLUMNS = Object.keys(jobBody(0));

function csvCell(value) {
  const text = Array.isArray(value) ? value.join('; ') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes a header and `count` CSV rows of the same jobs to `path`, streaming. */
export async function writeCsv(path, count) {
  const out = createWriteStream(path);
  out.write(`${CSV_COLUMNS.join(',')}\r\n`);
  for (let i = 0; i < count; i++) {
    const body = jobBody(i);
    if (!out.write(`${CSV_COLUMNS.map((c) => csvCell(body[c])).join(',')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return path;
}

/** Writes a workbook (.xlsx) of a header and `count` rows of the same jobs to `path` (lib/xlsx.mjs). */
export async function writeXlsx(path, count) {
  const { writeWorkbook } = await import('./xlsx.mjs');
  function* rows() {
    for (let i = 0; i < count; i++) {
      const body = jobBody(i);
      yield CSV_COLUMNS.map((c) => (Array.isArray(body[c]) ? body[c].join('; ') : body[c]));
    }
  }
  return writeWorkbook(path, CSV_COLUMNS, rows());
}
