// The wizard's first question as a user at a terminal waits for it: the time from starting `recruit
// jobs create` in a pseudo-terminal until the first page of industries is on the screen, against a
// service 200 ms away (sandbox latency=200), over its start-up (the same, at no latency) plus one
// round trip of 200 ms. Budget: at most 1.10x (docs/performance.md). Two cases: the account type
// known (one request before the question), and `auto` on a fresh profile (the account-type probe
// goes out beside it). Rounds alternate latency 0 and 200, so a slow spell weighs on both.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setLatency } from './lib/sandbox-admin.mjs';
import { BIN, startSandboxServer } from './lib/servers.mjs';
import { median } from './lib/timing.mjs';

const PTY = fileURLToPath(new URL('../test/helpers/pty-run.py', import.meta.url));
const LATENCY_MS = 200;

/** Milliseconds until `text` is on the terminal of `argv` run in a pseudo-terminal; the program is then stopped. */
function untilShown(argv, env, text) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn('python3', [PTY, '--cols', '120', '--rows', '40', '--', ...argv], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    let done = false;
    child.stdout.on('data', (chunk) => {
      screen += chunk.toString('utf8');
      if (!done && screen.includes(text)) {
        done = true;
        resolve(Number(process.hrtime.bigint() - start) / 1e6);
        child.kill('SIGTERM');
      }
    });
    child.once('exit', () => {
      if (!done) reject(new Error(`"${text}" never appeared; the terminal showed: ${screen.slice(-500)}`));
    });
  });
}

export async function wizardFirstPrompt({ runs = 15, warmup = 2, env: baseEnv = process.env } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-bench-wizard-'));
  const sandbox = await startSandboxServer();
  try {
    const env = (n, extra = {}) => {
      const e = { ...baseEnv, RECRUIT_CONFIG_DIR: join(dir, `config-${n}`), RECRUIT_STATE_DIR: join(dir, `state-${n}`), RECRUIT_TOKEN: 'sbx_direct_full', TERM: 'xterm-256color', ...extra };
      delete e.CI;
      return e;
    };
    const wizard = (n, extra) => untilShown([process.execPath, BIN, '--base-url', sandbox.baseUrl, 'jobs', 'create'], env(n, extra), 'Information Technology');
    const samples = { known0: [], known: [], auto0: [], auto: [] };
    for (let round = 0; round < warmup + runs; round++) {
      await setLatency(sandbox.baseUrl, 0);
      const known0 = await wizard(`k0-${round}`, { RECRUIT_ACCOUNT_TYPE: 'direct' });
      const auto0 = await wizard(`a0-${round}`, {});
      await setLatency(sandbox.baseUrl, LATENCY_MS);
      const known = await wizard(`k-${round}`, { RECRUIT_ACCOUNT_TYPE: 'direct' });
      const auto = await wizard(`a-${round}`, {});
      if (round >= warmup) Object.entries({ known0, known, auto0, auto }).forEach(([k, v]) => samples[k].push(v));
    }
    const row = (side, name) => {
      const floor = samples[`${side}0`];
      const ratio = median(samples[side].map((ms, i) => ms / (floor[i] + LATENCY_MS)));
      return {
        name,
        value: Math.round(median(samples[side]) * 10) / 10,
        unit: 'ms',
        baseline: { name: `the same at latency 0 (${Math.round(median(floor))} ms) + one round trip of ${LATENCY_MS} ms`, value: Math.round((median(floor) + LATENCY_MS) * 10) / 10 },
        ratio,
        budget: { max: 1.1, met: ratio <= 1.1 },
      };
    };
    return [
      row('known', `wizard: first question on screen, latency ${LATENCY_MS} ms, account type known`),
      row('auto', `wizard: first question on screen, latency ${LATENCY_MS} ms, account type auto (probe beside it)`),
    ];
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
