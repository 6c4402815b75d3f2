// Checks sandbox responses against docs/openapi.yaml, so that every sandbox test also proves the
// document describes what the sandbox really answers.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

export const OPENAPI_FILE = new URL('../../docs/openapi.yaml', import.meta.url);
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The document is registered in ajv under this id; schemas are compiled as `$ref`s into it. */
const DOC_ID = 'openapi.json';
const JSON_CONTENT = 'application/json';

type JsonObject = Record<string, unknown>;

export interface DocumentedOperation {
  /** Upper case, e.g. `PATCH`. */
  method: string;
  /** Path from the server origin, with the server's base path, e.g. `/v1/jobs/{jobId}`. */
  path: string;
  /** JSON pointer of the operation object in the document. */
  pointer: string;
  operation: JsonObject;
  pattern: RegExp;
  /** Template parameters in the path: a concrete path wins over a templated one. */
  params: number;
}

interface Loaded {
  doc: JsonObject;
  operations: DocumentedOperation[];
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

let loaded: Loaded | undefined;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a JSON pointer (`/paths/~1jobs/post`), or undefined. */
export function atPointer(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as JsonObject)[key];
  }
  return node;
}

/** Follows `$ref`s (local ones only) to the object they name; returns it with its pointer. */
export function resolve(doc: JsonObject, pointer: string): { pointer: string; value: unknown } {
  let value = atPointer(doc, pointer);
  for (let hops = 0; isObject(value) && typeof value.$ref === 'string'; hops++) {
    const ref = value.$ref;
    if (!ref.startsWith('#/') || hops > 20) throw new Error(`OpenAPI: cannot follow $ref ${ref} at ${pointer}`);
    pointer = ref.slice(1);
    value = atPointer(doc, pointer);
  }
  if (value === undefined) throw new Error(`OpenAPI: nothing at ${pointer}`);
  return { pointer, value };
}

function basePath(servers: unknown): string {
  const url = Array.isArray(servers) && isObject(servers[0]) ? String(servers[0].url) : '/';
  return new URL(url, 'http://localhost').pathname.replace(/\/$/, '');
}

function listOperations(doc: JsonObject): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [template, item] of Object.entries((doc.paths ?? {}) as JsonObject)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const path = basePath(operation.servers ?? item.servers ?? doc.servers) + template;
      const source = path
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      operations.push({
        method: method.toUpperCase(),
        path,
        pointer: `/paths/${escapeSegment(template)}/${method}`,
        operation,
        pattern: new RegExp(`^${source}$`),
        params: (template.match(/\{/g) ?? []).length,
      });
    }
  }
  return operations.sort((a, b) => a.params - b.params);
}

function load(): Loaded {
  if (loaded) return loaded;
  const doc = parse(readFileSync(OPENAPI_FILE, 'utf8')) as JsonObject;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // The only format the document uses; ajv-formats is not a dependency of the project.
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(s) && !Number.isNaN(Date.parse(s)),
  });
  // The document is not a JSON Schema itself; it is only a container that `$ref`s point into.
  ajv.addSchema(doc, DOC_ID, undefined, false);
  loaded = { doc, operations: listOperations(doc), ajv, validators: new Map() };
  return loaded;
}

export function loadOpenApi(): { doc: JsonObject; operations: DocumentedOperation[] } {
  const { doc, operations } = load();
  return { doc, operations };
}

/** The validator of the schema at `pointer`, compiled once. */
export function schemaValidator(pointer: string): ValidateFunction {
  const { ajv, validators } = load();
  let validate = validators.get(pointer);
  if (!validate) {
    const fragment = pointer.split('/').map(encodeURIComponent).join('/');
    validate = ajv.compile({ $ref: `${DOC_ID}#${fragment}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** The documented operation for a request, or undefined when the document has none. */
export function findOperation(method: string, url: string): DocumentedOperation | undefined {
  const pathname = new URL(url, 'http://localhost').pathname;
  const upper = method.toUpperCase();
  return load().operations.find((op) => op.method === upper && op.pattern.test(pathname));
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function headerProblems(
  doc: JsonObject,
  responsePointer: string,
  response: JsonObject,
  headers: Record<string, string | string[] | undefined>,
): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(isObject(response.headers) ? response.headers : {})) {
    const header = resolve(doc, `${responsePointer}/headers/${escapeSegment(name)}`);
    const spec = header.value as JsonObject;
    const raw = headerValue(headers, name);
    if (raw === undefined) {
      if (spec.required === true) problems.push(`header ${name} is required but missing`);
      continue;
    }
    if (!isObject(spec.schema)) continue;
    const validate = schemaValidator(`${header.pointer}/schema`);
    const type = (spec.schema as JsonObject).type;
    const value = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    if (!validate(value)) problems.push(`header ${name}: ${JSON.stringify(raw)} ${load().ajv.errorsText(validate.errors, { dataVar: 'value' })}`);
  }
  return problems;
}

/**
 * Headers of HTTP itself, which OpenAPI does not declare (Content-Type is the media type); every
 * other header a response carries must be declared on it.
 */
const FRAMING_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

function undeclaredHeaders(response: JsonObject, headers: Record<string, string | string[] | undefined>): string[] {
  const declared = new Set(Object.keys(isObject(response.headers) ? response.headers : {}).map((n) => n.toLowerCase()));
  return Object.keys(headers)
    .map((n) => n.toLowerCase())
    .filter((n) => !FRAMING_HEADERS.has(n) && !declared.has(n))
    .map((n) => `header ${n} is sent but not declared`);
}

function excerpt(body: unknown): string {
  const text = body === undefined ? '(no JSON body)' : JSON.stringify(body);
  return text.length > 600 ? `${text.slice(0, 600)}...` : text;
}

/**
 * Throws when the response does not match what docs/openapi.yaml documents for `method url`: an
 * undocumented status, a body that fails the response schema, a required header that is missing
 * or malformed, or a header the response does not declare. A request the document has no operation
 * for is not checked.
 */
export function assertMatchesOpenApi(
  method: string,
  url: string,
  response: { status: number; headers: Record<string, string | string[] | undefined>; body: unknown },
): void {
  const op = findOperation(method, url);
  if (!op) return;
  const { doc } = load();
  const where = `${method.toUpperCase()} ${url} -> ${response.status} (documented as ${op.method} ${op.path})`;
  const responses = isObject(op.operation.responses) ? op.operation.responses : {};
  const status = String(response.status);
  const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : undefined;
  if (key === undefined) {
    throw new Error(
      `OpenAPI mismatch: ${where}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')}). Body: ${excerpt(response.body)}`,
    );
  }
  const documented = resolve(doc, `${op.pointer}/responses/${key}`);
  const spec = documented.value as JsonObject;
  const problems = [...headerProblems(doc, documented.pointer, spec, response.headers), ...undeclaredHeaders(spec, response.headers)];

  const content = isObject(spec.content) ? spec.content : {};
  if (isObject(content[JSON_CONTENT])) {
    const contentType = headerValue(response.headers, 'content-type') ?? '';
    if (!contentType.toLowerCase().startsWith(JSON_CONTENT)) problems.push(`content-type is ${JSON.stringify(contentType)}, not ${JSON_CONTENT}`);
    const validate = schemaValidator(`${documented.pointer}/content/${escapeSegment(JSON_CONTENT)}/schema`);
    if (!validate(response.body)) {
      problems.push(`body does not match the schema: ${load().ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`OpenAPI mismatch: ${where}:\n  - ${problems.join('\n  - ')}\nBody: ${excerpt(response.body)}`);
  }
}
