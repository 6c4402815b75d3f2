// A reader that stops early (`recruit ... | head`) must not get a stack trace from the CLI.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { validJob } from '../helpers/sandbox.js';

describe('a closed output pipe', () => {
  it('ends the command quietly with exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-pipe-'));
    const file = join(dir, 'jobs.ndjson');
    // A dry run needs no service; 3,000 bodies are megabytes of output, far past a pipe's buffer.
    writeFileSync(file, Array.from({ length: 3000 }, (_, i) => JSON.stringify(validJob({ title: `Pipe Job ${i}` }))).join('\n'));
    const child = spawn(process.execPath, [BIN, 'jobs', 'create', '--file', file, '--dry-run', '--json'], {
      env: { ...process.env, RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_BASE_URL: 'http://127.0.0.1:9/v1', RECRUIT_CONFIG_DIR: dir, RECRUIT_STATE_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    let first = '';
    child.stdout.setEncoding('utf8').once('data', (d: string) => {
      first = d;
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(first).toMatch(/^\[/);
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });

  it('ends --version quietly with exit 0 when the reader is already gone', async () => {
    const child = spawn(process.execPath, [BIN, '--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed long before the child has started: its one write meets a pipe without a reader (EPIPE).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
