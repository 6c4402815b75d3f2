// Names in a sentence, the one way messages list them: "4", "4 and 7", "4, 7 and 9", and past
// `named` of them the first ones and how many more: "4, 7, 9, 12, 15 and 3 more".

export function listed(names: readonly string[], named = names.length): string {
  if (names.length > named) return `${names.slice(0, named).join(', ')} and ${(names.length - named).toLocaleString('en-US')} more`;
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
