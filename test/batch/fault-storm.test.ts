// A batch against a sandbox that fails often (503, 429 with Retry-After, connections reset after
// the job was committed): re-running the same command until it succeeds creates every job once.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, titlesWithPrefix, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000, faults: '503=0.2,429=0.1,reset=0.1,seed=11' });

describe('batch under faults', () => {
  it('ends with every job created exactly once, re-running after give-ups', { timeout: 120_000 }, async () => {
    const count = 24;
    const file = writeJobs('storm.ndjson', jobs('Storm Job', count));
    const codes: number[] = [];
    let log = '';
    for (let run = 0; run < 6; run++) {
      const res = await batch(sandbox.current.baseUrl, file, ['--concurrency', '4', '--verbose']);
      codes.push(res.code);
      log += res.stderr;
      expect([0, 5], res.stderr).toContain(res.code); // success, or gave up on some (re-run)
      if (res.code === 0) break;
    }
    expect(codes.at(-1)).toBe(0);
    const titles = titlesWithPrefix(sandbox.current, 'Storm Job ');
    expect(titles.size).toBe(count);
    expect([...titles.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    // The faults really happened: 503s, 429s, and connections reset after the job was committed,
    // whose retry (same key) the service answered with a replay instead of a second job.
    expect(log).toMatch(/< 503 POST/);
    expect(log).toMatch(/< 429 POST/);
    expect(log).toMatch(/< network error POST/);
    expect(log).toMatch(/< 201 POST .* replayed/);
  });
});
