// Consent to something that cannot be undone: asked on a terminal (default no); without one, --yes
// is the consent, and its absence ends the command (exit 2) before anything is done.
import type { Uses } from '../context/context.js';
import type { UsageError } from '../core/errors.js';
import { answerOf } from '../prompts/prompter.js';

export async function consent(ctx: Uses<'globals' | 'interactive' | 'prompter' | 'atPrompt'>, question: string, withoutTerminal: () => UsageError): Promise<boolean> {
  if (ctx.globals.yes) return true;
  if (!ctx.interactive) throw withoutTerminal();
  const prompter = await ctx.prompter();
  return ctx.atPrompt(() => answerOf(prompter.confirm({ message: question, default: false })));
}
