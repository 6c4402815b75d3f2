// Server strings are printed with terminal control characters escaped, so a job title cannot
// move the cursor, change colours or set the window title (cf. cli/cli#6916).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function sanitize(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code === 0x1b ? '\\e' : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

/** For one-line cells: newlines and tabs too. */
export function sanitizeCell(text: string): string {
  return sanitize(text).replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}
