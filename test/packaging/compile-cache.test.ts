// bin/compile-cache.js: on Node 20 (no module.enableCompileCache), the built CLI keeps V8's code
// cache of its bundle in the state directory. The cache must be used once written, rewritten when it
// does not match, never in the way of the command (a state directory that cannot be written), and
// must not pile up across versions.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const chunksDir = fileURLToPath(new URL('../../dist/chunks/', import.meta.url));
const { entryOf } = createRequire(import.meta.url)('../../bin/compile-cache.js') as { entryOf: (source: string, cachedData: Buffer) => Buffer };

/**
 * Entries for every chunk of V8's code cache of other code, of the chunk's length (all V8 compares),
 * which writes `marker` when it runs: as the cache writes an entry (the exact source, then the code
 * cache) or V8's code cache alone. Compiled by a child node, whose V8 flags are the bin's.
 */
function plant(dir: string, marker: string, form: 'entry' | 'bare'): void {
  const chunks = readdirSync(chunksDir).map((name) => ({ name, source: readFileSync(join(chunksDir, name), 'utf8') }));
  const script = `const vm = require('node:vm'), Module = require('node:module');
    const p = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const code = 'require("node:fs").writeFileSync(' + JSON.stringify(p.marker) + ', "ran");';
    process.stdout.write(JSON.stringify(p.lengths.map((n) => new vm.Script(Module.wrap(code + ' '.repeat(n - code.length))).createCachedData().toString('base64'))));`;
  const r = spawnSync(process.execPath, ['-e', script], { input: JSON.stringify({ marker, lengths: chunks.map((c) => c.source.length) }), encoding: 'utf8' });
  expect(r.stderr).toBe('');
  const data = (JSON.parse(r.stdout) as string[]).map((b) => Buffer.from(b, 'base64'));
  mkdirSync(dir, { recursive: true });
  chunks.forEach((c, i) => writeFileSync(join(dir, `${c.name}.${c.source.length}`), form === 'entry' ? entryOf(c.source, data[i]!) : data[i]!));
}

describe.runIf(ownCache && process.platform !== 'win32')('the compile cache where others could write', () => {
  it('makes its directories 0700 and its files 0600', async () => {
    const state = join(stateDir(), 'state');
    expect((await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } })).code).toBe(0);
    const modes = [state, join(state, 'compile-cache'), cacheDir(state), ...readdirSync(cacheDir(state)).map((f) => join(cacheDir(state), f))].map((p): [string, number] => [p, statSync(p).mode & 0o777]);
    expect(modes.length).toBeGreaterThan(4);
    for (const [p, mode] of modes) expect([p, mode]).toEqual([p, statSync(p).isDirectory() ? 0o700 : 0o600]);
  });

  it('runs an entry planted with the exact source in a directory only the user can write (the planting works)', async () => {
    const state = stateDir();
    const marker = join(state, 'ran');
    plant(cacheDir(state), marker, 'entry');
    await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } });
    expect(existsSync(marker)).toBe(true);
  });

  it('never runs a code cache that V8 would take for a source of the same length: an entry must hold the exact source', async () => {
    const state = stateDir();
    const marker = join(state, 'ran');
    plant(cacheDir(state), marker, 'bare');
    const help = await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } });
    expect(existsSync(marker)).toBe(false);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: recruit');
  });

  it.each([
    ['the state directory', (state: string) => state, 0o770],
    ['compile-cache/', (state: string) => join(state, 'compile-cache'), 0o757],
    ["the version's directory", (state: string) => cacheDir(state), 0o775],
  ])('neither reads nor writes it when %s is writable by group or others', async (_what, loose, mode) => {
    const state = stateDir();
    const marker = join(state, 'ran');
    plant(cacheDir(state), marker, 'entry');
    chmodSync(loose(state), mode);
    const before = readdirSync(cacheDir(state)).map((f) => [f, statSync(join(cacheDir(state), f)).mtimeMs]);
    const help = await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state } });
    expect(existsSync(marker)).toBe(false);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: recruit');
    expect(readdirSync(cacheDir(state)).map((f) => [f, statSync(join(cacheDir(state), f)).mtimeMs])).toEqual(before);
  });
});

describe.skipIf(ownCache)('on Node 22.1 and later', () => {
  // Node's own cache goes, by default, to the system's temporary directory, which anyone can write.
  it("keeps Node's own compile cache in the state directory, made 0700, and none in the temporary directory", async () => {
    const state = stateDir();
    const temp = mkdtempSync(join(tmpdir(), 'recruit-tmpdir-'));
    expect((await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state, TMPDIR: temp, NODE_COMPILE_CACHE: undefined } })).code).toBe(0);
    expect(statSync(cacheDir(state)).mode & 0o777).toBe(0o700);
    expect(readdirSync(cacheDir(state)).length).toBeGreaterThan(0);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('keeps no compile cache at all when the state directory is writable by others', async () => {
    const state = stateDir();
    chmodSync(state, 0o777);
    const temp = mkdtempSync(join(tmpdir(), 'recruit-tmpdir-'));
    expect((await runBin(['--help'], { env: { RECRUIT_STATE_DIR: state, TMPDIR: temp, NODE_COMPILE_CACHE: undefined } })).code).toBe(0);
    expect(readdirSync(state)).not.toContain('compile-cache');
    expect(readdirSync(temp)).toEqual([]);
  });
});
