// What runs `recruit api` needs to know of it (commands/define.ts, Traits): whether a line may
// change something follows run.ts's rule for the method: GET unless -X says otherwise, POST with
// fields or input.
import type { Traits } from '../define.js';

export const traits: Traits = {
  changes: (args) => {
    const options = (args.find((a) => a !== null && typeof a === 'object' && !Array.isArray(a)) ?? {}) as { method?: string; field?: string[]; input?: string };
    const method = options.method ?? ((options.field?.length ?? 0) > 0 || options.input !== undefined ? 'POST' : 'GET');
    return !['GET', 'HEAD'].includes(method.toUpperCase());
  },
};
