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
import { startConnectProxy } from '../helpers/connect-proxy.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
const RECORDER = fileURLToPath(new URL('./record-loads.cjs', import.meta.url));
// Only requests that go through a proxy need these.
const PROXY_AGENTS = ['https-proxy-agent', 'http-proxy-agent', 'agent-base'];
/** Only `recruit mcp` needs these: the MCP SDK and the schemas of its tools. */
const MCP = ['@modelcontextprotocol/sdk', 'zod'];
// What only some commands need: prompts, spinners, tables, the config writer, colours, the sandbox, proxy agents, the workbook libraries, the MCP SDK.
const HEAVY = ['@inquirer/core', '@inquirer/prompts', 'ora', 'conf', 'chalk', 'string-width', 'csv-parse', 'iconv-lite', 'chardet', 'exceljs', 'saxes', ...PROXY_AGENTS, ...MCP];

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

/** Every proxy variable of the environment, removed so that a run has none unless a test sets one. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY', 'NO_PROXY'].flatMap((v) => [v, v.toLowerCase()]);

function environment(home: string, record: string): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of PROXY_VARIABLES) delete inherited[name];
  return {
    ...inherited,
    RECRUIT_STATE_DIR: join(home, 'state'),
    RECRUIT_CONFIG_DIR: join(home, 'config'),
    RECRUIT_TOKEN: 'sbx_direct_full',
    RECRUIT_RECORD_LOADS: record,
  };
}

/** Runs the built CLI with its stdout in a pipe; returns what it loaded. Not spawnSync: the sandbox answers from this process. */
async function loadedBy(args: string[], extraEnv: NodeJS.ProcessEnv = {}, input?: string): Promise<Loaded & { stdout: string; stderr: string }> {
  const home = mkdtempSync(join(tmpdir(), 'recruit-loads-'));
  const record = join(home, 'loaded.txt');
  const env = { ...environment(home, record), ...extraEnv };
  const { code, stdout, stderr } = await spawnCollect(process.execPath, ['-r', RECORDER, BIN, ...args], { env, input, timeoutMs: 60_000 }).done;
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
    expect(loaded.stdout).toMatch(/^recruit \d+\.\d+\.\d+ \(commit [^\n]+\)\nNode\.js v[^\n]+\n$/);
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
    // The CA file's reader (and node:fs/promises, which it brings) only when there is a CA file.
    expect(loaded.sources).not.toContain('src/context/ca-file.ts');
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
    // What answers teach of the account loads only when one tells something (a rate-limit policy, a 409 at the limit).
    expect(loaded.sources).not.toContain('src/context/account-learning.ts');
    expect(loaded.sources).not.toContain('src/context/ca-file.ts');
    expectNoHeavyModules(loaded);
    // The API client speaks node:http; undici is bundled nowhere it would load.
    expect(loaded.packages).not.toContain('undici');
    // A plain `jobs get` line needs no command tree (src/entry/plain-jobs-get.ts).
    expect(loaded.packages).not.toContain('commander');
    expect(loaded.sources).not.toContain('src/program.ts');
  });

  it('recruit jobs get loads the proxy agents only when a proxy variable sends it through one', async () => {
    // No proxy variable at all (environment() removes the machine's).
    const plain = await loadedBy(['--base-url', sandbox.current.baseUrl, 'jobs', 'get', '1', '--json']);
    expect([...plain.packages].filter((p) => PROXY_AGENTS.includes(p))).toEqual([]);
    expect(plain.sources).not.toContain('src/api/proxy-agent.ts');

    const proxy = await startConnectProxy({ hosts: { 'api.corp.test': '127.0.0.1' } });
    try {
      const port = new URL(sandbox.current.origin).port;
      // DEBUG names the agents' loggers, whose lines would hold the proxy's password: bundled silent.
      const proxied = await loadedBy(['--base-url', `http://api.corp.test:${port}/v1`, '--insecure-http', 'jobs', 'get', '1', '--json'], {
        HTTP_PROXY: `http://dave:debug-pass@127.0.0.1:${proxy.port}`,
        DEBUG: '*',
      });
      expect(JSON.parse(proxied.stdout)).toMatchObject({ id: 1 });
      expect(proxied.packages).toContain('http-proxy-agent');
      expect(proxy.seen).toHaveLength(1);
      expect(`${proxied.stdout}${proxied.stderr}`).not.toContain('debug-pass');
      expect(proxied.stderr).toBe('');
    } finally {
      await proxy.close();
    }
  });

  it('a CSV run loads no workbook library; a workbook run does', async () => {
    const base = ['--base-url', sandbox.current.baseUrl];
    const workbookCode = (loaded: Loaded): string[] => [...loaded.packages, ...loaded.sources].filter((name) => name === 'exceljs' || name === 'saxes' || /xlsx/.test(name));
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

    // Reading a workbook loads the reader and its XML tokenizer, not the writer's library.
    const bookDir = mkdtempSync(join(tmpdir(), 'recruit-loads-xlsx-'));
    const book = join(bookDir, 'jobs.xlsx');
    await loadedBy([...base, 'jobs', 'list', '--xlsx', '--output', book]);
    const read = await loadedBy([...base, 'jobs', 'apply', '--file', book, '--dry-run']);
    rmSync(bookDir, { recursive: true, force: true });
    expect(read.sources).toContain('src/jobs/batch/xlsx-items.ts');
    expect(read.packages).toContain('saxes');
    expect(read.packages).not.toContain('exceljs');
  });

  it('the MCP SDK loads only for recruit mcp, whose help does not load it either', async () => {
    const help = await loadedBy(['mcp', '--help']);
    expect(help.stdout).toContain('--read-only');
    expectNoHeavyModules(help);
    for (const args of [['--base-url', sandbox.current.baseUrl, 'jobs', 'list', '--json'], ['--base-url', sandbox.current.baseUrl, 'status', '--json'], ['--base-url', sandbox.current.baseUrl, 'lookup', 'industries']]) {
      const loaded = await loadedBy(args);
      expect([...loaded.packages].filter((p) => MCP.includes(p))).toEqual([]);
    }
    // The opening of a session (initialize, tools/list) is answered from the build's list: no SDK,
    // no zod, no tool. A tool call loads them, and nothing of a write.
    const opening = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const lines = (messages: object[]) => messages.map((m) => `${JSON.stringify(m)}\n`).join('');
    const listed = await loadedBy(['--base-url', sandbox.current.baseUrl, 'mcp'], {}, lines(opening));
    expect(listed.stdout).toContain('"create_job"');
    expect([...listed.packages].filter((p) => MCP.includes(p))).toEqual([]);
    expect(listed.sources).toContain('src/commands/mcp/opening.ts');
    expect(listed.sources).not.toContain('src/commands/mcp/tools.ts');
    const server = await loadedBy(['--base-url', sandbox.current.baseUrl, 'mcp'], {}, lines([...opening, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_job', arguments: { job: 1 } } }]));
    expect(server.stdout).toContain('JOB-00001');
    expect(server.packages).toContain('@modelcontextprotocol/sdk');
    expect(server.packages).toContain('zod');
    expect(server.sources).toContain('src/commands/mcp/server.ts');
    expect([...server.sources].filter((s) => /^src\/(jobs\/batch|exactly-once|wizard)\//.test(s))).toEqual([]);
  });

  it('recruit jobs get with an option in another form goes through commander', async () => {
    const loaded = await loadedBy(['--base-url', sandbox.current.baseUrl, 'jobs', 'get', '1', '--json', '--timeout=30']);
    expect(loaded.packages).toContain('commander');
  });

  it('jq (jq-web and its WebAssembly) loads only with --jq, and then in its worker', async () => {
    // jq-web is bundled into the worker's file (its jq.wasm beside it), which only the worker loads:
    // the main thread loads the module that starts it (src/terminal/jq.ts).
    const run = async (args: string[]) => {
      const home = mkdtempSync(join(tmpdir(), 'recruit-loads-'));
      const record = join(home, 'loaded.txt');
      const { code, stdout } = await spawnCollect(process.execPath, ['-r', RECORDER, BIN, '--base-url', sandbox.current.baseUrl, ...args], { env: environment(home, record), timeoutMs: 60_000 }).done;
      const loaded = inspect(record);
      return { code, stdout, jq: loaded.sources.has('src/terminal/jq.ts'), jqWeb: loaded.packages.has('jq-web') };
    };
    const fields = await run(['jobs', 'list', '--json', 'id,title']);
    expect(fields.code).toBe(0);
    expect(JSON.parse(fields.stdout)[0]).toEqual({ id: 12, title: expect.any(String) });
    expect(fields.jq).toBe(false);
    expect((await run(['jobs', 'get', '1', '--json'])).jq).toBe(false);
    const jq = await run(['jobs', 'list', '--jq', '.[0].id']);
    expect(jq).toEqual({ code: 0, stdout: '12\n', jq: true, jqWeb: false });
    expect(readFileSync(join(DIST, 'chunks', 'jq-worker.cjs'), 'utf8')).toMatch(/^\/\/ node_modules\/jq-web\/$/m);
  });

  it('recruit lookup industries loads the table only on a terminal', async () => {
    const piped = await loadedBy(['--base-url', sandbox.current.baseUrl, 'lookup', 'industries']);
    expect(piped.stdout).toContain('1\tInformation Technology');
    expect(piped.stderr).toContain('page 1 of');
    expect(piped.packages).not.toContain('string-width');

    const home = mkdtempSync(join(tmpdir(), 'recruit-loads-'));
    const record = join(home, 'loaded.txt');
    const env: NodeJS.ProcessEnv = { ...environment(home, record), TERM: 'xterm-256color' };
    delete env.CI;
    const pty = new PtySession([process.execPath, '-r', RECORDER, BIN, '--base-url', sandbox.current.baseUrl, 'lookup', 'industries'], env);
    await pty.waitFor('Information Technology');
    expect(await pty.exited).toBe(0);
    const onTerminal = inspect(record);
    // The table printer (src/terminal/fit-table.ts) measures cells with string-width.
    expect(onTerminal.packages).toContain('string-width');
    expect(onTerminal.packages).not.toContain('ora');
    expect(onTerminal.packages).not.toContain('@inquirer/core');
  });

  it('a CSV batch loads iconv-lite and the encoding detector only for a file that is not UTF-8', async () => {
    const fixture = (name: string) => join(ROOT, 'test/fixtures/spreadsheets', name);
    for (const name of ['excel-utf8-bom.csv', 'sheets.csv']) {
      const utf8 = await loadedBy(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', fixture(name), '--dry-run']);
      expect(utf8.packages).toContain('csv-parse');
      expect(utf8.packages).not.toContain('iconv-lite');
      expect(utf8.packages).not.toContain('chardet');
      expect([...utf8.sources].filter((s) => /encoding-detect|plausible-words|byte-survey/.test(s))).toEqual([]);
    }
    const cp1252 = await loadedBy(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', fixture('excel-windows-1252.csv'), '--dry-run']);
    expect(cp1252.stderr).toContain('read as windows-1252 (detected');
    expect(cp1252.packages).toContain('iconv-lite');
    expect(cp1252.packages).toContain('chardet');
  });
});
