// Runs every command of the code blocks marked `sh runnable` in the README and the guides
// (docs/guides/) with the built binary, in order, each page with a state of its own, against the
// embedded sandbox, so that what they show stays true. Needs `npm run build`. And every relative link
// of those pages and of docs/reference/ leads to a file that exists.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

const PAGES = ['README.md', ...['docs/guides', 'docs/reference'].flatMap((dir) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`))];

describe.each(PAGES.filter((page) => runnableCommands(readFileSync(join(ROOT, page), 'utf8')).length > 0))('%s', (page) => {
  const commands = runnableCommands(readFileSync(join(ROOT, page), 'utf8'));
  const home = mkdtempSync(join(tmpdir(), 'recruit-docs-'));
  const env = {
    ...process.env,
    RECRUIT_STATE_DIR: join(home, 'state'),
    RECRUIT_CONFIG_DIR: join(home, 'config'),
    NO_COLOR: '1',
  };

  it('has runnable examples, each starting with recruit', () => {
    for (const command of commands) expect(command).toMatch(/^recruit /);
  });

  it.each(commands.map((c, i) => [i + 1, c] as const))('command %i runs: %s', (_i, command) => {
    // `recruit` is a shell function for the built binary, so the page's quoting is the shell's.
    const script = `recruit() { "${process.execPath}" "${BIN}" "$@"; }\n${command}`;
    const result = spawnSync('bash', ['-c', script], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr, `stderr of: ${command}`).not.toMatch(/^error:/m);
    expect(result.status, `exit code of: ${command}\n${result.stderr}`).toBe(0);
  });
});

/** Every page of the docs: the README, docs/ and its guides and reference pages. */
const ALL_PAGES = ['README.md', ...['docs', 'docs/guides', 'docs/reference'].flatMap((dir) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`))];

/** A link's file in this checkout, or undefined for a link elsewhere. */
function localTarget(page: string, target: string): string | undefined {
  if (/^[a-z]+:/.test(target)) return undefined;
  return join(ROOT, dirname(page), target);
}

/** The links of a page outside its code blocks, whose example URLs are not links. */
function links(text: string): string[] {
  return [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!);
}

describe('the pages', () => {
  it.each(ALL_PAGES)('%s: every link into the repository is relative (it works in a clone and on the web) and leads to a file of it', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const targets = links(text);
    expect(targets.filter((target) => /github\.com\/recruit-cli\/recruit\/(blob|tree)\//.test(target))).toEqual([]);
    expect(targets.filter((target) => {
      const file = localTarget(page, target);
      return file !== undefined && !existsSync(file);
    })).toEqual([]);
  });

  it.each(ALL_PAGES)('%s: has one title (one H1), on its first line', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const titles = text.split('\n').filter((line) => /^# /.test(line));
    expect(titles).toHaveLength(1);
    expect(text.startsWith(titles[0]!)).toBe(true);
  });
});

describe('README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('is short: under 200 lines, the rest in guides and reference pages', () => {
    expect(readme.split('\n').length).toBeLessThan(200);
  });

  it('reaches every guide and reference page in one link', () => {
    for (const page of PAGES.filter((p) => p !== 'README.md' && p !== 'docs/reference/commands.md')) expect(readme, page).toContain(`](${page})`);
  });

  it('shows the two-command quick start', () => {
    expect(readme).toContain('npm ci && npm run build && node bin/recruit.js --sandbox jobs create --file examples/jobs.json');
    expect(readme).toContain('npm ci && npm test');
  });
});
