// The completion cache: its file format, merging, limits and expiry, and the commands that fill it
// from what they fetch anyway, without an extra request and without ever failing because of it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CACHE_MAX_ENTRIES,
  CACHE_TTL_SECONDS,
  cacheFile,
  readCache,
  rememberForCompletion,
  type CacheEntry,
} from '../../src/completion/cache.js';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const NOW = new Date('2030-01-02T03:04:05Z');
const stateDirWith = () => mkdtempSync(join(tmpdir(), 'recruit-cache-'));
const writer = (dir: string, now = NOW) => ({ env: { RECRUIT_STATE_DIR: dir }, now: () => now });
const entries = (...values: string[]): CacheEntry[] => values.map((v) => ({ value: v, description: `name ${v}` }));

describe('the cache file', () => {
  it('is an expiry line, then value<TAB>description lines, in <state dir>/completion/<kind>.tsv', () => {
    const dir = stateDirWith();
    rememberForCompletion(writer(dir), 'industries', [{ value: '1', description: 'Information Technology' }]);
    const file = join(dir, 'completion', 'industries.tsv');
    expect(cacheFile({ RECRUIT_STATE_DIR: dir }, 'industries')).toBe(file);
    const expires = NOW.getTime() / 1000 + CACHE_TTL_SECONDS;
    expect(readFileSync(file, 'utf8')).toBe(`#expires=${Math.floor(expires)}\n1\tInformation Technology\n`);
  });

  it('puts the newest entries first and keeps older fresh ones, each value once', () => {
    const dir = stateDirWith();
    rememberForCompletion(writer(dir), 'jobs', entries('3', '2', '1'));
    rememberForCompletion(writer(dir), 'jobs', [{ value: '2', description: 'renamed' }, ...entries('9')]);
    expect(readCache({ RECRUIT_STATE_DIR: dir }, 'jobs', NOW)).toEqual([
      { value: '2', description: 'renamed' },
      { value: '9', description: 'name 9' },
      { value: '3', description: 'name 3' },
      { value: '1', description: 'name 1' },
    ]);
  });

  it('replaces instead of merging when asked (lists that are always fetched whole)', () => {
    const dir = stateDirWith();
    rememberForCompletion(writer(dir), 'statuses', entries('1', '2'));
    rememberForCompletion(writer(dir), 'statuses', entries('5'), { replace: true });
    expect(readCache({ RECRUIT_STATE_DIR: dir }, 'statuses', NOW).map((e) => e.value)).toEqual(['5']);
  });

  it(`keeps at most ${CACHE_MAX_ENTRIES} entries`, () => {
    const dir = stateDirWith();
    const many = Array.from({ length: CACHE_MAX_ENTRIES + 50 }, (_, i) => String(i + 1));
    rememberForCompletion(writer(dir), 'jobs', entries(...many));
    const kept = readCache({ RECRUIT_STATE_DIR: dir }, 'jobs', NOW);
    expect(kept).toHaveLength(CACHE_MAX_ENTRIES);
    expect(kept[0]?.value).toBe('1');
  });

  it('drops old entries once they expire, also when merging', () => {
    const dir = stateDirWith();
    rememberForCompletion(writer(dir), 'jobs', entries('1'));
    const later = new Date(NOW.getTime() + (CACHE_TTL_SECONDS + 1) * 1000);
    expect(readCache({ RECRUIT_STATE_DIR: dir }, 'jobs', later)).toEqual([]);
    rememberForCompletion(writer(dir, later), 'jobs', entries('2'));
    expect(readCache({ RECRUIT_STATE_DIR: dir }, 'jobs', later).map((e) => e.value)).toEqual(['2']);
  });

  it('keeps multi-word names, and no value a shell would misread, and no control character of a name', () => {
    const dir = stateDirWith();
    rememberForCompletion(writer(dir), 'customers', [
      { value: '$(rm -rf ~)', description: 'x' },
      { value: '-5', description: 'x' },
      { value: 'a;b', description: 'x' },
      { value: 'a`b`', description: 'x' },
      { value: ' a', description: 'x' },
      { value: 'a ', description: 'x' },
      { value: '', description: 'x' },
      { value: '7', description: 'Acme\tInc\n\u001b[31mred\u0007' },
      { value: '8', description: 'y'.repeat(200) },
      { value: 'Information Technology', description: 'id 1' },
      { value: "Sales & Marketing / L'Oréal", description: 'id 9' },
    ]);
    const kept = readCache({ RECRUIT_STATE_DIR: dir }, 'customers', NOW);
    expect(kept.map((e) => e.value)).toEqual(['7', '8', 'Information Technology', "Sales & Marketing / L'Oréal"]);
    expect(kept[0]?.description).toBe('Acme Inc [31mred');
    expect(kept[1]?.description.length).toBeLessThanOrEqual(80);
  });

  it('never throws when it cannot write', () => {
    const dir = stateDirWith();
    writeFileSync(join(dir, 'completion'), 'a file where the directory should be');
    expect(() => rememberForCompletion(writer(dir), 'jobs', entries('1'))).not.toThrow();
  });

  it('reads nothing from a missing or garbled file', () => {
    const dir = stateDirWith();
    expect(readCache({ RECRUIT_STATE_DIR: dir }, 'jobs', NOW)).toEqual([]);
    mkdirSync(join(dir, 'completion'));
    writeFileSync(join(dir, 'completion', 'jobs.tsv'), 'garbage\n1\tx\n');
    expect(readCache({ RECRUIT_STATE_DIR: dir }, 'jobs', NOW)).toEqual([]);
  });
});

describe('the commands that fill it', () => {
  const sandbox = useSandbox();
  const cli = (args: string[], dir: string, token = 'sbx_direct_full', tty = true) =>
    runCli(['--base-url', sandbox.current.baseUrl, ...args], { env: { RECRUIT_STATE_DIR: dir, RECRUIT_TOKEN: token }, tty });
  const cached = (dir: string, kind: Parameters<typeof readCache>[1]) => readCache({ RECRUIT_STATE_DIR: dir }, kind, new Date());

  it('lookup keeps the ids and names it listed, one request as before', async () => {
    const dir = stateDirWith();
    const result = await cli(['--verbose', 'lookup', 'industries'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.match(/^> GET /gm)).toHaveLength(1);
    expect(cached(dir, 'industries').slice(0, 2)).toEqual([
      { value: '1', description: 'Information Technology' },
      { value: '2', description: 'Healthcare' },
    ]);

    expect((await cli(['lookup', 'functions', '--industry', '1', '--all', '--json'], dir)).code).toBe(0);
    expect(cached(dir, 'functions').map((e) => e.value)).toContain('114');
    expect((await cli(['lookup', 'employer-types', '--industry', 'Information Technology'], dir)).code).toBe(0);
    expect(cached(dir, 'employer-types').map((e) => e.value).filter((v) => /^\d+$/.test(v))).toEqual(['501', '502', '503', '504', '505']);
    expect((await cli(['lookup', 'customers'], dir, 'sbx_staffing_full')).code).toBe(0);
    expect(cached(dir, 'customers').length).toBeGreaterThan(0);
  });

  it('jobs list and jobs get keep recent jobs, the last one read first', async () => {
    const dir = stateDirWith();
    expect((await cli(['jobs', 'list'], dir)).code).toBe(0);
    expect(cached(dir, 'jobs')[0]).toEqual({ value: '12', description: 'Site Manager (Closed)' });
    expect((await cli(['jobs', 'get', '3', '--json'], dir)).code).toBe(0);
    expect(cached(dir, 'jobs').map((e) => e.value).slice(0, 2)).toEqual(['3', '12']);
  });

  it('jobs and lookups printed into a pipe are not kept: completion is for what a person saw', async () => {
    const dir = stateDirWith();
    expect((await cli(['jobs', 'get', '3', '--json'], dir, 'sbx_direct_full', false)).code).toBe(0);
    expect((await cli(['jobs', 'list'], dir, 'sbx_direct_full', false)).code).toBe(0);
    expect((await cli(['lookup', 'industries'], dir, 'sbx_direct_full', false)).code).toBe(0);
    expect(cached(dir, 'jobs')).toEqual([]);
    expect(cached(dir, 'industries')).toEqual([]);
    expect((await cli(['jobs', 'get', '3', '--json'], dir)).code).toBe(0);
    expect(cached(dir, 'jobs').map((e) => e.value)).toEqual(['3']);
  });

  it('fetching the job options keeps the statuses, settable ones apart, and the code lists', async () => {
    const dir = stateDirWith();
    expect((await cli(['lookup', 'job-options'], dir)).code).toBe(0);
    expect(cached(dir, 'statuses').map((e) => e.value)).toContain('pending-approval');
    expect(cached(dir, 'settable-statuses')).toContainEqual({ value: 'in-progress', description: 'In Progress (5)' });
    expect(cached(dir, 'settable-statuses').map((e) => e.value)).not.toContain('3');
    expect(cached(dir, 'job-types').length).toBeGreaterThan(0);
    expect(cached(dir, 'salary-intervals').length).toBeGreaterThan(0);
  });

  it('a cache that cannot be written does not fail the command', async () => {
    const dir = stateDirWith();
    writeFileSync(join(dir, 'completion'), 'a file where the directory should be');
    const result = await cli(['lookup', 'industries'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Information Technology');
    expect(result.stderr).not.toMatch(/error|warning|completion/i);
  });
});
