// A scripted prompter (cf. gh's prompter stub): a queue of expected prompts and their answers. A
// prompt of another kind or with a message that does not match fails the test, and so does an
// answer left unused at the end (assertDone). Search prompts call the real source with the
// scripted term, so the API's search runs over HTTP, and pick a choice by its name.
import type {
  CheckboxOptions,
  Choice,
  ConfirmOptions,
  InputOptions,
  MultilineOptions,
  PasswordOptions,
  Prompter,
  SearchOptions,
  SelectOptions,
} from '../../src/prompts/prompter.js';

type Matcher = string | RegExp;

interface Base {
  /** A substring of the prompt's message, or a pattern it must match. */
  message: Matcher;
  /** Throw an ExitPromptError-like error instead of answering (Ctrl-C). */
  interrupt?: boolean;
  /** Runs when the prompt is reached, before it is answered (e.g. to inject a fault). */
  before?: () => unknown;
}

export type Expectation =
  | (Base & { kind: 'search'; term?: string; pick?: Matcher })
  | (Base & { kind: 'select'; pick?: Matcher })
  /** Ticks the choices named (each matcher one choice); none: an empty answer. */
  | (Base & { kind: 'checkbox'; picks?: Matcher[] })
  | (Base & { kind: 'input' | 'multiline' | 'password'; answer?: string; rejected?: Matcher })
  | (Base & { kind: 'confirm'; answer?: boolean });

export interface Seen {
  kind: Expectation['kind'];
  message: string;
  /** The hint shown beside the message while asking. */
  hint?: string;
  /** Names of the choices offered (for search: what the source returned for the term). */
  choices?: string[];
  /** The descriptions shown under those choices, by name. */
  descriptions?: Record<string, string | undefined>;
  /** What validate returned for each scripted answer. */
  validations?: Array<true | string>;
}

export class PromptScriptError extends Error {
  override name = 'PromptScriptError';
}

export function interruptError(): Error {
  const error = new Error('User force closed the prompt with SIGINT');
  error.name = 'ExitPromptError';
  return error;
}

function matches(matcher: Matcher, text: string): boolean {
  return typeof matcher === 'string' ? text.includes(matcher) : matcher.test(text);
}

export class FakePrompter implements Prompter {
  private readonly queue: Expectation[] = [];
  readonly seen: Seen[] = [];

  constructor(script: Expectation[] = []) {
    this.queue.push(...script);
  }

  add(...script: Expectation[]): this {
    this.queue.push(...script);
    return this;
  }

  get remaining(): readonly Expectation[] {
    return this.queue;
  }

  /** Fails when scripted prompts were never asked. */
  assertDone(): void {
    if (this.queue.length > 0) {
      const left = this.queue.map((e) => `${e.kind} ${String(e.message)}`).join('; ');
      throw new PromptScriptError(`${this.queue.length} scripted prompt(s) never asked: ${left}`);
    }
  }

  private async next<K extends Expectation['kind']>(kind: K, message: string): Promise<Extract<Expectation, { kind: K }>> {
    const expected = this.queue.shift();
    const asked = `${kind} prompt "${message}"`;
    if (!expected) throw new PromptScriptError(`unexpected ${asked}: the script is empty`);
    if (expected.kind !== kind || !matches(expected.message, message)) {
      throw new PromptScriptError(`unexpected ${asked}; the script expected a ${expected.kind} prompt matching ${String(expected.message)}`);
    }
    await expected.before?.();
    if (expected.interrupt) throw interruptError();
    return expected as Extract<Expectation, { kind: K }>;
  }

  /** What a list prompt showed: its choices' names, and the description under each. */
  private seeChoices<T>(kind: 'select' | 'checkbox', options: { message: string; hint?: string | undefined; choices: Choice<T>[] }): void {
    const { message, hint, choices } = options;
    this.seen.push({ kind, message, hint, choices: choices.map((c) => c.name), descriptions: Object.fromEntries(choices.map((c) => [c.name, c.description])) });
  }

  private pick<T>(choices: Choice<T>[], matcher: Matcher | undefined, asked: string): T {
    const selectable = choices.filter((c) => !c.disabled);
    const found = matcher === undefined ? selectable[0] : selectable.find((c) => (typeof matcher === 'string' ? c.name === matcher : matcher.test(c.name)));
    if (!found) {
      throw new PromptScriptError(`${asked}: no choice named ${String(matcher)} among ${choices.map((c) => JSON.stringify(c.name)).join(', ')}`);
    }
    return found.value;
  }

  async search<T>(options: SearchOptions<T>): Promise<T> {
    const expected = await this.next('search', options.message);
    const choices = await options.source(expected.term, { signal: new AbortController().signal });
    this.seen.push({ kind: 'search', message: options.message, hint: options.hint, choices: choices.map((c) => c.name) });
    return this.pick(choices, expected.pick, `search "${options.message}" for ${JSON.stringify(expected.term)}`);
  }

  async select<T>(options: SelectOptions<T>): Promise<T> {
    const expected = await this.next('select', options.message);
    this.seeChoices('select', options);
    if (expected.pick === undefined && options.default !== undefined) {
      const byDefault = options.choices.find((c) => c.value === options.default);
      if (byDefault) return byDefault.value;
    }
    return this.pick(options.choices, expected.pick, `select "${options.message}"`);
  }

  async checkbox<T>(options: CheckboxOptions<T>): Promise<T[]> {
    const expected = await this.next('checkbox', options.message);
    this.seeChoices('checkbox', options);
    const ticked = (expected.picks ?? []).map((m) => this.pick(options.choices, m, `checkbox "${options.message}"`));
    // In the order of the list, as the real prompt returns them.
    return options.choices.filter((c) => ticked.includes(c.value)).map((c) => c.value);
  }

  /**
   * Text prompts: each scripted answer goes through the prompt's validate. An answer scripted with
   * `rejected` must be refused with a matching reason, and the prompt then takes the next scripted
   * answer (as a user typing again); any other answer must be accepted.
   */
  private async text(kind: 'input' | 'multiline' | 'password', options: InputOptions | MultilineOptions | PasswordOptions): Promise<string> {
    const validations: Array<true | string> = [];
    this.seen.push({ kind, message: options.message, hint: 'hint' in options ? options.hint : undefined, validations });
    for (;;) {
      const expected = await this.next(kind, options.message);
      const fallback = 'default' in options ? options.default : undefined;
      const answer = expected.answer === undefined || expected.answer === '' ? (fallback ?? '') : expected.answer;
      const verdict = options.validate ? options.validate(answer) : true;
      validations.push(verdict);
      if (expected.rejected !== undefined) {
        if (verdict === true || !matches(expected.rejected, verdict)) {
          throw new PromptScriptError(`${kind} "${options.message}": expected ${JSON.stringify(answer)} to be refused with ${String(expected.rejected)}, got ${JSON.stringify(verdict)}`);
        }
        continue;
      }
      if (verdict !== true) throw new PromptScriptError(`${kind} "${options.message}": ${JSON.stringify(answer)} was refused: ${verdict}`);
      return answer;
    }
  }

  input(options: InputOptions): Promise<string> {
    return this.text('input', options);
  }

  multiline(options: MultilineOptions): Promise<string> {
    return this.text('multiline', options);
  }

  password(options: PasswordOptions): Promise<string> {
    return this.text('password', options);
  }

  async confirm(options: ConfirmOptions): Promise<boolean> {
    const expected = await this.next('confirm', options.message);
    this.seen.push({ kind: 'confirm', message: options.message });
    return expected.answer ?? options.default ?? false;
  }
}
