// `recruit sandbox approve <jobId>`.
import { withTraits, type Lazy, type Parent } from '../../define.js';
import { addDecision } from '../decision-command.js';
import { traits } from './traits.js';

export function addSandboxApprove(sandbox: Parent, lazy: Lazy): void {
  withTraits(addDecision(sandbox, 'approve', 'approve a job pending approval, which activates it (the active-job limit applies)'), traits).action(lazy(() => import('./run.js')));
}
