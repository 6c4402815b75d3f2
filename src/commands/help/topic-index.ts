// The help topics by name, with one line each: data only, so that the program can list them (in
// `recruit --help` and as `recruit help <topic>` commands, which completion reads) without loading
// their texts (topics.ts).
export const HELP_TOPICS = [
  { name: 'environment', summary: 'the environment variables recruit reads' },
  { name: 'exit-codes', summary: 'what each exit code means' },
  { name: 'formats', summary: 'the batch file of `jobs create --file`: formats and fields' },
] as const;

export type HelpTopic = (typeof HELP_TOPICS)[number]['name'];

/** "Help topics:" and one line per topic, for the program's help. */
export function topicsSection(): string {
  const width = Math.max(...HELP_TOPICS.map((t) => t.name.length));
  const lines = HELP_TOPICS.map((t) => `  ${t.name.padEnd(width)}  ${t.summary}`);
  return `\nHelp topics (recruit help <topic>):\n${lines.join('\n')}\n`;
}
