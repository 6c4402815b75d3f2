// `npm pack` makes a tarball of only what runs (of the build `npm test` made first; --ignore-scripts,
// so no rebuild races the other tests). The tarball is unpacked and its runtime dependencies installed
// offline with `npm ci --omit=dev` from our lock file (the tarballs `npm ci` put in the npm cache): a
// global `npm install` of the tarball would resolve every dependency's registry metadata, which a
// fresh machine's cache does not hold, and tests have no network. A runtime dependency listed only in
// devDependencies, or a file missing from the tarball, fails here.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: { recruit: string } };
const ALLOWED = /^(bin\/(recruit|compile-cache)\.js|(bin|dist)\/package\.json|dist\/.+\.js|completions\/(recruit\.bash|_recruit|recruit\.fish)|README\.md|LICENSE|package\.json)$/;

describe('the npm package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-pack-'));
  const unpacked = join(dir, 'unpacked');
  let files: string[] = [];

  beforeAll(() => {
    const npmEnv = { ...process.env, npm_config_loglevel: 'error', npm_config_audit: 'false', npm_config_fund: 'false' };
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, env: npmEnv, encoding: 'utf8' }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = packed[0]!.files.map((f) => f.path);
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', join(dir, packed[0]!.filename), '-C', unpacked, '--strip-components=1']);
    copyFileSync(join(ROOT, 'package-lock.json'), join(unpacked, 'package-lock.json'));
    execFileSync('npm', ['ci', '--omit=dev', '--offline', '--ignore-scripts'], { cwd: unpacked, env: npmEnv, stdio: 'pipe' });
  }, 120_000);

  it('holds only what runs: the executable, the bundle, completions, README and LICENSE', () => {
    expect(files.filter((f) => !ALLOWED.test(f))).toEqual([]);
    for (const needed of ['bin/recruit.js', 'bin/compile-cache.js', 'dist/main.js', 'completions/recruit.bash', 'README.md', 'LICENSE']) {
      expect(files).toContain(needed);
    }
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);
  });

  const recruit = (...args: string[]) =>
    spawnSync(process.execPath, [join(unpacked, pkg.bin.recruit), ...args], {
      encoding: 'utf8',
      env: { ...process.env, RECRUIT_STATE_DIR: join(dir, 'state'), RECRUIT_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1' },
    });

  it('prints the package version', () => {
    const result = recruit('--version');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${pkg.version}\n`);
  });

  it('prints its help', () => {
    const result = recruit('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: recruit');
    expect(result.stdout).toMatch(/Examples:\n {2}\$ recruit/);
  });

  it('lists industries from the embedded sandbox', () => {
    const result = recruit('--sandbox', 'lookup', 'industries', '--json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const industries = JSON.parse(result.stdout) as Array<{ id: number; name: string }>;
    expect(industries[0]).toEqual({ id: 1, name: 'Information Technology' });
    expect(industries).toHaveLength(10);
  });

  it('filters through jq from its installed dependency (jq-web stays outside the bundle, beside its jq.wasm)', () => {
    const result = recruit('--sandbox', 'lookup', 'industries', '--jq', '.[0].name');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('Information Technology\n');
  });
});
