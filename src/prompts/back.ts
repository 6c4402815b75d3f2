// Going back one step: "← Back", the first entry of option lists; `<` typed as the filter of a
// searchable list (only "← Back" is left to pick); `<` typed alone in text prompts.
import type { Choice } from './prompter.js';

export const BACK: unique symbol = Symbol('back');
export type Back = typeof BACK;

export const BACK_TOKEN = '<';
export const BACK_LABEL = '← Back';

/** `<` typed alone (spaces around it ignored). */
export function isBackInput(value: string): boolean {
  return value.trim() === BACK_TOKEN;
}

export function backChoice(description = 'return to the previous step'): Choice<Back> {
  return { name: BACK_LABEL, value: BACK, description };
}

/** How text prompts say it. */
export const BACK_NOTE = '`<` alone goes back';

/** How searchable lists say it: `<` typed as the filter leaves only "← Back". */
export const BACK_SEARCH_NOTE = '`<` goes back';
