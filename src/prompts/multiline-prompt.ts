// A multi-line text prompt for the job description, on @inquirer/core: Enter starts a new line, an
// empty line typed by hand ends the text, and a live status line (the word count) sits under it.
// Pasted text may hold blank lines: the terminal's bracketed-paste markers tell a paste from typing,
// so a paragraph break inside a paste never ends the text early.
import {
  createPrompt,
  isBackspaceKey,
  isEnterKey,
  makeTheme,
  useEffect,
  useKeypress,
  usePrefix,
  useRef,
  useState,
  type Status,
} from '@inquirer/core';

export interface MultilineConfig {
  message: string;
  default?: string;
  validate?: (value: string) => true | string;
  status?: (value: string) => string;
  /** A line that, typed alone, ends the prompt at once: the text so far with that line last. */
  command?: { line: string; help: string };
}

/** Lines shown above the one being typed; older ones are summarised. */
const VISIBLE_LINES = 8;
const PASTE_ON = '\u001b[?2004h';
const PASTE_OFF = '\u001b[?2004l';

function withoutTrailingBlankLines(lines: string[]): string {
  const copy = [...lines];
  while (copy.length > 0 && copy[copy.length - 1]!.trim() === '') copy.pop();
  return copy.join('\n');
}

/** What the answered line says of a text: "skipped" when empty, else its count of lines. */
export function linesSummary(text: string): string {
  if (text.trim() === '') return 'skipped';
  const lines = text.split('\n').length;
  return `${lines} line${lines === 1 ? '' : 's'}`;
}

export default createPrompt<string, MultilineConfig>((config, done) => {
  const theme = makeTheme({});
  const [status, setStatus] = useState<Status>('idle');
  const [lines, setLines] = useState<string[]>(config.default ? config.default.split('\n') : []);
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [answer, setAnswer] = useState('');
  const pasting = useRef(false);
  const lastWasReturn = useRef(false);
  const prefix = usePrefix({ status, theme });

  useEffect((rl) => {
    rl.output.unmute();
    rl.output.write(PASTE_ON);
    rl.output.mute();
    return () => {
      rl.output.unmute();
      rl.output.write(PASTE_OFF);
      rl.output.mute();
    };
  }, []);

  const finish = (value: string) => {
    setAnswer(value);
    setStatus('done');
    done(value);
  };

  useKeypress((key, rl) => {
    if (status !== 'idle') return;
    if (key.name === 'paste-start' || key.name === 'paste-end') {
      pasting.current = key.name === 'paste-start';
      return;
    }
    if (isEnterKey(key)) {
      // A CR LF pair is one line break, not an empty line.
      if (key.name === 'enter' && lastWasReturn.current) {
        lastWasReturn.current = false;
        return;
      }
      lastWasReturn.current = key.name === 'return';
      if (!pasting.current && lines.length === 0 && current.trim() === '<') return finish('<');
      if (!pasting.current && config.command && current.trim() === config.command.line) return finish([...lines, config.command.line].join('\n'));
      if (pasting.current || current !== '') {
        setLines([...lines, current]);
        setCurrent('');
        return;
      }
      const text = withoutTrailingBlankLines(lines);
      const verdict = config.validate ? config.validate(text) : true;
      if (verdict === true) finish(text);
      else setError(verdict);
      return;
    }
    lastWasReturn.current = false;
    if (isBackspaceKey(key) && current === '' && rl.line === '' && lines.length > 0) {
      // Backspace on an empty line takes the line above back for editing.
      const previous = lines[lines.length - 1]!;
      setLines(lines.slice(0, -1));
      rl.write(previous);
      setCurrent(previous);
      return;
    }
    if (key.ctrl && key.name === 'x') {
      rl.clearLine(0);
      setLines([]);
      setCurrent('');
      return;
    }
    setCurrent(rl.line);
    setError(undefined);
  });

  const message = theme.style.message(config.message, status);
  if (status === 'done') {
    const summary = answer === '<' ? 'back' : (config.status?.(answer) ?? linesSummary(answer));
    return `${prefix} ${message} ${theme.style.answer(summary)}`;
  }
  const shown = lines.slice(-VISIBLE_LINES);
  const hidden = lines.length - shown.length;
  const top = [`${prefix} ${message}`];
  if (hidden > 0) top.push(theme.style.help(`  … ${hidden} earlier line${hidden === 1 ? '' : 's'}`));
  const content = [...top, ...shown.map((l) => `  ${l}`), `  ${current}`].join('\n');
  const text = [...lines, current].join('\n');
  const help = theme.style.help(
    `${config.status ? `${config.status(text)} · ` : ''}Enter on an empty line: done · Backspace on an empty line: edit the line above · Ctrl-X: clear${config.command ? ` · ${config.command.help}` : ''}`,
  );
  return [content, error ? `${theme.style.error(error)}\n${help}` : help];
});

