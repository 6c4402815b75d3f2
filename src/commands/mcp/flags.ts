// `recruit mcp`: its name, description and flags. The options type of its run function (run.ts)
// derives from them, so a flag renamed here and not in run.ts does not compile.
import { collect, type OptionsOf, type Parent } from '../define.js';

export function flags(program: Parent) {
  return program
    .command('mcp')
    .description('serve the safe operations of recruit to an AI assistant over the Model Context Protocol (stdio): read tools, and write tools with the same checks, plans and exactly-once keys as the commands')
    .option('--read-only', 'offer only the tools that change nothing')
    .option('--tools <names>', 'offer only these tools (comma separated; repeatable)', collect)
    .option('--exclude-tools <names>', 'never offer these tools (comma separated; repeatable)', collect)
    .option('--toolsets <names>', 'offer only the tools of these sets: jobs, lookups, account, batches (comma separated; repeatable)', collect);
}

export type McpOptions = OptionsOf<ReturnType<typeof flags>>;
