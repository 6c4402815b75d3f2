// Checks a request against docs/openapi.yaml, as a validating proxy does: an operation for its
// method and path, its path, query and header parameters, its credential and its body. Derived from
// the document alone (test/helpers/openapi.ts loads it), never from the sandbox's code.
import { findOperation, loadOpenApi, resolve, schemaValidator, type DocumentedOperation } from './openapi.js';

type JsonObject = Record<string, unknown>;
type Headers = Record<string, string | string[] | undefined>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schemaPointer: string;
  schema: JsonObject;
}

/** The operation's parameters and its path item's, each with the pointer of its schema. */
function parametersOf(op: DocumentedOperation): Parameter[] {
  const { doc } = loadOpenApi();
  const itemPointer = op.pointer.slice(0, op.pointer.lastIndexOf('/'));
  const found: Parameter[] = [];
  for (const base of [itemPointer, op.pointer]) {
    const list = resolve(doc, base).value as JsonObject;
    ((list.parameters ?? []) as unknown[]).forEach((_, i) => {
      const { pointer, value } = resolve(doc, `${base}/parameters/${i}`);
      const p = value as JsonObject;
      const parameter = { name: String(p.name), in: String(p.in), required: p.required === true, schemaPointer: `${pointer}/schema`, schema: (p.schema ?? {}) as JsonObject };
      const same = found.findIndex((f) => f.name === parameter.name && f.in === parameter.in);
      if (same >= 0) found.splice(same, 1);
      found.push(parameter);
    });
  }
  return found;
}

/** A parameter's text as the value its schema types: an integer only in canonical decimal. */
function typed(text: string, schema: JsonObject): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && /^-?(0|[1-9]\d*)(\.\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function checkValue(where: string, value: unknown, pointer: string): string[] {
  const validate = schemaValidator(pointer);
  if (validate(value)) return [];
  return [`${where} ${JSON.stringify(value)}: ${(validate.errors ?? []).map((e) => `${e.instancePath || 'value'} ${e.message}`).join('; ')}`];
}

function pathValues(op: DocumentedOperation, pathname: string): Map<string, string> {
  const names: string[] = [];
  const source = op.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (!part.startsWith('{')) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(part.slice(1, -1));
      return '([^/]+)';
    })
    .join('');
  const m = new RegExp(`^${source}$`).exec(pathname);
  return new Map(names.map((n, i) => [n, decodeURIComponent(m?.[i + 1] ?? '')]));
}

function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

function parameterProblems(op: DocumentedOperation, url: URL, headers: Headers): string[] {
  const problems: string[] = [];
  const params = parametersOf(op);
  const paths = pathValues(op, url.pathname);
  for (const p of params) {
    const where = `${p.in} parameter ${p.name}`;
    if (p.in === 'path') problems.push(...checkValue(where, typed(paths.get(p.name) ?? '', p.schema), p.schemaPointer));
    if (p.in === 'header') {
      const value = header(headers, p.name);
      if (value === undefined) {
        if (p.required) problems.push(`${where} is required`);
      } else problems.push(...checkValue(where, typed(value, p.schema), p.schemaPointer));
    }
    if (p.in === 'query') {
      const values = url.searchParams.getAll(p.name);
      if (values.length === 0) {
        if (p.required) problems.push(`${where} is required`);
        continue;
      }
      if (values.length > 1) problems.push(`${where} is sent ${values.length} times`);
      const items = isObject(p.schema.items) ? p.schema.items : undefined;
      // style form, explode false: one comma separated value (the only array form the document uses).
      const value = items ? values[0]!.split(',').map((v) => typed(v, items)) : typed(values[0]!, p.schema);
      problems.push(...checkValue(where, value, p.schemaPointer));
    }
  }
  const declared = new Set(params.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of new Set(url.searchParams.keys())) if (!declared.has(name)) problems.push(`query parameter ${name} is not declared`);
  return problems;
}

function securityProblems(op: DocumentedOperation, headers: Headers): string[] {
  const { doc } = loadOpenApi();
  const security = (op.operation.security ?? doc.security ?? []) as JsonObject[];
  if (security.length === 0 || security.some((s) => Object.keys(s).length === 0)) return [];
  // The one scheme of the document: HTTP bearer.
  return /^Bearer [\x21-\x7e]+$/.test(header(headers, 'authorization') ?? '') ? [] : ['no bearer credential in Authorization'];
}

function bodyProblems(op: DocumentedOperation, headers: Headers, body: Buffer): string[] {
  const { doc } = loadOpenApi();
  if (op.operation.requestBody === undefined) return body.length > 0 ? [`a body of ${body.length} bytes, but the operation takes none`] : [];
  const { pointer, value } = resolve(doc, `${op.pointer}/requestBody`);
  const requestBody = value as JsonObject;
  if (body.length === 0) return requestBody.required === true ? ['the required body is missing'] : [];
  const type = (header(headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const content = (requestBody.content ?? {}) as JsonObject;
  if (!(type in content)) return [`Content-Type ${JSON.stringify(type)} is not one of ${Object.keys(content).join(', ')}`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return ['the body is not JSON'];
  }
  return checkValue('body', parsed, `${pointer}/content/${escape(type)}/schema`);
}

/** What is wrong with the request by the document; empty when it is a valid request. */
export function requestProblems(method: string, target: string, headers: Headers, body: Buffer): string[] {
  const url = new URL(target, 'http://localhost');
  const op = findOperation(method, url.pathname);
  if (!op) return [`no operation ${method.toUpperCase()} ${url.pathname} in the document`];
  return [...parameterProblems(op, url, headers), ...securityProblems(op, headers), ...bodyProblems(op, headers, body)];
}
