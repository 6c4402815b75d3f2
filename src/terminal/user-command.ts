// A command line the user set for recruit to start (an editor, a pager), started as their shell
// would start it. Elsewhere it is split into words and started without a shell. On Windows Node
// starts neither a .cmd/.bat file (EINVAL since its fix of CVE-2024-27980) nor a command that is
// one only through PATHEXT (`code` is code.cmd: ENOENT) without a shell, and those are how most
// Windows editors are installed, VS Code first: there the line goes to cmd.exe as it was written,
// each further argument (a file of ours, never the user's text) in double quotes.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Words as a shell splits them, with '…' and "…" quoting; enough for an editor's or a pager's command line. */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  for (const [, single, double, bare] of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(single ?? double ?? bare!);
  return words;
}

/** How `line` with `args` after it is started: the file and arguments given to spawn, and whether through the shell. */
export function userCommand(line: string, args: readonly string[], platform: NodeJS.Platform = process.platform): { file: string; args: string[]; shell: boolean } {
  if (platform === 'win32') return { file: [line, ...args.map((a) => `"${a}"`)].join(' '), args: [], shell: true };
  const [file = '', ...words] = splitWords(line);
  return { file, args: [...words, ...args], shell: false };
}

export function spawnUserCommand(line: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const command = userCommand(line, args);
  return spawn(command.file, command.args, { ...options, shell: command.shell });
}
