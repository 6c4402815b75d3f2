// The prompt shapes the steps share: a lookup list, a text line, a list of codes.
import type { Named } from '../../api/types.js';
import type { Query } from '../../api/client.js';
import type { Ref } from '../answers.js';
import { BACK, BACK_NOTE, BACK_SEARCH_NOTE, backChoice, isBackInput, type Back } from '../../prompts/back.js';
import { firstPageKey, LOOKUP_PAGE_SIZE, lookupSource } from '../lookup-source.js';
import type { Choice, Validate } from '../../prompts/prompter.js';
import type { Session, StepContext } from '../session.js';

export const CLEAR_TOKEN = '-';

export interface LookupPrompt {
  message: string;
  path: string;
  query?: Query;
  current: Ref | null | undefined;
  none?: string;
  label?: (item: Named) => string;
}

export function askLookup(session: Session, step: StepContext, prompt: LookupPrompt): Promise<Ref | null | Back> {
  return session.prompter.search({
    message: prompt.message,
    hint: step.canGoBack ? `type to filter; ${BACK_SEARCH_NOTE}` : 'type to filter',
    source: lookupSource(session.api, { ...prompt, canGoBack: step.canGoBack, prefetched: takeFirstPage(session, prompt) }),
    // Keep, none, a page of items, "… more", "nothing matches" and Back: all on screen, no scrolling.
    pageSize: LOOKUP_PAGE_SIZE + 5,
  });
}

/** A first page fetched ahead for this list, handed out once: a later visit asks the service again. */
function takeFirstPage(session: Session, prompt: LookupPrompt) {
  const key = firstPageKey(prompt.path, prompt.query);
  const page = session.cache.firstPages?.get(key);
  session.cache.firstPages?.delete(key);
  return page;
}

export interface TextPrompt {
  message: string;
  current: string | null | undefined;
  /** Optional: an empty answer skips it, and `-` clears a current value. */
  optional?: boolean;
  validate?: Validate;
}

/** A line of text: the trimmed answer, null when an optional one is skipped or cleared, or BACK. */
export async function askText(session: Session, step: StepContext, prompt: TextPrompt): Promise<string | null | Back> {
  const hasCurrent = prompt.current !== undefined && prompt.current !== null && prompt.current !== '';
  const notes: string[] = [];
  if (prompt.optional) notes.push(hasCurrent ? `Enter keeps it, \`${CLEAR_TOKEN}\` clears it` : 'optional, Enter skips');
  if (step.canGoBack) notes.push(BACK_NOTE);
  const answer = await session.prompter.input({
    message: prompt.message,
    ...(notes.length > 0 ? { hint: notes.join('; ') } : {}),
    ...(hasCurrent ? { default: String(prompt.current) } : {}),
    validate: (raw) => {
      const value = raw.trim();
      if (step.canGoBack && isBackInput(value)) return true;
      if (value === '' || (prompt.optional && value === CLEAR_TOKEN)) {
        return prompt.optional || hasCurrent ? true : 'an answer is required';
      }
      return prompt.validate ? prompt.validate(value) : true;
    },
  });
  const value = answer.trim();
  if (step.canGoBack && isBackInput(value)) return BACK;
  if (prompt.optional && value === CLEAR_TOKEN) return null;
  if (value === '') return hasCurrent ? String(prompt.current) : null;
  return value;
}

export interface CodePrompt {
  message: string;
  current: string | null | undefined;
  codes: Array<{ code: string; label: string }>;
}

/** One code of a /job-options list, or null for "Skip". */
export function askCode(session: Session, step: StepContext, prompt: CodePrompt): Promise<string | null | Back> {
  const choices: Choice<string | null | Back>[] = [
    ...(step.canGoBack ? [backChoice()] : []),
    { name: 'Skip (leave it unset)', value: null },
    ...prompt.codes.map((c) => ({ name: `${c.label} (${c.code})`, value: c.code })),
  ];
  // "← Back" is first and every entry is on screen; the cursor starts on the answer (or "Skip").
  return session.prompter.select({ message: prompt.message, choices, default: prompt.current ?? null, pageSize: choices.length });
}

export { BACK };
