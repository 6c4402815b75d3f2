// What runs `recruit jobs apply` needs to know of it (commands/define.ts, Traits).
import type { Traits } from '../../define.js';

export const traits: Traits = { changes: true };
