// What runs `recruit sandbox tokens` needs to know of it (commands/define.ts, Traits).
import type { Traits } from '../../define.js';

export const traits: Traits = { jsonFields: ['token', 'account', 'permissions'] };
