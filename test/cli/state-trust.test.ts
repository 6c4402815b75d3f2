// State and config that only their owner can write (src/core/trusted-dir.ts): a state directory that
// another user made first, or that its group may write, is refused before anything of it is read
// and before anything is sent (exit 6, the directory named); what recruit makes is 0700/0600.
// The planted cases need a second user: the tests run as root and play it with setpriv (uid 65534).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { countTitle, jobs, useRecordingProxy, writeJobs } from '../batch/helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);
const TOKEN = 'sbx_direct_full';
const NOBODY = 65534;

/** Why a second user cannot be played here ('' when it can). */
function attackerUnavailable(): string {
  if (process.platform === 'win32') return 'no POSIX users on Windows';
  if (process.getuid?.() !== 0) return 'not running as root, so no second uid to switch to';
  const probe = spawnSync('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', 'true']);
  if (probe.error || probe.status !== 0) return `setpriv is missing or cannot switch users (${probe.error?.message ?? probe.stderr.toString().trim()})`;
  return '';
}
const unavailable = attackerUnavailable();
const skipNote = unavailable ? ` (skipped: ${unavailable})` : '';

/** Runs `script` in node as uid/gid 65534, with PLANT (JSON) in its environment. */
function asAttacker(script: string, plant: unknown): void {
  const r = spawnSync('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, '-e', script], {
    env: { PATH: process.env.PATH, PLANT: JSON.stringify(plant) },
    cwd: '/',
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`the attacker's script failed: ${r.stderr}`);
}

// A world-writable sticky directory, as /tmp is, inside the test's own temporary directory; the
// attacker needs to pass through the directories above it.
let shared = '';
const home = dirname(tmpdir());
beforeAll(() => {
  shared = mkdtempSync(join(tmpdir(), 'recruit-shared-'));
  chmodSync(shared, 0o1777);
  chmodSync(home, 0o711);
});
afterAll(() => chmodSync(home, 0o700));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe(`a state directory another user made first${skipNote}`, () => {
  // As the cache once stored an entry (V8's code cache alone) and as it stores one now (the exact
  // source, then V8's code cache): for every chunk, V8's cache of code that writes the marker, padded
  // to the chunk's length, which is all V8 compares; the source is public, so the attacker has it.
  it.skipIf(unavailable !== '').each(['bare', 'with-source'])("never runs a compile cache planted there (%s entries), though it is V8's of code of the same length", async (form) => {
    const state = join(shared, `state-cache-${form}`);
    const marker = join(shared, `planted-code-ran-${form}`);
    const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    const chunksDir = fileURLToPath(new URL('../../dist/chunks/', import.meta.url));
    const planted = join(state, 'compile-cache', `${version}-node${process.version}`);
    asAttacker(
      `const fs = require('node:fs'), path = require('node:path'), vm = require('node:vm'), Module = require('node:module');
       const p = JSON.parse(process.env.PLANT);
       fs.mkdirSync(p.dir, { recursive: true, mode: 0o755 });
       for (const name of fs.readdirSync(p.chunksDir)) {
         const real = fs.readFileSync(path.join(p.chunksDir, name), 'utf8');
         const code = 'require("node:fs").writeFileSync(' + JSON.stringify(p.marker) + ', String(process.getuid()));';
         const data = new vm.Script(Module.wrap(code + ' '.repeat(real.length - code.length)), { filename: path.join(p.chunksDir, name) }).createCachedData();
         const source = Buffer.from(real, 'utf8');
         const head = Buffer.alloc(4);
         head.writeUInt32LE(source.length);
         fs.writeFileSync(path.join(p.dir, name + '.' + real.length), p.form === 'bare' ? data : Buffer.concat([head, source, data]), { mode: 0o644 });
       }`,
      { dir: planted, chunksDir, marker, form },
    );
    expect(statSync(state).uid).toBe(NOBODY);
    expect(readdirSync(planted).length).toBeGreaterThan(1);

    const env = { RECRUIT_STATE_DIR: state, RECRUIT_TOKEN: TOKEN, RECRUIT_BASE_URL: proxy.baseUrl };
    const list = await runBin(['jobs', 'list', '--json'], { env });
    expect(existsSync(marker)).toBe(false);
    expect(list.code).toBe(0); // `jobs list` reads nothing from the state directory
    expect(Array.isArray(JSON.parse(list.stdout))).toBe(true);
    // Nor written back: every entry there is still the other user's.
    for (const name of readdirSync(planted)) expect([name, statSync(join(planted, name)).uid]).toEqual([name, NOBODY]);

    // A command that reads state from it is refused, naming it, before it sends anything.
    proxy.reset();
    const pending = await runBin(['jobs', 'create', '--resume'], { env });
    expect(existsSync(marker)).toBe(false);
    expect(pending.code).toBe(6);
    expect(pending.stderr).toContain(`the state directory ${state} belongs to another user (uid ${NOBODY}`);
    expect(pending.stderr).toContain('RECRUIT_STATE_DIR');
    expect(pending.stderr).not.toContain(TOKEN);
    expect(proxy.requests).toEqual([]);
  });

  it.skipIf(unavailable !== '')('is refused with a journal planted in it, before anything is sent', async () => {
    const state = join(shared, 'state-journal');
    asAttacker(
      `const fs = require('node:fs'), path = require('node:path');
       const p = JSON.parse(process.env.PLANT);
       fs.mkdirSync(path.join(p.state, 'journals'), { recursive: true, mode: 0o755 });
       fs.writeFileSync(path.join(p.state, 'journals', 'planted.ndjson'), '{"planted":true}\\n', { mode: 0o644 });`,
      { state },
    );
    const file = writeJobs('planted-journal.ndjson', jobs('Planted journal', 3));
    proxy.reset();
    const res = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'create', '--file', file], { env: { RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: state } });
    expect(res.code).toBe(6);
    expect(res.stderr).toContain(`the state directory ${state} belongs to another user (uid ${NOBODY}`);
    expect(proxy.requests).toEqual([]);
    expect(countTitle(sandbox.current, 'Planted journal 0')).toBe(0);
  });

  it.skipIf(unavailable !== '')('is refused when only the subdirectory in use is the other user’s', async () => {
    const state = mkdtempSync(join(tmpdir(), 'recruit-own-state-'));
    chmodSync(state, 0o777); // loose for a moment: the other user makes journals/ in it
    asAttacker(`require('node:fs').mkdirSync(require('node:path').join(JSON.parse(process.env.PLANT).state, 'journals'), { mode: 0o755 });`, { state });
    chmodSync(state, 0o700); // tightened since: the journals directory is still theirs
    const file = writeJobs('planted-subdir.ndjson', jobs('Planted subdir', 2));
    proxy.reset();
    const res = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'create', '--file', file], { env: { RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: state } });
    expect(res.code).toBe(6);
    expect(res.stderr).toContain(`the state directory ${join(state, 'journals')} belongs to another user`);
    expect(proxy.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(countTitle(sandbox.current, 'Planted subdir 0')).toBe(0);
  });
});

describe('a state or config directory its group or others may write', () => {
  it.each(['770', '777'])('is refused at mode 0%s, nothing sent; after chmod 700 the same command works', async (octal) => {
    const mode = parseInt(octal, 8);
    const state = mkdtempSync(join(tmpdir(), 'recruit-loose-state-'));
    chmodSync(state, mode);
    const title = `Loose state ${mode.toString(8)}`;
    const file = writeJobs(`loose-${mode.toString(8)}.ndjson`, jobs(title, 2));
    const env = { RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: state };
    proxy.reset();
    const refused = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'create', '--file', file], { env });
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain(`the state directory ${state} can be written by its group (mode 0${mode.toString(8)})`);
    expect(refused.stderr).toContain(`chmod 700 ${state}`);
    expect(proxy.requests).toEqual([]);
    expect(countTitle(sandbox.current, `${title} 0`)).toBe(0);

    chmodSync(state, 0o700);
    const done = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'create', '--file', file], { env });
    expect(done.code).toBe(0);
    expect(countTitle(sandbox.current, `${title} 0`)).toBe(1);
    expect(countTitle(sandbox.current, `${title} 1`)).toBe(1);
  });

  it('is refused for a subdirectory writable by others, naming it', async () => {
    const state = mkdtempSync(join(tmpdir(), 'recruit-loose-sub-'));
    mkdirSync(join(state, 'submissions'));
    chmodSync(join(state, 'submissions'), 0o757);
    const res = await runCli(['jobs', 'create', '--resume'], { env: { RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: state } });
    expect(res.code).toBe(6);
    expect(res.stderr).toContain(`the state directory ${join(state, 'submissions')} can be written by others (mode 0757)`);
  });

  it('refuses a group-writable config directory before the config file is read or anything sent', async () => {
    const config = mkdtempSync(join(tmpdir(), 'recruit-loose-config-'));
    writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: 'http://127.0.0.1:9' } } }));
    chmodSync(config, 0o775);
    proxy.reset();
    const res = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'list', '--json'], { env: { RECRUIT_TOKEN: TOKEN, RECRUIT_CONFIG_DIR: config } });
    expect(res.code).toBe(6);
    expect(res.stderr).toContain(`the config directory ${config} can be written by its group (mode 0775)`);
    expect(proxy.requests).toEqual([]);
  });
});

describe('what recruit makes', () => {
  it('is its user’s alone: directories 0700, files 0600', async () => {
    const root = mkdtempSync(join(tmpdir(), 'recruit-modes-'));
    const state = join(root, 'state');
    const config = join(root, 'config');
    const env = { RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: state, RECRUIT_CONFIG_DIR: config };
    const file = writeJobs('modes.ndjson', jobs('Modes', 1));
    expect((await runCli(['--base-url', proxy.baseUrl, 'jobs', 'create', '--file', file], { env })).code).toBe(0);
    expect((await runCli(['--sandbox', 'jobs', 'list', '--json'], { env })).code).toBe(0);
    expect((await runCli(['config', 'set', 'concurrency', '2'], { env })).code).toBe(0);
    const made: string[] = [];
    const walk = (dir: string) => {
      made.push(dir);
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else made.push(path);
      }
    };
    walk(state);
    walk(config);
    expect(made).toContain(join(state, 'sandbox', 'state.ndjson'));
    expect(made).toContain(join(config, 'config.json'));
    expect(made.some((p) => p.startsWith(join(state, 'journals', '')))).toBe(true);
    for (const path of made) expect([path, modeOf(path)]).toEqual([path, statSync(path).isDirectory() ? 0o700 : 0o600]);
  });
});
