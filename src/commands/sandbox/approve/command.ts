// `recruit sandbox approve <jobId>`.
import type { Lazy, Parent } from '../../define.js';
import { addDecision } from '../decision-command.js';

export function addSandboxApprove(sandbox: Parent, lazy: Lazy): void {
  addDecision(sandbox, 'approve', 'approve a job pending approval, which activates it (the active-job limit applies)').action(lazy(() => import('./run.js')));
}
