// A state file damaged in the middle stops the sandbox from starting, with a message naming the
// file and the line, in `recruit sandbox serve` and in the embedded sandbox (`--sandbox`) alike.
// Only a torn last line, what a crash mid-write leaves, is cut off silently.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, StateFileError } from '../../src/sandbox/index.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { runBin, runCli } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';

const seeded = new SandboxStore().jobs;
const line = (id: number, title: string) => `${JSON.stringify({ job: { ...seeded.get(id)!, title } })}\n`;
const STACK_FRAME = /^\s+at .+/m;

describe('a damaged state file', () => {
  let stateFile: string;
  beforeEach(() => {
    stateFile = join(mkdtempSync(join(tmpdir(), 'state-damaged-')), 'state.ndjson');
  });

  it('is refused on start, naming the file and the line that is not JSON, and left as it was', async () => {
    const content = `${line(1, 'First')}\n${line(2, 'Second')}{"job":{"id":3,"tit\n${line(4, 'Fourth')}`;
    writeFileSync(stateFile, content);
    const start = startSandbox({ port: 0, stateFile });
    await expect(start).rejects.toThrow(StateFileError);
    await expect(start).rejects.toThrow(`state file ${stateFile}: line 4 is not valid JSON; refusing to start`);
    expect(readFileSync(stateFile, 'utf8')).toBe(content);
  });

  it('is refused when a line is JSON but no state entry', async () => {
    for (const bad of ['[1,2,3]', '{"jobs":[]}', '{"job":{"title":"no id"}}', '{"replay":{"key":"k"}}']) {
      writeFileSync(stateFile, `${line(1, 'First')}${bad}\n${line(2, 'Second')}`);
      await expect(startSandbox({ port: 0, stateFile }), bad).rejects.toThrow(`${stateFile}: line 2 is not a sandbox state entry`);
    }
  });

  it('still starts when only the last line is torn, and cuts that line off', async () => {
    writeFileSync(stateFile, `${line(1, 'Kept')}{"job":{"id":2,"title":"Torn`);
    const sandbox = await startSandbox({ port: 0, stateFile });
    try {
      expect(sandbox.store.jobs.get(1)?.title).toBe('Kept');
      expect(readFileSync(stateFile, 'utf8')).toBe(line(1, 'Kept'));
    } finally {
      await sandbox.close();
    }
  });

  describe('in the CLI', () => {
    beforeAll(() => ensureFreshBuild());

    it('stops `recruit sandbox serve --state` with exit 1 and the message, no stack trace', async () => {
      writeFileSync(stateFile, `not json at all\n${line(1, 'After')}`);
      const result = await runBin(['sandbox', 'serve', '--port', '0', '--state', stateFile], { timeoutMs: 10_000 });
      expect(result.code).toBe(1);
      const json = await runBin(['sandbox', 'serve', '--port', '0', '--state', stateFile, '--json'], { timeoutMs: 10_000 });
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'sandbox_state' } });
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `error: state file ${stateFile}: line 1 is not valid JSON; refusing to start (a torn last line is cut off, a broken ` +
          'line in the middle means the file was damaged: repair it, or move it aside to start from the seeded state)\n',
      );
    });

    it('stops a command run with --sandbox with exit 1 and the message, no stack trace', async () => {
      const stateDir = mkdtempSync(join(tmpdir(), 'state-dir-'));
      const file = join(stateDir, 'sandbox', 'state.ndjson');
      mkdirSync(join(stateDir, 'sandbox'));
      writeFileSync(file, `${line(1, 'Before')}garbage\n${line(2, 'After')}`);
      const result = await runCli(['jobs', 'list', '--sandbox'], { env: { RECRUIT_STATE_DIR: stateDir } });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`error: state file ${file}: line 2 is not valid JSON; refusing to start`);
      expect(result.stderr).not.toMatch(STACK_FRAME);
      // With --json, an error of its own kind (it was `internal`, which says the CLI failed).
      const json = await runCli(['jobs', 'list', '--sandbox', '--json'], { env: { RECRUIT_STATE_DIR: stateDir } });
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'sandbox_state', message: expect.stringContaining('line 2 is not valid JSON') } });
    });
  });
});
