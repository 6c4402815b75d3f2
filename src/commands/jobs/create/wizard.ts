// `jobs create` through the wizard (a new job, the flags' missing fields, a clone on a terminal):
// the wizard asks on stderr and returns the job it created; the command prints it.
import type { Context } from '../../../context/context.js';
import { runWizard, type WizardOptions } from '../../../wizard/run-wizard.js';
import { printCreated } from './print-created.js';

export async function createWithWizard(ctx: Context, options: WizardOptions = {}): Promise<void> {
  const created = await runWizard(ctx, options);
  if (created) await printCreated(ctx, created);
}
