// Runs the committed completion scripts in the real shells and returns what Tab offers for a
// command line: bash by calling the completion function as bash would, zsh through a pseudo-terminal
// (complete.zsh), fish with `complete -C`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Shell } from '../../src/completion/shells.js';

export const COMPLETIONS = fileURLToPath(new URL('../../completions/', import.meta.url));
export const SCRIPT_NAME: Record<Shell, string> = { bash: 'recruit.bash', zsh: '_recruit', fish: 'recruit.fish' };
const ZSH_HARNESS = fileURLToPath(new URL('./complete.zsh', import.meta.url));

export interface Offer {
  value: string;
  description?: string;
}

export interface Completion {
  offers: Offer[];
  values: string[];
  stderr: string;
  status: number | null;
}

/** Why a shell's tests cannot run here, or undefined when they can (the shell is asked). @spawns */
export function unavailable(shell: Shell): string | undefined {
  const probe = { bash: 'true', zsh: 'zmodload zsh/zpty', fish: 'true' }[shell];
  const result = spawnSync(shell, shell === 'zsh' ? ['-f', '-c', probe] : ['-c', probe], { stdio: 'ignore' });
  if (result.error) return `${shell} is not installed (apt-get install ${shell})`;
  if (result.status !== 0) return `${shell} cannot run the test harness (for zsh: the zsh/zpty module is missing)`;
  return undefined;
}

// bash splits words at "=" (COMP_WORDBREAKS): "--industry=5" is "--industry" "=" "5".
function bashWords(line: string): string[] {
  const words = line.split(/\s+/).filter(Boolean).flatMap((w) => w.split(/(=)/).filter(Boolean));
  if (/\s$/.test(line) || line === '') words.push('');
  return words;
}

const BASH_DRIVER = `
source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
COMP_LINE="\${COMP_WORDS[*]}"; COMP_POINT=\${#COMP_LINE}
cur=\${COMP_WORDS[COMP_CWORD]}; [[ $cur == = ]] && cur=
_recruit recruit "$cur" "\${COMP_WORDS[COMP_CWORD-1]}"
(( \${#COMPREPLY[@]} )) && printf '%s\\n' "\${COMPREPLY[@]}"
exit 0
`;

function parse(shell: Shell, stdout: string): Offer[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match =
        shell === 'bash' ? /^(\S+)(?:\s+\((.*)\))?$/.exec(line) : shell === 'zsh' ? /^(.*?)(?: -- (.*))?$/.exec(line) : /^([^\t]*)(?:\t(.*))?$/.exec(line);
      return { value: match?.[1] ?? line, ...(match?.[2] !== undefined ? { description: match[2] } : {}) };
    });
}

/** A directory with `recruit` and `node` stand-ins that leave a mark when anything runs them. */
export function tripwire(): { bin: string; tripped: () => boolean } {
  const bin = mkdtempSync(join(tmpdir(), 'recruit-tripwire-'));
  const mark = join(bin, 'tripped');
  for (const name of ['recruit', 'node']) {
    writeFileSync(join(bin, name), `#!/bin/sh\ntouch '${mark}'\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return { bin, tripped: () => existsSync(mark) };
}

export interface CompleteOptions {
  /** The shell's whole environment besides PATH and HOME; nothing of this process leaks in. */
  env?: Record<string, string>;
  home?: string;
  /** Put first on PATH. */
  bin?: string;
  /** A directory holding recruit.bash, _recruit and recruit.fish; the committed ones by default. */
  scripts?: string;
}

/** compinit's dump for the completion scripts in `dir`, in this test file's temporary directory. */
const zshDump = (dir: string) => join(tmpdir(), `recruit-zcompdump-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);

/** What `shell` offers for `line`, through the completion script in a real shell. @spawns */
export function complete(shell: Shell, line: string, options: CompleteOptions = {}): Completion {
  const env: NodeJS.ProcessEnv = {
    PATH: [options.bin, process.env.PATH].filter(Boolean).join(delimiter),
    HOME: options.home ?? mkdtempSync(join(tmpdir(), 'recruit-home-')),
    TERM: 'dumb',
    LANG: 'C.UTF-8',
    ...options.env,
  };
  const dir = options.scripts ?? COMPLETIONS;
  const [command, args] =
    shell === 'bash'
      ? ['bash', ['--norc', '--noprofile', '-c', BASH_DRIVER, 'bash', join(dir, SCRIPT_NAME.bash), ...bashWords(line)]]
      : shell === 'zsh'
        ? ['zsh', ['-f', ZSH_HARNESS, dir, line, zshDump(dir)]]
        : ['fish', ['--no-config', '-c', 'source $argv[1]; complete -C$argv[2]', join(dir, SCRIPT_NAME.fish), line]];
  const result = spawnSync(command, args as string[], { env, encoding: 'utf8', timeout: 20_000 });
  if (result.error) throw result.error;
  const offers = parse(shell, result.stdout);
  return { offers, values: offers.map((o) => o.value), stderr: result.stderr, status: result.status };
}
