// The state file on a real, small tmpfs that fills up: what the sandbox answered 201 is what it
// lists and what a restart finds; what it answered 503 created nothing. Mounting needs root (or
// CAP_SYS_ADMIN); where it is not allowed the test is skipped and says why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, validJob } from '../helpers/sandbox.js';

function mountTmpfs(): { dir: string; mounted: true } | { dir: string; mounted: false; reason: string } {
  const dir = mkdtempSync(join(tmpdir(), 'full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, mounted: true };
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { dir, mounted: false, reason: stderr || (error as Error).message };
  }
}

const disk = mountTmpfs();
const skipReason = disk.mounted ? '' : ` (skipped: cannot mount a tmpfs here: ${disk.reason})`;
if (!disk.mounted) console.warn(`state-full-disk: skipped, cannot mount a tmpfs: ${disk.reason}`);

interface Job {
  id: number;
  title: string;
}

async function listAll(sandbox: RunningSandbox): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let page = 1; ; page++) {
    const res = await call(sandbox, 'GET', `/v1/jobs?pageSize=100&page=${page}`);
    expect(res.status).toBe(200);
    jobs.push(...(res.body.data as Job[]));
    if (page >= res.body.meta.pagination.totalPages) return jobs;
  }
}

describe('sandbox state file on a full disk', () => {
  const running = new Set<RunningSandbox>();
  afterAll(async () => {
    for (const sandbox of running) await sandbox.close();
    if (disk.mounted) execFileSync('umount', [disk.dir]);
    rmSync(disk.dir, { recursive: true, force: true });
  });

  it.skipIf(!disk.mounted)(`answers 201 only for what it kept, 503 for what it could not${skipReason}`, async () => {
    const stateFile = join(disk.dir, 'state.ndjson');
    const logged: string[] = [];
    const start = async () => {
      const sandbox = await startSandbox({ port: 0, stateFile, log: (line) => logged.push(line) });
      running.add(sandbox);
      return sandbox;
    };
    let sandbox = await start();
    const seeded = await listAll(sandbox);

    const answered = new Map<string, number>();
    let refused = 0;
    for (let i = 0; i < 200 && refused < 5; i++) {
      const title = `Disk Job ${i}`;
      const res = await call(sandbox, 'POST', '/v1/jobs', { body: validJob({ title }), idempotencyKey: `disk-${i}` });
      expect([201, 503], res.text).toContain(res.status);
      answered.set(title, res.status);
      if (res.status === 503) {
        refused++;
        expect(res.body.error.code).toBe('state_not_saved');
        expect(res.headers['retry-after']).toBe('1');
      }
    }
    const created = [...answered].filter(([, status]) => status === 201).map(([title]) => title);
    expect(created.length).toBeGreaterThan(0);
    expect(refused).toBe(5);

    // Every job listed was answered 201, and every 503 created nothing.
    const listed = await listAll(sandbox);
    expect(listed.map((j) => j.title).filter((t) => t.startsWith('Disk Job ')).sort()).toEqual(created.sort());
    expect(listed).toHaveLength(seeded.length + created.length);

    // One line per refusal naming the file and the error, and no torn line left in the file.
    expect(logged).toHaveLength(refused);
    for (const line of logged) {
      expect(line).toContain(stateFile);
      expect(line).toContain('(ENOSPC)');
      expect(line).not.toContain('\n');
    }
    const text = readFileSync(stateFile, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line) as unknown).not.toThrow();

    running.delete(sandbox);
    await sandbox.close();
    sandbox = await start();
    expect(await listAll(sandbox)).toEqual(listed);
  });
});
