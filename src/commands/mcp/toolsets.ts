// What says which tools a server offers (selection.ts) without the tools themselves: their sets and
// annotations. Apart from tools.ts, which brings zod and the commands, so that the opening of a
// session (opening.ts) is answered without loading either.
export const TOOLSETS = ['jobs', 'lookups', 'account', 'batches'] as const;
export type Toolset = (typeof TOOLSETS)[number];

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}
