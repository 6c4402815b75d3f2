// bin/compile-cache.js: on Node 20 (no module.enableCompileCache), the built CLI keeps V8's code
// cache of its bundle in the state directory. The cache must be used once written, rewritten when it
// does not match, never in the way of the command (a state directory that cannot be written), and
// must not pile up across versions.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
// Node 22.1 added module.enableCompileCache; the types of Node 20 do not know it.
const ownCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache !== 'function';

function stateDir(): string {
  return mkdtempSync(join(tmpdir(), 'recruit-compile-cache-'));
}

const cacheDir = (state: string) => join(state, 'compile-cache', `${version}-node${process.version}`);

describe.runIf(ownCache)('the compile cache on Node 20', () => {
  it('is written by the first run, then used as it is by the next', async () => {
    const state = stateDir();
    const first = await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } });
    expect(first.code).toBe(0);
    const files = readdirSync(cacheDir(state)).filter((f) => !f.startsWith('set-'));
    // Only the chunks, whose names carry a hash of their content, each entry named with its size too;
    // dist/main.js keeps its name across builds, and V8 would take an entry of the same length.
    const chunks = readdirSync(new URL('../../dist/chunks/', import.meta.url));
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) expect(chunks).toContain(/^(.+\.js)\.\d+$/.exec(f)?.[1]);
    expect(files.some((f) => f.startsWith('main.js'))).toBe(false);
    const before = new Map(files.map((f) => [f, statSync(join(cacheDir(state), f)).mtimeMs]));
    for (const f of files) expect(statSync(join(cacheDir(state), f)).size).toBeGreaterThan(0);

    const second = await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } });
    expect(second).toEqual(first);
    // Accepted by V8, so not written again.
    for (const [f, mtime] of before) expect(statSync(join(cacheDir(state), f)).mtimeMs).toBe(mtime);
  });

  it('adds to the entries what a run with chunks no run loaded before compiled, once per such set', async () => {
    const state = stateDir();
    const env = { RECRUIT_STATE_DIR: state };
    expect((await runBin(['--help'], { env })).code).toBe(0);
    const sizes = () => new Map(readdirSync(cacheDir(state)).map((f) => [f, statSync(join(cacheDir(state), f)).size]));
    const mtimes = () => new Map(readdirSync(cacheDir(state)).map((f) => [f, statSync(join(cacheDir(state), f)).mtimeMs]));
    const afterHelp = sizes();
    expect([...afterHelp.keys()].filter((f) => f.startsWith('set-'))).toHaveLength(1);

    // `jobs get --help` loads the same chunks as `--help`: nothing is written.
    const before = mtimes();
    expect((await runBin(['jobs', 'get', '--help'], { env })).code).toBe(0);
    expect(mtimes()).toEqual(before);

    // `config list` loads a chunk of its own besides the core: a new set, and the core chunk's entry
    // grows by the functions config list ran that --help did not.
    expect((await runBin(['config', 'list'], { env })).code).toBe(0);
    const afterConfig = sizes();
    expect([...afterConfig.keys()].filter((f) => f.startsWith('set-'))).toHaveLength(2);
    const core = [...afterHelp.keys()].find((f) => !f.startsWith('set-') && afterHelp.get(f)! > 50_000)!;
    expect(afterConfig.get(core)!).toBeGreaterThan(afterHelp.get(core)!);

    // Again: a set seen before, entries accepted, nothing written.
    const seen = mtimes();
    expect((await runBin(['config', 'list'], { env })).code).toBe(0);
    expect(mtimes()).toEqual(seen);
  });

  it('rewrites an entry V8 refuses, and the command runs as if there were none', async () => {
    const state = stateDir();
    expect((await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } })).code).toBe(0);
    const entries = readdirSync(cacheDir(state));
    for (const f of entries) writeFileSync(join(cacheDir(state), f), 'not a code cache');
    const help = await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: recruit');
    for (const f of entries) expect(readFileSync(join(cacheDir(state), f), 'utf8')).not.toBe('not a code cache');
  });

  it("removes the caches of other versions when it writes its own", async () => {
    const state = stateDir();
    const old = join(state, 'compile-cache', '0.0.1-nodev20.0.0');
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'main.js'), 'old');
    expect((await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } })).code).toBe(0);
    expect(readdirSync(join(state, 'compile-cache'))).toEqual([`${version}-node${process.version}`]);
  });

  it('stays out of the way when the state directory cannot be written', async () => {
    const dir = stateDir();
    const notADirectory = join(dir, 'file');
    writeFileSync(notADirectory, '');
    const res = await runBin(['--help'], { env: { RECRUIT_STATE_DIR: notADirectory } });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Usage: recruit');
    expect(res.stderr).toBe('');
  });
});

describe.skipIf(ownCache)('on Node 22.1 and later', () => {
  it("leaves the compile cache to Node's own, and writes none in the state directory", async () => {
    const state = stateDir();
    expect((await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } })).code).toBe(0);
    expect(readdirSync(state)).not.toContain('compile-cache');
  });
});
