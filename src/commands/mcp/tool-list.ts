// What `tools/list` answers for each tool (its name, title, description, annotations and the JSON
// Schema of its input, from the tool's zod shape in tools.ts), with the set it is in. The build
// computes it once (esbuild.plugins.mjs, `precomputedToolList`) and the bundle carries the result,
// so that a server neither loads zod and the tools nor builds and converts eleven schemas before
// its first answer; run from the source (the tests), it is computed here. test/cli/mcp.test.ts
// keeps the two equal.
import * as z from 'zod';
import { TOOLS, type Tool } from './tools.js';
import type { ToolAnnotations, Toolset } from './toolsets.js';

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  annotations: ToolAnnotations & { title: string };
}

export interface CatalogEntry {
  toolset: Toolset;
  /** The tool as `tools/list` gives it. */
  listed: ListedTool;
}

/** The JSON Schema of a tool's input, as the MCP SDK's own server converts a zod shape (draft 7, the input side). */
function inputJsonSchema(tool: Tool): ListedTool['inputSchema'] {
  return z.toJSONSchema(z.object(tool.input()), { target: 'draft-7', io: 'input' }) as ListedTool['inputSchema'];
}

/** Every tool, in the order of tools.ts. */
export function toolCatalog(): CatalogEntry[] {
  return TOOLS.map((tool) => ({
    toolset: tool.toolset,
    listed: { name: tool.name, title: tool.title, description: tool.description, inputSchema: inputJsonSchema(tool), annotations: { title: tool.title, ...tool.annotations } },
  }));
}
