// `npm pack` makes a tarball of only what runs (of the build `npm test` made first; --ignore-scripts,
// so no rebuild races the other tests); installed into a temporary prefix (offline: its
// dependencies come from the npm cache that `npm ci` filled), it runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const ALLOWED = /^(bin\/recruit\.js|(bin|dist)\/package\.json|dist\/.+\.js|completions\/(recruit\.bash|_recruit|recruit\.fish)|README\.md|LICENSE|package\.json)$/;

describe('the npm package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-pack-'));
  const prefix = join(dir, 'prefix');
  let files: string[] = [];

  beforeAll(() => {
    const npmEnv = { ...process.env, npm_config_loglevel: 'error', npm_config_audit: 'false', npm_config_fund: 'false' };
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, env: npmEnv, encoding: 'utf8' }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = packed[0]!.files.map((f) => f.path);
    execFileSync('npm', ['install', '--global', '--offline', '--prefix', prefix, join(dir, packed[0]!.filename)], {
      env: npmEnv,
      stdio: 'pipe',
    });
  }, 120_000);

  it('holds only what runs: the executable, the bundle, completions, README and LICENSE', () => {
    expect(files.filter((f) => !ALLOWED.test(f))).toEqual([]);
    for (const needed of ['bin/recruit.js', 'dist/main.js', 'completions/recruit.bash', 'README.md', 'LICENSE']) {
      expect(files).toContain(needed);
    }
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);
  });

  const recruit = (...args: string[]) =>
    spawnSync(join(prefix, 'bin', 'recruit'), args, {
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
});
