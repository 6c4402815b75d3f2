// docs/openapi.yaml linted by an independent validator: Spectral with its `oas` ruleset (the
// recommended rules, as `spectral lint` with `extends: spectral:oas` runs them), taken from
// node_modules, so the check needs no network. test/sandbox/openapi.test.ts checks the responses
// against the document; this checks the document against OpenAPI 3.1.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPENAPI_FILE } from '../helpers/openapi.js';

/**
 * Warnings the document keeps on purpose, each with the reason and where it may occur: an operation
 * that only refuses (a method the path does not serve, an unknown path: `x-refused`) has no 2xx.
 */
const ACCEPTED_WARNINGS: Record<string, { why: string; where: (path: readonly (string | number)[], doc: unknown) => boolean }> = {
  'operation-success-response': {
    why: 'an operation that declares a refusal (405, the unknown-path 404) has no success to declare',
    where: (path, doc) => path.at(-1) === 'responses' && typeof refusal(doc, path.slice(0, -1)) === 'string',
  },
};

function unaccepted(results: ISpectralDiagnostic[], text: string): ISpectralDiagnostic[] {
  const doc = parse(text) as unknown;
  return results.filter((r) => r.severity === WARNING && ACCEPTED_WARNINGS[String(r.code)]?.where(r.path, doc) !== true);
}

function refusal(doc: unknown, path: readonly (string | number)[]): unknown {
  let node = doc;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return (node as Record<string, unknown> | undefined)?.['x-refused'];
}

/** Spectral's severities: 0 error, 1 warning, 2 information, 3 hint. */
const ERROR = 0;
const WARNING = 1;

async function lint(text: string): Promise<ISpectralDiagnostic[]> {
  const spectral = new Spectral();
  // The package's own type of `oas` lacks the `extends` its RulesetDefinition wants; the value is one.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  return spectral.run(new Document(text, Yaml, fileURLToPath(OPENAPI_FILE)));
}

function describeAll(results: ISpectralDiagnostic[]): string {
  return results.map((r) => `${r.code} at ${r.path.join('.')} (line ${r.range.start.line + 1}): ${r.message}`).join('\n');
}

describe("docs/openapi.yaml under Spectral's oas ruleset", () => {
  const text = readFileSync(OPENAPI_FILE, 'utf8');

  it('has no errors, and no warnings but the accepted ones', async () => {
    const results = await lint(text);
    const errors = results.filter((r) => r.severity === ERROR);
    expect(errors, describeAll(errors)).toEqual([]);
    const warnings = unaccepted(results, text);
    expect(warnings, describeAll(warnings)).toEqual([]);
    expect(results.filter((r) => r.severity === WARNING).length, 'the refusals are there, and accepted').toBeGreaterThan(50);
  });

  it('is a real check: it finds the error the document used to have', async () => {
    // The fault latency schema of an earlier version: prefixItems without items.
    const broken = text.replace(/^( +)items: \{ type: integer, minimum: 0 \}\n(?=\1minItems: 2)/m, '');
    expect(broken).not.toBe(text);
    const errors = (await lint(broken)).filter((r) => r.severity === ERROR);
    expect(errors.map((r) => [r.code, r.path.join('.')])).toEqual([
      ['array-items', 'components.schemas.SandboxFaults.properties.spec.properties.latency'],
    ]);
  });

  it('accepts no warning elsewhere: a served operation without a 2xx, a missing contact', async () => {
    const noSuccess = text.replace(/^( +)'200':\n(?= +description: The job options\.)/m, "$1'418':\n");
    const noContact = text.replace(/^ {2}contact:\n {4}name: .*\n/m, '');
    for (const [broken, code] of [[noSuccess, 'operation-success-response'], [noContact, 'info-contact']] as const) {
      expect(broken).not.toBe(text);
      expect(unaccepted(await lint(broken), broken).map((r) => r.code)).toEqual([code]);
    }
  });

  it('reports a document that is not OpenAPI 3.1', async () => {
    const errors = (await lint(text.replace("title: Recruitment API v1 (as the recruit sandbox implements it)\n", ''))).filter(
      (r) => r.severity === ERROR,
    );
    expect(errors.map((r) => r.code)).toContain('oas3-schema');
  });
});
