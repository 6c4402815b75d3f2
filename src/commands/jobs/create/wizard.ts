// `jobs create` through the wizard (a new job, the flags' missing fields, a clone on a terminal):
// the wizard asks on stderr and returns the job it created; the command prints it.
import type { Uses } from '../../../context/context.js';
import { runWizard, type WizardOptions } from '../../../wizard/run-wizard.js';
import { printCreated } from './print-created.js';

export async function createWithWizard(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, options: WizardOptions = {}): Promise<void> {
  const created = await runWizard(ctx, options);
  if (created) await printCreated(ctx, created);
}
