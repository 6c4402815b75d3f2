// Batch creation on loopback, for reference: `recruit jobs create --file` of 5,000 jobs against a
// running sandbox, at concurrency 8, against the throughput of a minimal undici loop sending the same
// bodies at the same concurrency to the same sandbox. Design 5 budgets a batch against a service's
// latency and rate limit (rate-limit.mjs), not this loopback CPU figure: its old budget, at least
// 0.9x, is printed beside the ratio and no longer judged. Runs alternate (loop, CLI, loop, CLI ...), the
// sandbox reset before each; the first pair warms up. The ratio is the median of the pairs' ratios:
// the two runs of a pair follow each other, so a burst of load on this shared machine (which moves
// a 2-second run by a third) weighs on both sides of a ratio rather than on one side of a median.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeNdjson } from './lib/inputs.mjs';
import { runMeasured } from './lib/peak-rss.mjs';
import { countJobs, resetSandbox } from './lib/sandbox-admin.mjs';
import { BIN, startSandboxServer } from './lib/servers.mjs';
import { median } from './lib/timing.mjs';

const LOOP = fileURLToPath(new URL('./fixtures/undici-loop.mjs', import.meta.url));
const TOKEN = 'sbx_direct_full';

export async function batch({ jobs = 5000, concurrency = 8, runs = 9, env: baseEnv = process.env } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-bench-batch-'));
  const sandbox = await startSandboxServer(['--active-job-limit', '1000000']);
  try {
    const file = await writeNdjson(join(dir, 'jobs.ndjson'), jobs);
    const env = { ...baseEnv, RECRUIT_TOKEN: TOKEN, RECRUIT_CONFIG_DIR: join(dir, 'config') };
    let n = 0;
    const sides = {
      loop: () => [process.execPath, LOOP, file, sandbox.baseUrl, String(concurrency)],
      cli: () => [process.execPath, BIN, '--base-url', sandbox.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', String(concurrency), '--json'],
    };
    const rates = { loop: [], cli: [] };
    for (let round = 0; round < runs + 1; round++) {
      for (const side of ['loop', 'cli']) {
        await resetSandbox(sandbox.baseUrl);
        const before = await countJobs(sandbox.baseUrl, TOKEN);
        // A fresh state directory: no journal of an earlier run to resume from.
        const state = join(dir, `state-${n++}`);
        mkdirSync(state);
        const { seconds } = await runMeasured(sides[side](), { env: { ...env, RECRUIT_STATE_DIR: state } });
        const created = (await countJobs(sandbox.baseUrl, TOKEN)) - before;
        if (created !== jobs) throw new Error(`${side}: ${created} jobs created, expected ${jobs}`);
        if (round > 0) rates[side].push(jobs / seconds);
      }
    }
    const cli = median(rates.cli);
    const loop = median(rates.loop);
    const ratio = median(rates.cli.map((rate, i) => rate / rates.loop[i]));
    return [
      {
        name: `jobs create --file: ${jobs.toLocaleString('en')} jobs, concurrency ${concurrency}`,
        value: Math.round(cli),
        unit: 'jobs/s',
        baseline: { name: 'minimal undici loop', value: Math.round(loop) },
        ratio,
        budget: null,
        formerBudget: { min: 0.9, met: ratio >= 0.9 },
        spread: {
          cli: rates.cli.map(Math.round),
          loop: rates.loop.map(Math.round),
          pairRatios: rates.cli.map((rate, i) => Math.round((rate / rates.loop[i]) * 100) / 100),
          ratioOfMedians: Math.round((cli / loop) * 100) / 100,
        },
      },
    ];
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
