// What runs `recruit mcp` needs to know of it (commands/define.ts, Traits): it serves until the
// client closes its stdin, and its stdout is the protocol's, which --jq must not hold back.
import type { Traits } from '../define.js';

export const traits: Traits = { runsUntilStopped: true };
