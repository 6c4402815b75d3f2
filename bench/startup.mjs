// Start-up budgets (docs/performance.md), each against the floor of what the command must
// load: `recruit --version` at most 1.15x `node -e 0`; `recruit --help` at most 1.15x a bundled script
// that loads commander and prints a one-command help; `recruit jobs get <id> --json` against a running
// sandbox at most 1.15x the minimal one-request node:http script (the transport the CLI uses). For
// reference, without a budget: the same request with undici, bundled with esbuild and as it is.
// `recruit mcp` from its start to its answer to the first tools/list (an assistant's first question;
// the server then reads the end of stdin and stops) at most 1.5x `recruit --help` (the opening is
// answered before the MCP SDK loads: src/commands/mcp/opening.ts).
// NODE_EXTRA_CA_CERTS is unset for every side (run.mjs): it adds a fixed 40-80 ms to each start.
// The value columns are medians; each ratio is the median of the 50 rounds' ratios (pairedRatio).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BIN, startSandboxServer } from './lib/servers.mjs';
import { pairedRatio, timeInterleaved } from './lib/timing.mjs';

const ONE_REQUEST = fileURLToPath(new URL('./fixtures/one-request.mjs', import.meta.url));
const ONE_REQUEST_HTTP = fileURLToPath(new URL('./fixtures/one-request-http.mjs', import.meta.url));
const ONE_REQUEST_HTTP_CJS = fileURLToPath(new URL('./fixtures/one-request-http.cjs', import.meta.url));
const COMMANDER_HELP = fileURLToPath(new URL('./fixtures/commander-help.mjs', import.meta.url));

async function bundle(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
}

/** What an MCP client says first: initialize, initialized, then tools/list. */
const MCP_LIST = `${[
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((m) => JSON.stringify(m))
  .join('\n')}\n`;

function check(command, expect) {
  const r = spawnSync(command.argv[0], command.argv.slice(1), { env: command.env, input: command.input, encoding: 'utf8' });
  if (r.status !== 0 || !expect(r.stdout)) {
    throw new Error(`${command.name}: unexpected result (exit ${r.status}): ${r.stdout.slice(0, 200)} ${r.stderr.slice(0, 500)}`);
  }
}

export async function startup({ runs = 50, warmup = 5, env: baseEnv = process.env } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-bench-startup-'));
  const sandbox = await startSandboxServer();
  try {
    const env = {
      ...baseEnv,
      RECRUIT_CONFIG_DIR: join(dir, 'config'),
      RECRUIT_STATE_DIR: join(dir, 'state'),
      RECRUIT_TOKEN: 'sbx_direct_full',
    };
    const bundled = join(dir, 'one-request.bundled.mjs');
    await bundle(ONE_REQUEST, bundled);
    const commanderHelp = join(dir, 'commander-help.bundled.mjs');
    await bundle(COMMANDER_HELP, commanderHelp);
    const node = process.execPath;
    const url = `${sandbox.baseUrl}/jobs/1`;
    const cmd = (name, ...argv) => ({ name, argv: [node, ...argv], env });
    const baseline = cmd('node -e 0', '-e', '0');
    const version = cmd('recruit --version', BIN, '--version');
    const help = cmd('recruit --help', BIN, '--help');
    const get = cmd('recruit jobs get 1 --json', BIN, '--base-url', sandbox.baseUrl, 'jobs', 'get', '1', '--json');
    const refBundled = cmd('one-request undici script, bundled', bundled, url);
    const refPlain = cmd('one-request undici script, unbundled', ONE_REQUEST, url);
    const refHttp = cmd('one-request node:http script (ES module)', ONE_REQUEST_HTTP, url);
    const refHttpCjs = cmd('one-request node:http script (CommonJS)', ONE_REQUEST_HTTP_CJS, url);
    const refHelp = cmd('commander one-command help, bundled', commanderHelp);
    const mcp = { ...cmd('recruit mcp to its first tools/list answer', BIN, '--base-url', sandbox.baseUrl, 'mcp'), input: MCP_LIST };

    check(version, (out) => /^recruit \d+\.\d+\.\d+/.test(out));
    check(help, (out) => out.includes('Usage: recruit'));
    check(refHelp, (out) => out.includes('Usage: tool'));
    check(mcp, (out) => out.split('\n').some((line) => line.includes('"id":2') && line.includes('"create_job"')));
    for (const c of [get, refBundled, refPlain, refHttp, refHttpCjs]) check(c, (out) => JSON.parse(out).id === 1);

    const commands = [baseline, version, refHelp, help, refHttp, refHttpCjs, get, refBundled, refPlain, mcp];
    const measured = timeInterleaved(commands, { runs, warmup });
    const byName = new Map(measured.map((t) => [t.name, t]));
    // Each budgeted command against its floor; the references against `node -e 0`. The floor of
    // `jobs get` is the ES-module script, as it was first measured; the CommonJS one is shown too.
    const budgets = { [version.name]: [1.15, baseline], [help.name]: [1.15, refHelp], [get.name]: [1.15, refHttp], [mcp.name]: [1.5, help] };
    const row = (t, floor, max, name = t.name) => {
      const base = byName.get(floor.name);
      const ratio = pairedRatio(t, base);
      return {
        name,
        value: round(t.median),
        unit: 'ms',
        baseline: { name: base.name, value: round(base.median) },
        ratio,
        budget: max === undefined ? null : { max, met: ratio <= max },
        spread: { p25: round(t.p25), p75: round(t.p75), min: round(t.min), runs: t.runs, baselineP25: round(base.p25), baselineP75: round(base.p75) },
      };
    };
    return [
      ...measured.slice(1).map((t) => {
        const [max, floor] = budgets[t.name] ?? [undefined, baseline];
        return row(t, floor, max);
      }),
      row(byName.get(get.name), refHttpCjs, undefined, `${get.name}, against the CommonJS floor`),
    ];
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (ms) => Math.round(ms * 10) / 10;
