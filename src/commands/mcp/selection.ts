// Which tools a server offers, as github-mcp-server chooses them: --toolsets, then --tools (only
// these), --exclude-tools (never these), and --read-only (only the tools that change nothing). A
// name that is no tool or toolset is a usage error, so that a typo never leaves a write tool on.
// It reads the catalog (tool-list.ts), not the tools: choosing loads neither them nor zod.
import { UsageError } from '../../core/errors.js';
import { closestNames } from '../../core/suggest.js';
import type { McpOptions } from './flags.js';
import { toolCatalog, type CatalogEntry } from './tool-list.js';
import { TOOLSETS } from './toolsets.js';

const names = (values: readonly string[] | undefined) => values?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

function check(flag: string, given: readonly string[], known: readonly string[]): void {
  const unknown = given.filter((n) => !known.includes(n));
  if (unknown.length === 0) return;
  const [guess] = closestNames(unknown[0]!, known, 1);
  throw new UsageError(`${flag}: unknown ${unknown.map((n) => `"${n}"`).join(', ')}; the names are ${known.join(', ')}`, [], guess ? `did you mean ${guess}?` : undefined);
}

/** The catalog's entries of the tools offered, in its order. */
export function selectTools(options: McpOptions, catalog: readonly CatalogEntry[] = toolCatalog()): CatalogEntry[] {
  const all = catalog.map((t) => t.listed.name);
  const toolsets = names(options.toolsets);
  const only = names(options.tools);
  const excluded = names(options.excludeTools) ?? [];
  if (toolsets) check('--toolsets', toolsets, TOOLSETS);
  if (only) check('--tools', only, all);
  check('--exclude-tools', excluded, all);
  return catalog.filter(
    ({ toolset, listed }) =>
      (!toolsets || toolsets.includes(toolset)) &&
      (!only || only.includes(listed.name)) &&
      !excluded.includes(listed.name) &&
      (!options.readOnly || listed.annotations.readOnlyHint),
  );
}
