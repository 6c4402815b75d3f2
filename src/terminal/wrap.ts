// Text broken at spaces to fit a terminal's width, so that a terminal never breaks a word in two.
// Measured in characters, not columns: notes are the CLI's own words (and server strings escaped),
// and the width tables (string-width) are not worth loading for every command that says something.

/**
 * `text` (one line) as lines of at most `width` characters, broken at spaces; a word longer than
 * the width stays whole on a line of its own. `indent` starts every line after the first.
 */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  if ([...text].length <= width) return [text];
  const lead = /^ */.exec(text)![0];
  const lines: string[] = [];
  let line = lead;
  let length = lead.length;
  let empty = true; // no word on the line yet
  for (const word of text.slice(lead.length).split(' ')) {
    const w = [...word].length;
    if (!empty && length + 1 + w > width) {
      lines.push(line);
      line = indent;
      length = indent.length;
      empty = true;
    }
    if (!empty) {
      line += ' ';
      length++;
    }
    line += word;
    length += w;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** Each line of `text` wrapped to `width` (a text that ends in a newline still does). */
export function wrapText(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => wrapWords(line, width).join('\n'))
    .join('\n');
}
