// Heavy modules load only when a command needs them (docs/performance.md). The built executable runs
// with a preload that records every module it loaded; each bundle chunk names the files it holds
// in its first lines (`// node_modules/<package>/`, `// src/<file>`: esbuild.config.mjs), so the test
// knows which packages and sources a command loaded. No timing here: `npm run bench` measures.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { BIN } from '../helpers/cli.js';
import { PtySession } from '../helpers/pty.js';
import { useSandbox } from '../helpers/sandbox.js';
import { spawnCollect } from '../helpers/spawn.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
const RECORDER = fileURLToPath(new URL('./record-loads.cjs', import.meta.url));
// What only some commands need: prompts, spinners, tables, the config writer, colours, the sandbox.
const HEAVY = ['@inquirer/core', '@inquirer/prompts', 'ora', 'cli-table3', 'conf', 'chalk', 'string-width', 'csv-parse', 'exceljs'];

beforeAll(ensureFreshBuild, 60_000);

interface Loaded {
  /** Bundle files loaded, relative to dist/. */
  files: string[];
  /** npm packages inside those files. */
  packages: Set<string>;
  /** src/ files inside those files. */
  sources: Set<string>;
}

function inspect(recordFile: string): Loaded {
  const files = readFileSync(recordFile, 'utf8')
    .split('\n')
    .filter((f) => f.startsWith(`${DIST}/`));
  const packages = new Set<string>();
  const sources = new Set<string>();
  for (const file of files) {
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/^\/\/ ((?:node_modules|src)\/\S*)$/gm)) {
      const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path!);
      if (pkg) packages.add(pkg[1]!);
      else sources.add(path!);
    }
  }
  return { files: files.map((f) => f.slice(DIST.length + 1)), packages, sources };
}

function environment(home: string, record: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    RECRUIT_STATE_DIR: join(home, 'state'),
    RECRUIT_CONFIG_DIR: join(home, 'config'),
    RECRUIT_TOKEN: 'sbx_direct_full',
    RECRUIT_RECORD_LOADS: record,
  };
}

/** Runs the built CLI with its stdout in a pipe; returns what it loaded. Not spawnSync: the sandbox answers from this process. */
async function loadedBy(args: string[]): Promise<Loaded & { stdout: string; stderr: string }> {
  const home = mkdtempSync(join(tmpdir(), 'recruit-loads-'));
  const record = join(home, 'loaded.txt');
  const { code, stdout, stderr } = await spawnCollect(process.execPath, ['-r', RECORDER, BIN, ...args], { env: environment(home, record), timeoutMs: 60_000 }).done;
  expect({ code, stderr }).toMatchObject({ code: 0 });
  return { ...inspect(record), stdout, stderr };
}

function expectNoHeavyModules(loaded: Loaded): void {
  expect([...loaded.packages].filter((p) => HEAVY.includes(p))).toEqual([]);
  expect([...loaded.sources].filter((s) => /^src\/(sandbox|wizard|jobs\/batch|exactly-once)\//.test(s))).toEqual([]);
}

describe('what a command loads', () => {
  const sandbox = useSandbox();

  it('recruit --version loads nothing of the bundle', async () => {
    const loaded = await loadedBy(['--version']);
    expect(loaded.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(loaded.files).toEqual([]);
  });

  it('recruit --help loads commander and the core, nothing heavy', async () => {
    const loaded = await loadedBy(['--help']);
    expect(loaded.stdout).toContain('Usage: recruit');
    // The markers are there to be read: without them this test could not see anything.
    expect(loaded.packages).toContain('commander');
    expect(loaded.sources).toContain('src/program.ts');
    expectNoHeavyModules(loaded);
    expect(loaded.sources).not.toContain('src/api/client.ts');
    // Every command's flags and help (command.ts, flags.ts), none of their run functions.
    expect(loaded.sources).toContain('src/commands/jobs/create/flags.ts');
    expect([...loaded.sources].filter((s) => s.startsWith('src/commands/') && s.endsWith('/run.ts'))).toEqual([]);
  });

  it('recruit jobs get --json loads the API client, nothing heavy', async () => {
    const loaded = await loadedBy(['--base-url', sandbox.current.baseUrl, 'jobs', 'get', '1', '--json']);
    expect(JSON.parse(loaded.stdout)).toMatchObject({ id: 1 });
    expect(loaded.sources).toContain('src/commands/jobs/get/run.ts');
    expect(loaded.sources).toContain('src/api/client.ts');
    // Names are for people: --json loads neither the lookups nor their cache.
    expect(loaded.sources).not.toContain('src/commands/jobs/job-names.ts');
    expect(loaded.sources).not.toContain('src/context/lookup-names.ts');
    expectNoHeavyModules(loaded);
    // The API client speaks node:http; undici is bundled nowhere it would load.
    expect(loaded.packages).not.toContain('undici');
    // A plain `jobs get` line needs no command tree (src/entry/plain-jobs-get.ts).
    expect(loaded.packages).not.toContain('commander');
    expect(loaded.sources).not.toContain('src/program.ts');
  });

  it('a CSV run loads no workbook library; a workbook run does', async () => {
    const base = ['--base-url', sandbox.current.baseUrl];
    const workbookCode = (loaded: Loaded): string[] => [...loaded.packages, ...loaded.sources].filter((name) => name === 'exceljs' || /xlsx/.test(name));
    const list = await loadedBy([...base, 'jobs', 'list', '--csv']);
    expect(list.stdout).toMatch(/^id,jobCode,title/);
    expect(workbookCode(list)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'recruit-loads-csv-'));
    const csv = join(dir, 'jobs.csv');
    writeFileSync(csv, list.stdout);
    const create = await loadedBy([...base, 'jobs', 'apply', '--file', csv, '--dry-run']);
    expect(create.sources).toContain('src/jobs/batch/csv-items.ts');
    expect(workbookCode(create)).toEqual([]);
    const get = await loadedBy([...base, 'jobs', 'get', '1', '--csv']);
    expect(workbookCode(get)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });

    const workbook = await loadedBy([...base, 'jobs', 'list', '--xlsx']);
    expect(workbook.stdout.startsWith('PK')).toBe(true);
    expect(workbook.packages).toContain('exceljs');
    expect(workbook.sources).toContain('src/terminal/xlsx-writer.ts');
  });

  it('recruit jobs get with an option in another form goes through commander', async () => {
    const loaded = await loadedBy(['--base-url', sandbox.current.baseUrl, 'jobs', 'get', '1', '--json', '--timeout=30']);
    expect(loaded.packages).toContain('commander');
  });

  it('recruit lookup industries loads the table only on a terminal', async () => {
    const piped = await loadedBy(['--base-url', sandbox.current.baseUrl, 'lookup', 'industries']);
    expect(piped.stdout).toContain('1\tInformation Technology');
    expect(piped.stderr).toContain('page 1 of');
    expect(piped.packages).not.toContain('cli-table3');

    const home = mkdtempSync(join(tmpdir(), 'recruit-loads-'));
    const record = join(home, 'loaded.txt');
    const env: NodeJS.ProcessEnv = { ...environment(home, record), TERM: 'xterm-256color' };
    delete env.CI;
    const pty = new PtySession([process.execPath, '-r', RECORDER, BIN, '--base-url', sandbox.current.baseUrl, 'lookup', 'industries'], env);
    await pty.waitFor('Information Technology');
    expect(await pty.exited).toBe(0);
    const onTerminal = inspect(record);
    expect(onTerminal.packages).toContain('cli-table3');
    expect(onTerminal.packages).not.toContain('ora');
    expect(onTerminal.packages).not.toContain('@inquirer/core');
  });
});
