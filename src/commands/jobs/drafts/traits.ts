// What runs `recruit jobs drafts` needs to know of it (commands/define.ts, Traits).
import type { Traits } from '../../define.js';

export const traits: Traits = { paged: true };
