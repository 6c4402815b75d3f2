// `npm pack` makes a tarball of only what runs (of the build `npm test` made first; --ignore-scripts,
// so no rebuild races the other tests). It is installed as a user would, `npm install -g` into an
// empty prefix, but offline and with an empty npm cache: from the tarball alone. dist/ bundles every
// package the CLI loads, so the package declares no dependency, and a dependency declared, a
// file missing from the tarball or an install script fails here. The installed command then runs
// from another directory.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const ALLOWED = /^(bin\/(recruit|compile-cache)\.js|(bin|dist)\/package\.json|dist\/version\.txt|dist\/chunks\/jq\.wasm|dist\/chunks\/jq-worker\.cjs|dist\/man\/man1\/recruit[a-z-]*\.1|dist\/.+\.js|completions\/(recruit\.bash|_recruit|recruit\.fish)|docs\/([a-z-]+\/)?[a-z-]+\.(md|yaml)|README\.md|LICENSE|package\.json)$/;

/** The targets of a Markdown text's links: inline `[text](target "title")` and `[label]: target`. */
export function linkTargets(markdown: string): string[] {
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/** The links of `markdown` that are relative and name no file of `files` (a heading's `#anchor` alone is fine). */
export function brokenRelativeLinks(markdown: string, files: string[]): string[] {
  return linkTargets(markdown).filter((target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return false; // absolute, or in the README
    const path = posix.normalize(decodeURI(target.replace(/[?#].*$/, '')).replace(/\/$/, ''));
    return !files.some((f) => f === path || f.startsWith(`${path}/`));
  });
}

describe('the npm package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-pack-'));
  const prefix = join(dir, 'prefix');
  const elsewhere = join(dir, 'elsewhere');
  let files: string[] = [];
  let install: { stdout: string; stderr: string; status: number | null };
  // npm and the installed command's `#!/usr/bin/env node` run on the Node that runs the tests.
  const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;

  beforeAll(() => {
    const npmEnv = { ...process.env, PATH, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
        cwd: ROOT,
        env: { ...npmEnv, npm_config_loglevel: 'error' },
        encoding: 'utf8',
      }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = packed[0]!.files.map((f) => f.path);
    mkdirSync(elsewhere);
    install = spawnSync(
      'npm',
      ['install', '--global', '--prefix', prefix, '--cache', join(dir, 'npm-cache'), '--offline', join(dir, packed[0]!.filename)],
      { cwd: elsewhere, env: npmEnv, encoding: 'utf8' },
    );
  }, 120_000);

  it('installs offline from the tarball alone, as one package, with no warning', () => {
    expect(install.stderr).toBe('');
    expect(install.status).toBe(0);
    expect(install.stdout).toMatch(/^added 1 package in /m); // not --json, which leaves out npm's warnings
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['recruit']);
    expect(readdirSync(join(prefix, 'lib', 'node_modules', 'recruit'))).not.toContain('node_modules');
  });

  it('tells a relative link to a file the package lacks from one it holds, an anchor and an absolute link', () => {
    const markdown = '[a](docs/batch.md#csv) [b](#quick-start) [c](https://example.com/x.md) [d](LICENSE "the licence")\n[e]: ./dist/\n```sh\n[f](no.md)\n```';
    expect(linkTargets(markdown)).toEqual(['docs/batch.md#csv', '#quick-start', 'https://example.com/x.md', 'LICENSE', './dist/']);
    expect(brokenRelativeLinks(markdown, ['LICENSE', 'dist/main.js'])).toEqual(['docs/batch.md#csv']);
  });

  it('has a README whose relative links all lead to files of the package', () => {
    const readme = readFileSync(join(prefix, 'lib', 'node_modules', 'recruit', 'README.md'), 'utf8');
    expect(linkTargets(readme).length).toBeGreaterThan(5);
    expect(brokenRelativeLinks(readme, files)).toEqual([]);
  });

  it('holds only what runs and its documentation: the executable, the bundle, completions, docs/ (the README links into it), README and LICENSE', () => {
    expect(files.filter((f) => !ALLOWED.test(f))).toEqual([]);
    for (const needed of ['bin/recruit.js', 'bin/compile-cache.js', 'dist/main.js', 'completions/recruit.bash', 'docs/guides/jobs.md', 'docs/reference/commands.md', 'README.md', 'LICENSE']) {
      expect(files).toContain(needed);
    }
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);
  });

  // The command npm linked into the prefix's bin/, run by its own `#!` line from another directory.
  const recruit = (...args: string[]) =>
    spawnSync(join(prefix, 'bin', 'recruit'), args, {
      cwd: elsewhere,
      encoding: 'utf8',
      env: { ...process.env, PATH, RECRUIT_STATE_DIR: join(dir, 'state'), RECRUIT_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1' },
    });

  it('installs a man page per command where man finds it, beside the command', () => {
    const man = join(prefix, 'share', 'man');
    expect(readdirSync(join(man, 'man1'))).toEqual(expect.arrayContaining(['recruit.1', 'recruit-jobs-create.1', 'recruit-help-environment.1']));
    if (spawnSync('man', ['--version']).status !== 0) return; // no man here: the pages' place is what counts
    const page = spawnSync('man', ['-M', man, 'recruit-jobs-create'], { encoding: 'utf8', env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80' } });
    expect(page.status).toBe(0);
    expect(page.stdout.split('\b').map((part, i, all) => (i < all.length - 1 ? part.slice(0, -1) : part)).join('')).toContain('recruit-jobs-create - create jobs');
  });

  it('prints the package version', () => {
    const result = recruit('--version');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^recruit ${pkg.version.replace(/\./g, '\\.')} \\(commit [^,]+, \\d{4}-\\d\\d-\\d\\d\\)\nNode\\.js v`));
  });

  it('prints its help', () => {
    const result = recruit('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: recruit');
    expect(result.stdout).toMatch(/Examples:\n {2}\$ recruit/);
  });

  it('lists industries from the embedded sandbox', () => {
    const result = recruit('--sandbox', 'lookup', 'industries', '--all', '--json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const industries = JSON.parse(result.stdout) as Array<{ id: number; name: string }>;
    expect(industries[0]).toEqual({ id: 1, name: 'Information Technology' });
    expect(industries).toHaveLength(20);
  });

  it('creates the example jobs in the embedded sandbox, once', () => {
    const file = join(ROOT, 'examples', 'jobs.json');
    const first = recruit('--sandbox', 'jobs', 'create', '--file', file, '--json');
    expect(first.status, first.stderr).toBe(0);
    const created = JSON.parse(first.stdout) as Array<{ result: string; jobId: number }>;
    expect(created.map((r) => r.result)).toEqual(['created', 'created', 'created']);
    const again = JSON.parse(recruit('--sandbox', 'jobs', 'create', '--file', file, '--json').stdout) as typeof created;
    expect(again.map((r) => [r.result, r.jobId])).toEqual(created.map((r) => ['already_created', r.jobId]));
  });

  it('filters through jq with no jq program installed (jq-web bundled into its worker, its jq.wasm beside it)', () => {
    const result = recruit('--sandbox', 'lookup', 'industries', '--all', '--jq', '.[0].name');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('Information Technology\n');
  });
});
