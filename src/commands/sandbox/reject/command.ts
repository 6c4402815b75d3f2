// `recruit sandbox reject <jobId>`.
import type { Lazy, Parent } from '../../define.js';
import { addDecision } from '../decision-command.js';

export function addSandboxReject(sandbox: Parent, lazy: Lazy): void {
  addDecision(sandbox, 'reject', 'reject a job pending approval').action(lazy(() => import('./run.js')));
}
