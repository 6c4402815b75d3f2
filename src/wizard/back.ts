// Going back one step: a "← Back" choice in lists, and `<` typed alone in text prompts.
import type { Choice } from './prompter.js';

export const BACK: unique symbol = Symbol('back');
export type Back = typeof BACK;

export const BACK_TOKEN = '<';
export const BACK_LABEL = '← Back';

/** `<` typed alone (spaces around it ignored). */
export function isBackInput(value: string): boolean {
  return value.trim() === BACK_TOKEN;
}

export function backChoice(): Choice<Back> {
  return { name: BACK_LABEL, value: BACK, description: 'return to the previous step' };
}

/** How text prompts say it. */
export const BACK_NOTE = '`<` alone goes back';
