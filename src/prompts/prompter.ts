// Every question a command asks (the wizard's steps, login, confirmations) goes through these few
// prompt operations. The real prompter runs @inquirer/prompts on the terminal
// (inquirer-prompter.ts); tests pass a scripted fake through the context.
import { InterruptedError } from '../core/errors.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  /** A line that cannot be picked (e.g. "… 12 more: type to filter"); a string says why. */
  disabled?: boolean | string;
}

/** Returns true when the value is acceptable, else the reason shown under the prompt. */
export type Validate = (value: string) => true | string;

/** Every prompt: its message, and a hint shown beside it while it is asked, gone from the answered line. */
interface Asked {
  message: string;
  /** e.g. "type to filter; `<` goes back". */
  hint?: string;
}

export interface SearchOptions<T> extends Asked {
  /** Called with what the user typed so far (undefined before the first key). */
  source: (term: string | undefined, opt: { signal: AbortSignal }) => Promise<Choice<T>[]>;
  pageSize?: number;
}

export interface SelectOptions<T> extends Asked {
  choices: Choice<T>[];
  default?: T;
  pageSize?: number;
}

export interface CheckboxOptions<T> extends Asked {
  /** Space ticks a choice, Enter ends: the ticked values come back, in the order of the choices. */
  choices: Choice<T>[];
  pageSize?: number;
}

export interface InputOptions extends Asked {
  default?: string;
  validate?: Validate;
}

export interface MultilineOptions extends Asked {
  default?: string;
  /** Checked when the user ends the text; a string refuses it with that reason. */
  validate?: Validate;
  /** A live line under the text, e.g. "42/100 words". */
  status?: (value: string) => string;
  /**
   * A line that, typed alone (not pasted), ends the prompt at once without validate: the answer is
   * the text so far with that line last (`endsWithCommand`). `help` is said in the keys' line.
   */
  command?: { line: string; help: string };
}

/** Whether a multi-line answer ends with the `command` line (then the text before it is `withoutCommand`). */
export function endsWithCommand(text: string, line: string): boolean {
  return text.split('\n').at(-1)!.trim() === line;
}

export function withoutCommand(text: string): string {
  return text.split('\n').slice(0, -1).join('\n');
}

export interface ConfirmOptions {
  message: string;
  default?: boolean;
}

export interface PasswordOptions {
  message: string;
  validate?: Validate;
}

export interface Prompter {
  search<T>(options: SearchOptions<T>): Promise<T>;
  select<T>(options: SelectOptions<T>): Promise<T>;
  /** Several of a list at once (none is an answer). */
  checkbox<T>(options: CheckboxOptions<T>): Promise<T[]>;
  input(options: InputOptions): Promise<string>;
  /** Several lines of text: an empty line ends it; a first line holding only `<` returns "<". */
  multiline(options: MultilineOptions): Promise<string>;
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** A secret: masked as it is typed, never shown on the answered line. */
  password(options: PasswordOptions): Promise<string>;
}

/** @inquirer throws an error with this name on Ctrl-C; fakes throw one too. */
export function isPromptInterrupt(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}

/**
 * An answer, or Ctrl-C as the interruption of the command it is (exit 130). For a question whose
 * Ctrl-C ends the command; the wizard catches the interrupt itself, to keep its draft.
 */
export async function answerOf<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (isPromptInterrupt(error)) throw new InterruptedError();
    throw error;
  }
}
