// The real prompter: @inquirer/prompts on the terminal, loaded only when a command first asks.
//
// Every prompt erases itself when it ends (clearPromptOnDone), and the prompter writes the answered
// line itself: "✔ Industry Information Technology", without the hint that was shown while asking
// ("type to filter"). So Ctrl-C leaves no list drawn on the screen: the prompt is gone, and the
// wizard's one line about the draft follows.
import { BACK_LABEL, isBackInput } from './back.js';
import { endsWithCommand, type Choice, type Prompter } from './prompter.js';

type Theme = Awaited<ReturnType<typeof loadTheme>>;

async function loadTheme() {
  const { makeTheme } = await import('@inquirer/core');
  return makeTheme({});
}

/** The terminal a prompt reads and draws on. */
export interface PromptStreams {
  input: NodeJS.ReadableStream;
  /** Prompts are drawn on stderr: stdout carries only the result, and may be redirected. */
  output: { write(chunk: string): boolean };
}

export function createInquirerPrompter(streams: PromptStreams): Prompter {
  const context = { input: streams.input, output: streams.output as NodeJS.WritableStream, clearPromptOnDone: true };
  const prompts = () => import('@inquirer/prompts');
  let theme: Theme | undefined;
  const themed = async () => (theme ??= await loadTheme());

  /** The message while asking: the hint beside it, dimmed. */
  const asking = async (message: string, hint: string | undefined) => {
    const t = await themed();
    return hint ? `${message} ${t.style.help(`(${hint})`)}` : message;
  };
  /** The answered line, as @inquirer draws it, without the hint. */
  const answered = async (message: string, shown: string) => {
    // Going back is no answer: the step is asked again and answered then, so nothing is left of it.
    if (shown === BACK_LABEL) return;
    const t = await themed();
    const prefix = typeof t.prefix === 'string' ? t.prefix : t.prefix.done;
    streams.output.write(`${prefix} ${t.style.message(message, 'done')}${shown ? ` ${t.style.answer(shown)}` : ''}\n`);
  };
  const nameOf = <T>(choices: readonly Choice<T>[], value: T) => choices.find((c) => c.value === value)?.name ?? '';

  return {
    async search(options) {
      const { search } = await prompts();
      // The list shown is of the last text whose answer came back; keys typed ahead in one burst
      // ("vendor⏎") press Enter before the list of the whole text is back, on an older list. Then
      // the pick waits for that list and takes its first entry, as Enter on it would.
      let last: Choice<unknown>[] = [];
      let shownFor: string | undefined;
      let asked: string | undefined;
      let latest: Promise<unknown> = Promise.resolve();
      let stale = false;
      const source: typeof options.source = (term, opt) => {
        asked = term;
        const answer = options.source(term, opt).then((choices) => {
          if (!opt.signal.aborted) [last, shownFor] = [choices, term];
          return choices;
        });
        latest = answer.catch(() => undefined);
        return answer;
      };
      const validate = async (): Promise<true> => {
        stale = asked !== shownFor;
        if (stale) await latest;
        return true;
      };
      let value = await search({ message: await asking(options.message, options.hint), source, pageSize: options.pageSize, validate }, context);
      if (stale) {
        const first = last.find((c) => !c.disabled);
        if (first) value = first.value as typeof value;
      }
      await answered(options.message, nameOf(last, value));
      return value;
    },
    async select(options) {
      const { select } = await prompts();
      const value = await select(
        {
          message: await asking(options.message, options.hint),
          choices: options.choices,
          default: options.default,
          pageSize: options.pageSize,
          loop: false,
        },
        context,
      );
      await answered(options.message, nameOf(options.choices, value));
      return value;
    },
    async checkbox(options) {
      const { checkbox } = await prompts();
      const values = await checkbox(
        {
          message: await asking(options.message, options.hint),
          choices: options.choices,
          pageSize: options.pageSize,
          loop: false,
        },
        context,
      );
      await answered(options.message, values.length === 0 ? 'none' : values.map((v) => nameOf(options.choices, v)).join(', '));
      return values;
    },
    async input(options) {
      const { input } = await prompts();
      const value = await input({ message: await asking(options.message, options.hint), default: options.default, validate: options.validate }, context);
      await answered(options.message, isBackInput(value) ? BACK_LABEL : value.trim());
      return value;
    },
    async multiline(options) {
      const { default: multiline, linesSummary } = await import('./multiline-prompt.js');
      const value = await multiline({ ...options, message: await asking(options.message, options.hint) }, context);
      // The command line (e.g. `:e`, the editor) is no answer yet: the step asks again after it.
      const command = options.command && endsWithCommand(value, options.command.line);
      await answered(options.message, isBackInput(value) || command ? BACK_LABEL : (options.status?.(value) ?? linesSummary(value)));
      return value;
    },
    async confirm(options) {
      const { confirm } = await prompts();
      const value = await confirm({ message: options.message, default: options.default }, context);
      await answered(options.message, value ? 'Yes' : 'No');
      return value;
    },
    async password(options) {
      const { password } = await prompts();
      const value = await password({ message: options.message, mask: true, validate: options.validate }, context);
      await answered(options.message, '');
      return value;
    },
  };
}
