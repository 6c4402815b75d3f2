// `recruit mcp`: a Model Context Protocol server on stdin and stdout, for an AI assistant that
// starts it (docs/guides/assistants.md). The opening of a session (`initialize`, `tools/list`) is
// answered from the build's tool list (opening.ts); the SDK and the tools load with the first
// message that needs them (server.ts), so a client's first question is answered as fast as `--help`.
import type { Context } from '../../context/context.js';
import type { McpOptions } from './flags.js';
import { answerOpening } from './opening.js';
import { selectTools } from './selection.js';

export default async function mcp(ctx: Context, options: McpOptions): Promise<void> {
  const offered = selectTools(options);
  const opening = await answerOpening(process.stdin, process.stdout, offered.map((t) => t.listed));
  if (!opening.handOver) return;
  const { serve } = await import('./server.js');
  await serve(ctx, offered, opening);
}
