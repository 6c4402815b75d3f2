// One description of the API (docs/architecture.md, "One description of the API"): a job field and a
// lookup kind are each one entry in the registries of src/domain, and the lookup kind's items are
// the sandbox's data. This file adds `benefits` (free text), `officeId` (a reference) and the kind
// `offices` there alone, and checks every side: the client's flags and CSV columns, the sandbox
// accepting, storing, returning and checking the fields and serving the list, and the generated
// docs/openapi.yaml describing them (the answers validated against that document).
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type * as Fields from '../../src/domain/job-fields.js';
import type * as Kinds from '../../src/domain/lookup-kinds.js';
import type * as Data from '../../src/sandbox/lookup-data.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const added = vi.hoisted(() => ({
  benefits: {
    name: 'benefits',
    kind: 'long-text',
    label: 'Benefits',
    flags: [{ flag: '--benefits <text>', help: 'what the job offers besides the salary' }],
    formats: 'text: what the job offers besides the salary',
    api: { doc: 'What the job offers besides the salary.' },
  },
  office: {
    name: 'officeId',
    kind: 'reference',
    reference: { name: 'office', lookup: 'offices' },
    label: 'Office',
    flags: [{ flag: '--office <id|name>', help: 'office the job is based at' }],
    formats: 'from `recruit lookup offices`',
  },
  offices: {
    kind: 'offices',
    path: '/offices',
    noun: 'offices',
    what: 'office',
    extra: ['city'],
    ofAccount: true,
    api: { schema: 'Office', fields: { city: { type: 'string' } } },
  },
  items: [
    { id: 7001, name: 'Head office', city: 'Austin' },
    { id: 7002, name: 'Harbour office', city: 'Hamburg' },
  ],
}));

vi.mock('../../src/domain/lookup-kinds.js', async (importOriginal) => {
  const kinds = await importOriginal<typeof Kinds>();
  const table = [...kinds.LOOKUP_TABLE, added.offices];
  return { ...kinds, LOOKUP_TABLE: table, lookupKind: (kind: string) => table.find((row) => row.kind === kind)! };
});

vi.mock('../../src/domain/job-fields.js', async (importOriginal) => {
  const registry = await importOriginal<typeof Fields>();
  const fields = [...registry.JOB_FIELDS, added.benefits, added.office] as unknown as Fields.JobField[];
  return {
    ...registry,
    JOB_FIELDS: fields,
    FIELDS: fields,
    REFERENCE_FIELDS: registry.referencesOf(fields),
    fieldNamed: (name: string) => fields.find((f) => f.name === name),
  };
});

// The sandbox's data for the new kind: the one sandbox change a new list needs.
vi.mock('../../src/sandbox/lookup-data.js', async (importOriginal) => {
  const data = await importOriginal<typeof Data>();
  const all: Record<string, Data.LookupSource> = { ...data.LOOKUP_DATA, offices: () => added.items };
  return { ...data, LOOKUP_DATA: all, lookupItems: (kind: string, account: never) => all[kind]?.(account) };
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a document read by paths the test names
async function generated(): Promise<Record<string, any>> {
  const { openApiText } = await import('../../src/sandbox/openapi/generate.js');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return parse(openApiText(readFileSync(new URL('../../src/sandbox/openapi/hand-kept.yaml', import.meta.url), 'utf8'))) as Record<string, any>;
}

/** A validator of a schema of the generated document. */
async function schemaOf(name: string): Promise<(value: unknown) => boolean> {
  const ajv = new Ajv2020({ strict: false });
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) });
  ajv.addSchema(await generated(), 'doc.json', undefined, false);
  return ajv.compile({ $ref: `doc.json#/components/schemas/${name}` });
}

describe('a job field and a lookup kind added to the registries alone', () => {
  const sandbox = useSandbox();
  // The committed docs/openapi.yaml has neither; the answers are checked against the generated one.
  const raw = { validate: false } as const;

  it('are flags of jobs create and update, and CSV columns', async () => {
    const { fieldFlags } = await import('../../src/context/job-field-flags.js');
    const { FIELDS } = await import('../../src/domain/job-fields.js');
    const { jobColumns } = await import('../../src/commands/jobs/job-csv.js');
    expect(fieldFlags(FIELDS).map((f) => f.flag)).toEqual(expect.arrayContaining(['--benefits <text>', '--office <id|name>']));
    // A reference is written by its name form's column.
    expect(jobColumns(() => undefined).map((c) => c.header)).toEqual(expect.arrayContaining(['benefits', 'office']));
  });

  it('the sandbox accepts, stores and returns the fields, as the generated document describes them', async () => {
    const isJob = await schemaOf('Job');
    const created = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ benefits: 'Gym, bike', officeId: 7002 }), ...raw });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ benefits: 'Gym, bike', officeId: 7002 });
    expect(isJob(created.body)).toBe(true);
    const read = await call(sandbox.current, 'GET', `/v1/jobs/${created.body.id}`, raw);
    expect(read.body).toMatchObject({ benefits: 'Gym, bike', officeId: 7002 });
    const changed = await call(sandbox.current, 'PATCH', `/v1/jobs/${created.body.id}`, { body: { benefits: null, officeId: 7001 }, ...raw });
    expect([changed.status, changed.body.benefits, changed.body.officeId]).toEqual([200, null, 7001]);
    // A job that never had them (a seeded one) returns them unset, as every optional field.
    const seeded = await call(sandbox.current, 'GET', '/v1/jobs/1', raw);
    expect([seeded.body.benefits, seeded.body.officeId]).toEqual([null, null]);
    expect(isJob(seeded.body)).toBe(true);
  });

  it('the sandbox checks them by their kind: a string, an id of the new list', async () => {
    const bad = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ benefits: 5, officeId: 9999 }), ...raw });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      { field: 'benefits', code: 'invalid_type', message: 'must be a string' },
      { field: 'officeId', code: 'unknown', message: 'no office has id 9999' },
    ]);
  });

  it('the sandbox serves the new list, paged and searched, as every list', async () => {
    const isPage = await schemaOf('OfficePage');
    const list = await call(sandbox.current, 'GET', '/v1/offices?search=harbour', raw);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: 7002, name: 'Harbour office', city: 'Hamburg' }]);
    expect(isPage(list.body)).toBe(true);
    expect((await call(sandbox.current, 'DELETE', '/v1/offices', raw)).headers.allow).toBe('GET, HEAD');
  });

  it('the generated docs/openapi.yaml gains them: the fields, the path with HEAD and 405s, the schemas', async () => {
    const doc = await generated();
    const schemas = doc.components.schemas;
    expect(schemas.Job.required).toEqual(expect.arrayContaining(['benefits', 'officeId']));
    expect(schemas.JobWritable.properties.benefits).toEqual({ type: ['string', 'null'], description: 'What the job offers besides the salary.' });
    expect(schemas.JobWritable.properties.officeId).toEqual({ type: ['integer', 'null'], minimum: 1, description: 'From GET /v1/offices.' });
    expect(schemas.Office.properties).toEqual({ id: { type: 'integer', minimum: 1 }, name: { type: 'string' }, city: { type: 'string' } });
    const path = doc.paths['/v1/offices'];
    expect(Object.keys(path).sort()).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace']);
    expect(path.get).toMatchObject({ operationId: 'listOffices', summary: 'List offices of the account', 'x-permission': 'organization.read' });
    expect(path.head.operationId).toBe('headOffices');
    expect(path.post.description).toContain('`Allow: GET, HEAD`');
  });
});
