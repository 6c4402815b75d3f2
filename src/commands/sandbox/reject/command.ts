// `recruit sandbox reject <jobId>`.
import { withTraits, type Lazy, type Parent } from '../../define.js';
import { addDecision } from '../decision-command.js';
import { traits } from './traits.js';

export function addSandboxReject(sandbox: Parent, lazy: Lazy): void {
  withTraits(addDecision(sandbox, 'reject', 'reject a job pending approval'), traits).action(lazy(() => import('./run.js')));
}
