// Run functions take the members of the context they use (`Uses<…>`, src/context/context.ts), so
// a test builds exactly those, with no createContext, no config file and no client.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import tokens from '../../src/commands/sandbox/tokens/run.js';
import token from '../../src/commands/auth/token/run.js';
import pending from '../../src/commands/jobs/pending/run.js';
import type { Settings } from '../../src/config/settings.js';
import type { IO } from '../../src/terminal/io.js';
import { CliError } from '../../src/core/errors.js';
import { EXIT } from '../../src/core/exit-codes.js';
import { TOKENS } from '../../src/sandbox/index.js';
import { Capture } from '../helpers/cli.js';

const stateDir = mkdtempSync(join(tmpdir(), 'recruit-run-uses-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

function io(): IO & { stdout: Capture; stderr: Capture } {
  return { stdin: process.stdin, stdout: new Capture(), stderr: new Capture() };
}

describe('a run function driven with exactly the members it uses', () => {
  it('sandbox tokens: io, globals and colour', async () => {
    const streams = io();
    await tokens({ io: streams, globals: { color: false, json: true }, color: { stdout: false, stderr: false } });
    expect(JSON.parse(streams.stdout.text)).toEqual(TOKENS.map(({ token, account, permissions }) => ({ token, account, permissions: [...permissions] })));
  });

  it('auth token: io, globals and the settings, which say who is not logged in', async () => {
    const streams = io();
    const settings = () => ({ profile: 'work', token: undefined }) as Settings;
    const error = await token({ io: streams, globals: { color: false }, settings }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.AUTH);
    expect((error as CliError).message).toContain('no token for profile "work"');
    expect(streams.stdout.text).toBe('');
  });

  it('jobs pending: the state directory from env, the note through info', async () => {
    const streams = io();
    const notes: string[] = [];
    await pending({ io: streams, env: { RECRUIT_STATE_DIR: stateDir }, globals: { color: false }, color: { stdout: false, stderr: false }, info: (m) => notes.push(m) });
    expect(notes).toEqual(['No pending submissions.']);
    expect(streams.stdout.text).toBe('');
  });
});

describe('every command declares what it uses', () => {
  const root = new URL('../../src/commands/', import.meta.url);
  const runFiles = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /(^|[\\/])run\.ts$/.test(f)).map((f) => f.replaceAll('\\', '/'));

  it('finds the run functions', () => {
    expect(runFiles.length).toBeGreaterThan(25);
  });

  // `recruit mcp` hands its context to its server (commands/mcp/server.ts) and so to each tool
  // call's own (call-context.ts), which is a whole context: it is the one run function that takes
  // all of it.
  const WHOLE = new Set(['mcp/run.ts']);

  it.each(runFiles)('%s', (file) => {
    const text = readFileSync(new URL(file, root), 'utf8');
    const context = /export default (?:async )?function \w+\(ctx: (\w+)/.exec(text)?.[1];
    if (context === undefined) return expect(text).not.toMatch(/export default (?:async )?function \w+\(ctx\b/);
    expect(context).toBe(WHOLE.has(file) ? 'Context' : 'Uses');
  });
});
