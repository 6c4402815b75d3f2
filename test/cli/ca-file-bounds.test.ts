// A CA file is a regular file of at most 4 MiB (docs/reference/limits.md): /dev/zero, /dev/urandom,
// a FIFO and a 300 MB file are each refused at once (exit 2, naming the file and the cap), without
// being read, wherever the path comes from (--ca-file, RECRUIT_CA_FILE, the profile, `config set`).
// Run on the built executable in a child process, whose peak RSS (getrusage, written at exit by a
// preloaded script) is measured: before, /dev/zero took a command to 2 GB and a FIFO hung it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMeasured, type Measured } from '../helpers/peak-rss.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';

/** A command that reads no CA file peaks at some 70 MB; a file read whole would add its size or more. */
const RSS_BOUND_BYTES = 200 * 1024 * 1024;
/** Killed only when hung (no peak RSS written then): a limit on hanging, not on speed. */
const HANG_MS = 20_000;

const dir = mkdtempSync(join(tmpdir(), 'recruit-ca-'));
const fifo = join(dir, 'ca.fifo');
const huge = join(dir, 'huge.pem');
beforeAll(() => {
  ensureFreshBuild();
  execFileSync('mkfifo', [fifo]);
  writeFileSync(huge, '');
  truncateSync(huge, 300_000_000); // sparse: no disk used
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));


function measured(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Measured> {
  return runMeasured(args, { env: { RECRUIT_TOKEN: 'x', ...env }, timeoutMs: HANG_MS });
}

// Nothing listens here: a command that got past the CA file would fail to connect (exit 5), not exit 2.
const BASE = ['--base-url', 'https://127.0.0.1:9/v1'];

describe('a CA file that is no small regular file is refused at once, unread', () => {
  it.each([
    ['/dev/zero', '/dev/zero', 'a character device'],
    ['/dev/urandom', '/dev/urandom', 'a character device'],
    ['a FIFO', fifo, 'a named pipe (FIFO)'],
  ])('--ca-file %s: exit 2, "not a regular file"', async (_name, path, kind) => {
    const result = await measured([...BASE, '--ca-file', path, 'lookup', 'industries']);
    expect(result.stderr).toContain(`error: --ca-file ${path} is ${kind}, not a regular file: not read`);
    expect(result.stderr).toContain('hint: give the path of a PEM file');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.peakRssBytes).toBeGreaterThan(10 * 1024 * 1024); // a real measurement
    expect(result.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  }, HANG_MS + 10_000);

  it('a 300 MB file: exit 2 naming its size and the 4 MiB cap, and the way around it', async () => {
    const result = await measured([...BASE, '--ca-file', huge, 'lookup', 'industries']);
    expect(result.stderr).toContain(`error: --ca-file ${huge} is 286.1 MiB, over the 4 MiB a CA file may be: not read`);
    expect(result.stderr).toContain("hint: put only your organisation's CA certificates in it");
    expect(result.stderr).toContain('NODE_EXTRA_CA_CERTS');
    expect(result.code).toBe(2);
    expect(result.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  }, HANG_MS + 10_000);

  it('RECRUIT_CA_FILE and the profile\'s ca-file go through the same checks', async () => {
    const env = await measured([...BASE, 'lookup', 'industries'], { RECRUIT_CA_FILE: '/dev/zero' });
    expect(env.stderr).toContain('error: RECRUIT_CA_FILE /dev/zero is a character device, not a regular file: not read');
    expect(env.code).toBe(2);
    expect(env.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);

    const config = mkdtempSync(join(dir, 'config-'));
    writeFileSync(join(config, 'config.json'), JSON.stringify({ currentProfile: 'default', profiles: { default: { caFile: fifo } } }));
    const profile = await measured([...BASE, 'lookup', 'industries'], { RECRUIT_CONFIG_DIR: config });
    expect(profile.stderr).toContain(`error: ca-file in the profile ${fifo} is a named pipe (FIFO), not a regular file: not read`);
    expect(profile.code).toBe(2);
  }, 2 * HANG_MS + 10_000);

  it('config set ca-file refuses them too, and saves nothing', async () => {
    const config = mkdtempSync(join(dir, 'config-'));
    for (const path of ['/dev/zero', fifo, huge]) {
      const result = await measured(['config', 'set', 'ca-file', path], { RECRUIT_CONFIG_DIR: config });
      expect(result.stderr, path).toMatch(new RegExp(`^error: ca-file ${path} is .*: not read$`, 'm'));
      expect(result.code).toBe(2);
      expect(result.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
    }
    expect(existsSync(join(config, 'config.json')) ? readFileSync(join(config, 'config.json'), 'utf8') : '').not.toContain('caFile');
  }, 3 * HANG_MS + 10_000);
});
