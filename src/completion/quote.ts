// Quoting for the generated scripts: every word taken from the program goes through one of these.

/** A word for bash or zsh: bare when it is plain, else in single quotes. */
export function shWord(word: string): string {
  return /^[A-Za-z0-9_./@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Always single-quoted for bash or zsh, for words that hold their own quoting syntax. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A word for fish: in single quotes, where only \\ and \' are special. */
export function fishQuote(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** One line of a description: no newlines or tabs, trimmed. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
