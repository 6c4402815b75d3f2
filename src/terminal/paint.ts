// The colours of stderr's labels (`error:`, `hint:`, `warning:`) as raw SGR codes, the ones chalk
// writes at its lowest level: an error is printed without loading chalk (start-up is budgeted).
// Whether to paint is the caller's colour decision (io.ts colorEnabled).
const SGR = { red: [31, 39], yellow: [33, 39], cyan: [36, 39], bold: [1, 22] } as const;

export type Hue = keyof typeof SGR;

export function paint(hue: Hue, text: string): string {
  const [on, off] = SGR[hue];
  return `\u001b[${on}m${text}\u001b[${off}m`;
}

/** `text` with its leading `label` painted, when it starts with it. */
export function paintLabel(text: string, label: string, hue: Hue): string {
  return text.startsWith(label) ? `${paint(hue, label)}${text.slice(label.length)}` : text;
}
