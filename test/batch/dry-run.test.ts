// `jobs create --file --dry-run` returns what it found (the count, and the bodies read again from
// the input as they are asked for) and the command prints it: nothing of the run writes on stdout,
// and a copy of stdin stays until the bodies are written, then is removed.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/context/create-context.js';
import { dryRunBatch } from '../../src/jobs/batch/run-batch.js';
import type { IO } from '../../src/terminal/io.js';
import { writeJsonLines } from '../../src/terminal/output.js';
import { Capture, runCli } from '../helpers/cli.js';
import { skippingClock } from '../helpers/clock.js';
import { useSandbox } from '../helpers/sandbox.js';
import { jobs } from './helpers.js';

const sandbox = useSandbox();
const spool = join(process.env.RECRUIT_STATE_DIR!, 'journals', 'stdin');
const copies = () => (existsSync(spool) ? readdirSync(spool).filter((name) => name.startsWith(`${process.pid}-`)) : []);
const ndjson = (items: unknown[]) => items.map((i) => `${JSON.stringify(i)}\n`).join('');

describe('jobs create --file --dry-run', () => {
  it('returns the count and the bodies without writing on stdout; the copy of stdin lives until it is closed', async () => {
    const stdout = new Capture(false);
    const stderr = new Capture(false);
    const stdin = Readable.from([ndjson(jobs('Returned Dry', 3))]) as IO['stdin'];
    stdin.isTTY = false;
    const env = { ...process.env, RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' };
    const ctx = createContext({ stdin, stdout, stderr, clock: skippingClock() }, env, { color: false, json: true });
    try {
      const dry = await dryRunBatch(ctx, { file: '-' });
      expect(dry.total).toBe(3);
      expect(copies()).toHaveLength(1);
      const bodies = [];
      for await (const item of dry.bodies()) bodies.push(item);
      expect(bodies.map((b) => [b.index, b.body.title])).toEqual([0, 1, 2].map((i) => [i, `Returned Dry ${i}`]));
      expect(stdout.text).toBe('');
      dry.close();
      expect(copies()).toEqual([]);
    } finally {
      await ctx.dispose();
    }
  });

  it('the command prints the bodies from stdin as before and leaves no copy of it', async () => {
    const env = { RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' };
    const res = await runCli(['jobs', 'create', '--file', '-', '--dry-run', '--json'], { env, stdin: ndjson(jobs('Piped Dry', 2)) });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^\[\n {2}\{"index":0,"body":\{.*\}\},\n {2}\{"index":1,"body":\{.*\}\}\n\]\n$/);
    expect(JSON.parse(res.stdout).map((i: { body: { title: string } }) => i.body.title)).toEqual(['Piped Dry 0', 'Piped Dry 1']);
    expect(res.stderr).toContain('2 jobs valid; nothing sent (--dry-run)');
    expect(copies()).toEqual([]);
  });
});

describe('writeJsonLines', () => {
  async function* numbered(n: number, seen: { yielded: number }) {
    for (let i = 0; i < n; i++) {
      seen.yielded = i + 1;
      yield { index: i, body: { title: `Job "${i}"\n`, text: 'x'.repeat(100) } };
    }
  }

  it('writes one compact item a line as the items come, not once they are all read', async () => {
    const seen = { yielded: 0 };
    const writes: number[] = [];
    let text = '';
    const out = {
      write(chunk: string | Uint8Array) {
        text += String(chunk);
        writes.push(seen.yielded);
        return true;
      },
    };
    await writeJsonLines(out, numbered(5000, seen));
    const items = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ index: i, body: { title: `Job "${i}"\n`, text: 'x'.repeat(100) } }));
    expect(text).toBe(`[\n  ${items.join(',\n  ')}\n]\n`);
    expect(writes.length).toBeGreaterThan(5);
    expect(writes[0]).toBeLessThan(1000);
  });

  it('stops reading once the stream has closed', async () => {
    const seen = { yielded: 0 };
    const out = { destroyed: false, write: () => ((out.destroyed = true), true) };
    await writeJsonLines(out, numbered(5000, seen));
    expect(seen.yielded).toBeLessThan(1000);
  });
});
