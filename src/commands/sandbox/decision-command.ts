// `recruit sandbox approve` and `reject` take the same argument and say the same of where they act.
import { examples, type Parent } from '../define.js';

export function addDecision(sandbox: Parent, verb: 'approve' | 'reject', what: string) {
  return sandbox
    .command(`${verb} <jobId>`)
    .description(`${what}; in the sandbox the base URL or profile points at, else (or with --sandbox) in the embedded one`)
    .addHelpText('after', examples([`recruit sandbox ${verb} 14`, `recruit sandbox ${verb} 14 --base-url http://127.0.0.1:4010/v1`]));
}
