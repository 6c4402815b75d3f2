// The Windows lane (`npm run test:windows`, docs/testing.md): the built CLI run by Node for Windows
// under wine, against sandboxes on loopback ports of this process. Wine starts a process in a
// second or two, so each case makes few calls.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox, validJob } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { NODE_EXE, Wine, winPath } from './wine.js';
import { fileURLToPath } from 'node:url';

const env = { RECRUIT_TOKEN: 'sbx_direct_full' };
const sandbox = useSandbox({ activeJobLimit: 1000 });
// Every request waits 250 ms, so that a batch of 60 (some 8 s) lasts long enough to be met by a
// second run, whose wine takes seconds to start, and then killed; and one request in four fails as a flaky network does (committed and cut off, 503, 429).
const faulty = useSandbox({ activeJobLimit: 1000, faults: '503=0.1,429=0.05,reset=0.1,latency=250-250' });

let wine: Wine;
const dir = mkdtempSync(join(tmpdir(), 'recruit-windows-'));

beforeAll(() => {
  ensureFreshBuild();
  wine = Wine.start();
}, 180_000);

afterAll(() => wine?.stop(), 60_000);

function titles(s: RunningSandbox, prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const job of s.store.jobs.values()) if (job.title.startsWith(prefix)) counts.set(job.title, (counts.get(job.title) ?? 0) + 1);
  return counts;
}

function jobsOf(s: RunningSandbox, prefix: string) {
  return [...s.store.jobs.values()].filter((j) => j.title.startsWith(prefix));
}

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function items(prefix: string, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => validJob({ title: `${prefix} ${i}` }));
}

async function until(what: string, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const crlf = (text: string) => text.replace(/\n/g, '\r\n');
const BOM = '\ufeff';

describe('Node for Windows under wine', () => {
  it('keeps its config under %APPDATA% and its state under %LOCALAPPDATA%', { timeout: 60_000 }, async () => {
    const set = await wine.run(['config', 'set', 'base-url', sandbox.current.baseUrl]);
    expect(set.code, set.stderr).toBe(0);
    const config = join(wine.appData, 'recruit', 'Config', 'config.json');
    expect(readFileSync(config, 'utf8')).toContain(sandbox.current.baseUrl);

    // Read back: the base URL comes from the config file; the batch journal goes to the state directory.
    const created = await wine.run(['jobs', 'create', '--file', winPath(file('one.json', JSON.stringify(items('Appdata Job', 1))))], { env });
    expect(created.code, created.stderr).toBe(0);
    expect(titles(sandbox.current, 'Appdata Job ').size).toBe(1);
    const journals = join(wine.localAppData, 'recruit', 'state', 'journals');
    expect(readdirSync(journals).some((name) => name.endsWith('.ndjson'))).toBe(true);
    // Nothing in the Unix places.
    expect(existsSync(join(wine.profile, '.config'))).toBe(false);
    expect(existsSync(join(wine.profile, '.local'))).toBe(false);
  });

  it('a batch under faults: a second run is refused by the lock; killed and run again, each job is created once', { timeout: 150_000 }, async () => {
    const prefix = 'Killed Job ';
    const jobs = file('killed.ndjson', `${items(prefix.trim(), 60).map((j) => JSON.stringify(j)).join('\n')}\n`);
    const args = ['--base-url', faulty.current.baseUrl, 'jobs', 'create', '--file', winPath(jobs), '--concurrency', '2'];

    const first = wine.spawn(args, { env });
    let firstEnded = false;
    void first.done.then(() => (firstEnded = true));
    await until('the first run to create 3 jobs', () => titles(faulty.current, prefix).size >= 3);

    const second = await wine.run(args, { env });
    expect(firstEnded, 'the first run ended before the second was refused').toBe(false);
    expect(second.code, second.stderr).toBe(2);
    expect(second.stderr).toContain('another run is changing the jobs of this account');

    first.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const before = titles(faulty.current, prefix).size;
    expect(before).toBeGreaterThanOrEqual(3);
    expect(before).toBeLessThan(60);

    // One request in four fails, so an item can meet five faults in a row and give up: the run then
    // exits 5 (gave up) and asks to be run again, which is what a user does, as often as it takes.
    let again = await wine.run(args, { env, timeoutMs: 120_000 });
    expect(again.stderr).toMatch(/already created in an earlier run/);
    for (let rerun = 0; again.code !== 0 && rerun < 3; rerun++) {
      expect(again.code, `${again.stderr}\n${again.stdout}`).toBe(5);
      expect(again.stderr).toContain('run the same command again');
      again = await wine.run(args, { env, timeoutMs: 120_000 });
    }
    expect(again.code, `${again.stderr}\n${again.stdout}`).toBe(0);
    const counts = titles(faulty.current, prefix);
    expect(counts.size).toBe(60);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
  });

  it('reads batch files with CRLF line ends and a byte-order mark (JSON, NDJSON, CSV)', { timeout: 60_000 }, async () => {
    const json = file('crlf.json', BOM + crlf(JSON.stringify(items('Crlf Json', 2), null, 2)));
    const ndjson = file('crlf.ndjson', crlf(`${items('Crlf Ndjson', 2).map((j) => JSON.stringify(j)).join('\n')}\n`));
    const rows = items('Crlf Csv', 2).map((j) => [j.title, `"${String(j.location)}"`, j.jobFunctionId, j.employerTypeId, j.description].join(','));
    const csv = file('crlf.csv', BOM + crlf(`title,location,jobFunctionId,employerTypeId,description\n${rows.join('\n')}\n`));
    for (const [path, prefix] of [[json, 'Crlf Json '], [ndjson, 'Crlf Ndjson '], [csv, 'Crlf Csv ']] as const) {
      const result = await wine.run(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', winPath(path)], { env });
      expect(result.code, `${path}: ${result.stderr}`).toBe(0);
      expect([...titles(sandbox.current, prefix).keys()].sort()).toEqual([`${prefix}0`, `${prefix}1`]);
    }
  });

  // Written as Windows PowerShell 5.1 writes `recruit jobs list --json > jobs.json`: UTF-16LE with a BOM.
  it('reads a UTF-16 JSON batch file', { timeout: 60_000 }, async () => {
    const path = file('utf16.json', Buffer.from(BOM + crlf(JSON.stringify(items('Utf16 Job', 2), null, 2)), 'utf16le'));
    const result = await wine.run(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', winPath(path)], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(titles(sandbox.current, 'Utf16 Job ').size).toBe(2);
  });

  it("strips a --description-file's byte-order mark", { timeout: 60_000 }, async () => {
    const description = String(validJob().description);
    const path = file('description.txt', BOM + crlf(`${description}\n`));
    const result = await wine.run(
      ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--title', 'Bom Description Job', '--description-file', winPath(path),
        '--location', 'Austin, TX, USA', '--job-function', '101', '--employer-type', '501'],
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    const [job] = jobsOf(sandbox.current, 'Bom Description Job');
    expect(job?.description.startsWith(description.slice(0, 20)), JSON.stringify(job?.description.slice(0, 20))).toBe(true);
  });

  // Node starts neither a .cmd file nor a command that is one only through PATHEXT (`code` is
  // code.cmd) without a shell: the editor goes through cmd.exe on Windows (src/terminal/user-command.ts).
  const EDITOR_SCRIPT = fileURLToPath(new URL('../helpers/editor-script.cjs', import.meta.url));
  function cmdEditor(name: string, argument: string): { dir: string; path: string; steps: string } {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-win-editor-'));
    const path = join(dir, name);
    writeFileSync(path, crlf(`@echo off\n"${winPath(NODE_EXE)}" "${winPath(EDITOR_SCRIPT)}" ${argument}\n`));
    const steps = join(dir, 'steps.json');
    writeFileSync(steps, JSON.stringify([{ replace: [['\ntitle: ', '\ntitle: Edited On Windows ']] }]));
    return { dir, path, steps };
  }

  // No terminal here: --yes sends, as a script's jobs edit must (docs/decisions.md, "Checks and confirmation").
  it('jobs edit with EDITOR a .cmd file whose path has a space, and with `code --wait` as VS Code is installed (a .cmd found through PATHEXT)', { timeout: 90_000 }, async () => {
    const spaced = cmdEditor('my editor.cmd', '%1');
    const first = await wine.run(['--base-url', sandbox.current.baseUrl, 'jobs', 'edit', '2', '--yes'], { env: { ...env, EDITOR: `"${winPath(spaced.path)}"`, EDIT_STEPS: winPath(spaced.steps) } });
    expect(first.code, first.stderr).toBe(0);
    expect(sandbox.current.store.jobs.get(2)?.title).toMatch(/^Edited On Windows /);

    const code = cmdEditor('fakecode.cmd', '%2');
    const second = await wine.run(['--base-url', sandbox.current.baseUrl, 'jobs', 'edit', '3', '--yes'], { env: { ...env, EDITOR: 'fakecode --wait', EDIT_STEPS: winPath(code.steps) }, cwd: code.dir });
    expect(second.code, second.stderr).toBe(0);
    expect(sandbox.current.store.jobs.get(3)?.title).toMatch(/^Edited On Windows /);
  });

  // An assistant on Windows: the opening answered before the SDK loads, then a tool call by the
  // SDK's server, which reads the opening again (src/commands/mcp/opening.ts); CRLF line ends.
  it('recruit mcp answers its opening, then a tool call, from CRLF lines', { timeout: 60_000 }, async () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'windows', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_job', arguments: { job: 1 } } },
    ];
    const input = file('mcp-input.txt', messages.map((m) => `${JSON.stringify(m)}\r\n`).join(''));
    const result = await wine.run(['--base-url', sandbox.current.baseUrl, 'mcp'], { env, stdinFile: input });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const answers = result.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: number; result: { tools?: unknown[]; structuredContent?: { job: { id: number } } } });
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(answers[1]!.result.tools!.length).toBeGreaterThan(5);
    expect(answers[2]!.result.structuredContent!.job.id).toBe(1);
  });
});
