// docs/openapi.yaml, made from one description of the API: the hand-kept part (hand-kept.yaml: the
// prose, the job and admin operations, the shared components) and what derives from the registries
// and the sandbox's routes — the job's fields (src/domain/job-fields.ts), the lookup lists
// (src/domain/lookup-kinds.ts), a HEAD beside every GET, a 405 for every method a path does not
// serve, and the unknown paths. `npm run openapi` writes it; a test keeps the committed file equal
// (docs/architecture.md, "One description of the API"). Not part of the CLI's bundle.
import { isMap, isSeq, parseDocument, visit, type Document, type YAMLMap } from 'yaml';
import { FIELDS, type JobField } from '../../domain/job-fields.js';
import { LOOKUP_TABLE, type LookupKindSpec } from '../../domain/lookup-kinds.js';
import { READ_ONLY_JOB_FIELDS } from '../../domain/job-rules.js';
import { isNullable, RESOURCE_LEAD } from '../job.js';
import { codesOf } from '../job-validation.js';
import { adminRoutes } from '../routes/admin.js';
import { jobRoutes } from '../routes/jobs.js';
import { lookupRoutesOf } from '../routes/lookups.js';

type Json = Record<string, unknown>;

/** The methods an OpenAPI path item can name, in the order the document lists the refused ones. */
const REFUSED_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Description {
  readonly fields: readonly JobField[];
  readonly lookups: readonly LookupKindSpec[];
}

const ref = (where: string, name: string): Json => ({ $ref: `#/components/${where}/${name}` });
const V1_CHECKS = 'after the checks every /v1 request passes first (an injected fault, the token, the rate limit)';
const RATE_HEADERS = { 'X-Request-Id': ref('headers', 'RequestId'), 'RateLimit-Policy': ref('headers', 'RateLimitPolicy'), RateLimit: ref('headers', 'RateLimit') };
const V1_REFUSALS = {
  '400': ref('responses', 'BadRequest'),
  '401': ref('responses', 'Unauthorized'),
  '403': ref('responses', 'Forbidden'),
  '413': ref('responses', 'PayloadTooLarge'),
  '415': ref('responses', 'UnsupportedMediaType'),
  '429': ref('responses', 'TooManyRequests'),
  '503': ref('responses', 'ServiceUnavailable'),
};

const pascal = (text: string): string => text.replace(/(^|[\s/{}_-]+)(\w)/g, (_, _sep: string, c: string) => c.toUpperCase()).replace(/[^\w]/g, '');

// --- The job's fields ---------------------------------------------------------------------------

function nullable(type: string, field: JobField): string | string[] {
  return isNullable(field) && field.kind !== 'list' && field.kind !== 'boolean' ? [type, 'null'] : type;
}

/** A field as the service returns it (`write`: as a client sends it). */
export function fieldSchema(field: JobField, write: boolean, lookups: readonly LookupKindSpec[]): Json {
  const api = field.api ?? {};
  const words: string[] = [];
  let schema: Json;
  switch (field.kind) {
    case 'text':
    case 'long-text':
      schema = { type: nullable('string', field), ...(api.format ? { pattern: api.format.pattern.source } : {}) };
      break;
    case 'reference': {
      schema = { type: nullable('integer', field), minimum: 1 };
      const list = lookups.find((l) => l.kind === field.reference!.lookup);
      if (write && list && api.doc === undefined) words.push(`From GET /v1${list.path}`);
      if (write && field.required === 'staffing') words.push('required (not null) on staffing accounts');
      break;
    }
    case 'number':
      schema = { type: nullable('number', field), minimum: 0, ...(write ? { maximum: api.max ?? 1e9 } : {}) };
      if (write && api.notAbove) words.push(`Not above ${api.notAbove}`);
      break;
    case 'code': {
      const codes = codesOf(field);
      schema = { type: nullable('string', field), ...(codes ? { enum: isNullable(field) ? [...codes, null] : [...codes] } : {}) };
      if (field.pattern) schema.pattern = field.pattern.source;
      if (write && field.options && !field.values) words.push('A code from GET /v1/job-options');
      break;
    }
    case 'list':
      schema = write
        ? { type: ['array', 'null'], maxItems: api.max ?? 50, items: { type: 'string', pattern: '\\S' } }
        : { type: 'array', items: { type: 'string' } };
      if (write) words.push('Non-empty strings; null clears the list');
      break;
    case 'boolean':
      schema = { type: 'boolean' };
  }
  if (write && api.schema) Object.assign(schema, api.schema);
  const description = [api.doc?.replace(/\.$/, ''), words.length > 0 ? words.join('; ') : undefined].filter((w) => w !== undefined).join('. ');
  if (description !== '') schema.description = `${description}.`;
  if (api.notInSpec) schema['x-not-in-spec'] = api.notInSpec;
  return schema;
}

function jobSchemas(doc: Document, d: Description): void {
  const schemas = doc.getIn(['components', 'schemas']) as YAMLMap;
  const job = schemas.get('Job') as YAMLMap;
  const own = (job.get('properties') as YAMLMap).toJSON() as Json;
  const order = [...new Set([...RESOURCE_LEAD, ...d.fields.map((f) => f.name), 'createdAt', 'updatedAt'])];
  const properties = Object.fromEntries(order.map((n) => [n, own[n] ?? fieldSchema(d.fields.find((f) => f.name === n)!, false, d.lookups)]));
  job.set('required', doc.createNode(order));
  job.set('properties', doc.createNode(properties));
  const writable = schemas.get('JobWritable') as YAMLMap;
  (writable.get('propertyNames') as YAMLMap).setIn(['not', 'enum'], doc.createNode([...READ_ONLY_JOB_FIELDS]));
  writable.set('properties', doc.createNode(Object.fromEntries(d.fields.map((f) => [f.name, fieldSchema(f, true, d.lookups)]))));
  (schemas.get('JobCreate') as YAMLMap).set('required', doc.createNode(d.fields.filter((f) => f.required === 'always').map((f) => f.name)));
}

// --- The lookup lists ---------------------------------------------------------------------------

function lookupSchemas(doc: Document, d: Description): void {
  const schemas = doc.getIn(['components', 'schemas']) as YAMLMap;
  for (const list of d.lookups) {
    if (!list.api) continue;
    const used = d.fields.find((f) => f.reference?.lookup === list.kind);
    const description = [list.api.item, used ? `Its id is used as \`${used.name}\`.` : undefined].filter(Boolean).join(' ');
    const fields = list.api.fields ?? {};
    schemas.set(list.api.schema, doc.createNode({
      type: 'object',
      required: ['id', 'name', ...Object.keys(fields)],
      additionalProperties: false,
      ...(description ? { description } : {}),
      ...(list.api.notInSpec ? { 'x-not-in-spec': list.api.notInSpec } : {}),
      properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' }, ...fields },
    }));
  }
  for (const list of d.lookups) {
    if (!list.api) continue;
    schemas.set(`${list.api.schema}Page`, doc.createNode({
      type: 'object',
      required: ['data', 'meta'],
      additionalProperties: false,
      properties: { data: { type: 'array', items: ref('schemas', list.api.schema) }, meta: ref('schemas', 'PaginationMeta') },
    }));
  }
}

function lookupOperation(list: LookupKindSpec, fields: readonly JobField[]): Json {
  const noun = list.api?.summaryNoun ?? list.noun!;
  const used = fields.find((f) => f.reference?.lookup === list.kind);
  const words = ['Requires `organization.read`.'];
  if (list.byIndustry) words.push('`industry_id` is required: without it, or with an id that is not a positive integer or names no industry, the answer is 400 naming `industry_id`.');
  if (list.api?.doc) words.push(list.api.doc);
  else if (used && !used.required && list.ofAccount) words.push(`A ${list.what!} is an optional reference on a job (\`${used.name}\`).`);
  return {
    operationId: `list${pascal(list.noun!)}`,
    tags: ['lookups'],
    summary: list.byIndustry ? `List the ${noun} of an industry` : list.ofAccount ? `List ${noun} of the account` : `List ${noun}`,
    description: words.join(' '),
    'x-permission': 'organization.read',
    parameters: [
      ...(list.byIndustry ? [ref('parameters', 'IndustryId')] : []),
      ref('parameters', 'Page'),
      ref('parameters', 'PageSize'),
      ref('parameters', list.searchInSpec ? 'Search' : 'SearchNotInSpec'),
    ],
    responses: {
      '200': {
        description: `One page of ${list.byIndustry ? "the industry's" : list.ofAccount ? "the account's" : ''} ${list.noun!}, in id order.`.replace('of  ', 'of '),
        headers: RATE_HEADERS,
        content: { 'application/json': { schema: ref('schemas', `${list.api!.schema}Page`) } },
      },
      ...V1_REFUSALS,
    },
  };
}

// --- HEAD, 405 and unknown paths ----------------------------------------------------------------

const HEAD_RESPONSES: Record<string, string> = { '200': 'HeadOk', '401': 'HeadUnauthorized', '429': 'HeadTooManyRequests', '503': 'HeadServiceUnavailable' };

function headOf(get: Json, admin: boolean): Json {
  const id = String(get.operationId);
  const responses = Object.fromEntries(Object.keys(get.responses as Json).map((s) => [s, ref('responses', HEAD_RESPONSES[s] ?? 'HeadRefused')]));
  const permission = get['x-permission'];
  return {
    operationId: admin ? `sandboxHead${id.replace(/^sandbox(Get)?/, '')}` : `head${id.replace(/^(get|list)/, '')}`,
    tags: get.tags,
    summary: `${String(get.summary)}, headers only`,
    description: `The GET's status and headers (Content-Length included), without a body.${permission ? ` Requires \`${String(permission)}\`.` : ''}`,
    ...(permission ? { 'x-permission': permission } : {}),
    ...(admin ? {} : { 'x-not-in-spec': "HEAD is the sandbox's (the spec shows GET only)." }),
    ...(admin ? { security: [] } : {}),
    ...(get.parameters ? { parameters: get.parameters } : {}),
    responses,
  };
}

/** A refusal of HEAD has no body: the bodiless twin of each refusal. */
const HEAD_TWIN: Record<string, string> = {
  Unauthorized: 'HeadUnauthorized',
  MethodNotAllowed: 'HeadMethodNotAllowed',
  TooManyRequests: 'HeadTooManyRequests',
  ServiceUnavailable: 'HeadServiceUnavailable',
  NotFound: 'HeadRefused',
};

function refusals(method: string, names: Record<string, string>): Json {
  return Object.fromEntries(Object.entries(names).map(([status, name]) => [status, ref('responses', method === 'head' ? (HEAD_TWIN[name] ?? name) : name)]));
}

const V1_REFUSED = { '401': 'Unauthorized', '405': 'MethodNotAllowed', '429': 'TooManyRequests', '503': 'ServiceUnavailable' };
const V1_UNKNOWN = { '401': 'Unauthorized', '404': 'NotFound', '429': 'TooManyRequests', '503': 'ServiceUnavailable' };

function refusedOf(method: string, path: string, allow: readonly string[], tags: unknown, admin: boolean): Json {
  const upper = method.toUpperCase();
  const v1 = admin ? '' : `, ${V1_CHECKS}`;
  return {
    operationId: `${method}${pascal(path.replace(/^\/_sandbox/, '/sandbox'))}NotAllowed`,
    tags,
    summary: `${upper} is not served (405)`,
    description: `The path does not serve ${upper}: the answer is 405 \`method_not_allowed\` with \`Allow: ${allow.join(', ')}\`${v1}.`,
    'x-refused': 'method_not_allowed',
    ...(admin ? { security: [] } : {}),
    responses: refusals(method, admin ? { '405': 'MethodNotAllowed' } : V1_REFUSED),
  };
}

const UNKNOWN = [
  { path: '/v1/{unknownPath}', id: 'V1', admin: false, says: `No such path under /v1: 404 \`not_found\`, ${V1_CHECKS}.` },
  { path: '/_sandbox/{unknownPath}', id: 'Sandbox', admin: true, says: 'No such sandbox admin route: 404 `not_found`, with or without a token.' },
  { path: '/{unknownPath}', id: '', admin: true, says: 'Neither the API (/v1/) nor the sandbox admin routes (/_sandbox/): 404 `not_found`, with or without a token.' },
];

function unknownPath(u: (typeof UNKNOWN)[number]): Json {
  const item: Json = { parameters: [ref('parameters', 'UnknownPath')] };
  for (const method of REFUSED_ORDER) {
    item[method] = {
      operationId: `${method}${u.id}UnknownPath`,
      tags: ['unknown-paths'],
      summary: `${method.toUpperCase()} on an unknown path (404)`,
      'x-refused': 'not_found',
      description: u.says,
      ...(u.admin ? { security: [] } : {}),
      responses: refusals(method, u.admin ? { '404': 'NotFound' } : V1_UNKNOWN),
    };
  }
  return item;
}

function completePaths(doc: Document, d: Description): void {
  const paths = doc.get('paths') as YAMLMap;
  // The lookup lists, after /v1/job-options, in the registry's order.
  const at = paths.items.findIndex((p) => String((p.key as { value: unknown }).value) === '/v1/job-options') + 1;
  const lists = d.lookups.filter((l) => l.noun !== undefined && l.api).map((l) => doc.createPair(`/v1${l.path}`, { get: lookupOperation(l, d.fields) }));
  paths.items.splice(at, 0, ...lists);

  const served = [
    ...[...lookupRoutesOf(d.lookups), ...jobRoutes].map((r) => ({ method: r.method, path: `/v1${r.path}` })),
    ...adminRoutes.map((r) => ({ method: r.method, path: `/_sandbox${r.path}` })),
  ];
  for (const pair of paths.items) {
    const path = String((pair.key as { value: unknown }).value);
    const item = pair.value as YAMLMap;
    const admin = path.startsWith('/_sandbox/');
    const methods = served.filter((r) => r.path === path).map((r) => r.method.toLowerCase());
    const get = item.get('get') as YAMLMap | undefined;
    if (get) item.set('head', doc.createNode(headOf(get.toJSON() as Json, admin)));
    const allow = [...new Set(methods.flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()])))].sort(byMethod);
    const tags = ((get ?? item.items.map((p) => p.value).find(isMap)) as YAMLMap | undefined)?.get('tags');
    for (const method of REFUSED_ORDER) {
      if (item.has(method)) continue;
      item.set(method, doc.createNode(refusedOf(method, path, allow, isSeq(tags) ? tags.toJSON() : tags, admin)));
    }
  }
  for (const u of UNKNOWN) paths.set(u.path, doc.createNode(unknownPath(u)));
}

/** `GET, HEAD, POST, PATCH`: the order of Allow in the document. */
function byMethod(a: string, b: string): number {
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH'];
  return order.indexOf(a) - order.indexOf(b);
}

/** Small generated maps and lists of scalars as one line (`{ $ref: ... }`), as the hand-kept part writes them; its own are left as written. */
function compact(doc: Document): void {
  visit(doc, {
    Map(_, node) {
      if (node.range == null && node.flow === undefined && node.items.length > 0 && node.items.length <= 4 && node.items.every((p) => !isMap(p.value) && !isSeq(p.value))) {
        const text = JSON.stringify(node.toJSON());
        if (text.length < 90 && !text.includes('\\n')) node.flow = true;
      }
    },
    Seq(_, node) {
      if (node.range == null && node.flow === undefined && node.items.every((i) => !isMap(i) && !isSeq(i)) && JSON.stringify(node.toJSON()).length < 90) node.flow = true;
    },
  });
}

export const GENERATED_NOTE =
  '# Generated by `npm run openapi` from src/sandbox/openapi/hand-kept.yaml and the registries of src/domain\n' +
  '# (job-fields.ts, lookup-kinds.ts); edit those, not this file (docs/architecture.md, "One description of the API").\n';

/** docs/openapi.yaml from the hand-kept part's text and the description (the registries, unless a test gives others). */
export function openApiText(handKept: string, d: Description = { fields: FIELDS, lookups: LOOKUP_TABLE }): string {
  const doc = parseDocument(handKept);
  completePaths(doc, d);
  jobSchemas(doc, d);
  lookupSchemas(doc, d);
  compact(doc);
  return GENERATED_NOTE + doc.toString({ lineWidth: 110 });
}
