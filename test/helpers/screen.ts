// What stays on a terminal after some output: the lines as a terminal leaves them once the cursor
// moves and lines are cleared (\r, \n, CSI n G, CSI n A, CSI n B, CSI K, CSI 2K); other escape
// sequences (cursor visibility, synchronized output, colours) change nothing here and are dropped.
export function screenOf(output: string): string[] {
  const lines: string[][] = [[]];
  let row = 0;
  let col = 0;
  const line = () => (lines[row] ??= []);
  for (let i = 0; i < output.length; i++) {
    const c = output[i]!;
    if (c === '\n') {
      row++;
      col = 0;
      line();
    } else if (c === '\r') {
      col = 0;
    } else if (c === '\x1b' && output[i + 1] === '[') {
      // eslint-disable-next-line no-control-regex
      const m = /^\x1b\[([?\d;]*)([A-Za-z])/.exec(output.slice(i));
      if (!m) continue;
      i += m[0].length - 1;
      const n = Number(m[1]) || 0;
      if (m[2] === 'G') col = Math.max(0, n - 1);
      else if (m[2] === 'A') row = Math.max(0, row - (n || 1));
      else if (m[2] === 'B') row += n || 1;
      else if (m[2] === 'K') {
        if (m[1] === '2') lines[row] = [];
        else line().length = Math.min(line().length, col);
      }
    } else {
      const l = line();
      while (l.length < col) l.push(' ');
      l[col++] = c;
    }
  }
  for (let r = 0; r < lines.length; r++) lines[r] ??= [];
  return lines.map((l) => l.join('').trimEnd());
}
