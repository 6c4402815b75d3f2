// Start-up budgets (design 5): `recruit --version` and `--help` at most 1.25x `node -e 0`, and
// `recruit jobs get <id> --json` against a running sandbox at most 1.6x. For reference, without a
// budget: a minimal one-request undici script, bundled with esbuild and as it is, and the same request
// with node:http, which the CLI's API client uses.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BIN, startSandboxServer } from './lib/servers.mjs';
import { timeInterleaved } from './lib/timing.mjs';

const ONE_REQUEST = fileURLToPath(new URL('./fixtures/one-request.mjs', import.meta.url));
const ONE_REQUEST_HTTP = fileURLToPath(new URL('./fixtures/one-request-http.mjs', import.meta.url));

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

function check(command, expect) {
  const r = spawnSync(command.argv[0], command.argv.slice(1), { env: command.env, encoding: 'utf8' });
  if (r.status !== 0 || !expect(r.stdout)) {
    throw new Error(`${command.name}: unexpected result (exit ${r.status}): ${r.stdout.slice(0, 200)} ${r.stderr.slice(0, 500)}`);
  }
}

export async function startup({ runs = 30, warmup = 5, env: baseEnv = process.env } = {}) {
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
    const node = process.execPath;
    const url = `${sandbox.baseUrl}/jobs/1`;
    const cmd = (name, ...argv) => ({ name, argv: [node, ...argv], env });
    const baseline = cmd('node -e 0', '-e', '0');
    const version = cmd('recruit --version', BIN, '--version');
    const help = cmd('recruit --help', BIN, '--help');
    const get = cmd('recruit jobs get 1 --json', BIN, '--base-url', sandbox.baseUrl, 'jobs', 'get', '1', '--json');
    const refBundled = cmd('one-request undici script, bundled', bundled, url);
    const refPlain = cmd('one-request undici script, unbundled', ONE_REQUEST, url);
    const refHttp = cmd('one-request node:http script', ONE_REQUEST_HTTP, url);

    check(version, (out) => /^\d+\.\d+\.\d+/.test(out));
    check(help, (out) => out.includes('Usage: recruit'));
    for (const c of [get, refBundled, refPlain, refHttp]) check(c, (out) => JSON.parse(out).id === 1);

    const commands = [baseline, version, help, get, refBundled, refPlain, refHttp];
    const [base, ...timed] = timeInterleaved(commands, { runs, warmup });
    const budgets = { [version.name]: 1.25, [help.name]: 1.25, [get.name]: 1.6 };
    return timed.map((t) => {
      const ratio = t.median / base.median;
      const max = budgets[t.name];
      return {
        name: t.name,
        value: round(t.median),
        unit: 'ms',
        baseline: { name: base.name, value: round(base.median) },
        ratio,
        budget: max === undefined ? null : { max, met: ratio <= max },
        spread: { p25: round(t.p25), p75: round(t.p75), min: round(t.min), runs: t.runs, baselineP25: round(base.p25), baselineP75: round(base.p75) },
      };
    });
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (ms) => Math.round(ms * 10) / 10;
