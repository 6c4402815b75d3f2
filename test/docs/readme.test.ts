// Runs every command of the README's code blocks marked `sh runnable` with the built binary, in
// order, against the embedded sandbox, so that the README stays true. Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The commands of the runnable blocks: continuation lines joined, comments dropped. */
export function runnableCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/^```sh runnable\n([\s\S]*?)^```/gm)) {
    const joined = block[1]!.replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command !== '') commands.push(command);
    }
  }
  return commands;
}

describe('README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const commands = runnableCommands(readme);
  const home = mkdtempSync(join(tmpdir(), 'recruit-readme-'));
  const env = {
    ...process.env,
    RECRUIT_STATE_DIR: join(home, 'state'),
    RECRUIT_CONFIG_DIR: join(home, 'config'),
    NO_COLOR: '1',
  };

  it('has runnable examples, each starting with recruit', () => {
    expect(commands.length).toBeGreaterThan(10);
    for (const command of commands) expect(command).toMatch(/^recruit /);
  });

  it.each(commands.map((c, i) => [i + 1, c] as const))('command %i runs: %s', (_i, command) => {
    // `recruit` is a shell function for the built binary, so the README's quoting is the shell's.
    const script = `recruit() { "${process.execPath}" "${BIN}" "$@"; }\n${command}`;
    const result = spawnSync('bash', ['-c', script], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr, `stderr of: ${command}`).not.toMatch(/^error:/m);
    expect(result.status, `exit code of: ${command}\n${result.stderr}`).toBe(0);
  });

  it('shows the two-command quick start', () => {
    expect(readme).toContain('npm ci && npm run build && node bin/recruit.js --sandbox jobs create --file examples/jobs.json');
    expect(readme).toContain('npm ci && npm test');
  });
});
