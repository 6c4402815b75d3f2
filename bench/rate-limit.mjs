// Batches as users feel them : against a service's rate limit and latency, not loopback CPU.
// 1. 1,000 jobs against the sandbox at --rate-limit 50/s with 20-40 ms latency: the run's time
//    against the floor of 1,000 / 50 = 20 s (budget <= 1.10x), and the share of requests answered
//    429 (budget <= 5%), counted by the sandbox.
// 2. No limit, 40-60 ms latency: the batch at its default concurrency against a raw node:http loop
//    at the same concurrency (budget >= 0.9x), in alternating pairs, the sandbox reset before each.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { writeNdjson } from './lib/inputs.mjs';
import { runMeasured } from './lib/peak-rss.mjs';
import { countJobs, resetSandbox, setLatency } from './lib/sandbox-admin.mjs';
import { BIN, startSandboxServer } from './lib/servers.mjs';
import { median } from './lib/timing.mjs';

const LOOP = fileURLToPath(new URL('./fixtures/http-loop.mjs', import.meta.url));
const TOKEN = 'sbx_direct_full';
/** The profile default (src/config/settings.ts), which is what a user gets without --concurrency. */
const DEFAULT_CONCURRENCY = 4;

async function refusedByLimit(baseUrl) {
  const res = await request(`${new URL(baseUrl).origin}/_sandbox/rate-limit`);
  return (await res.body.json()).refused;
}

function cli(file, baseUrl) {
  return [process.execPath, BIN, '--base-url', baseUrl, 'jobs', 'create', '--file', file, '--json'];
}


async function timed(argv, { env, baseUrl, latency, expected, state }) {
  await resetSandbox(baseUrl);
  // The sandbox's reset also clears its faults: the latency is set again after it.
  await setLatency(baseUrl, latency);
  const before = await countJobs(baseUrl, TOKEN);
  mkdirSync(state);
  const { seconds } = await runMeasured(argv, { env: { ...env, RECRUIT_STATE_DIR: state } });
  const created = (await countJobs(baseUrl, TOKEN)) - before;
  if (created !== expected) throw new Error(`${created} jobs created, expected ${expected}`);
  return seconds;
}

export async function rateLimit({ env: baseEnv = process.env, jobs = 1000, perSecond = 50, latencyJobs = 400, pairs = 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-bench-rate-'));
  const env = { ...baseEnv, RECRUIT_TOKEN: TOKEN, RECRUIT_CONFIG_DIR: join(dir, 'config') };
  delete env.RECRUIT_CONCURRENCY;
  const results = [];
  try {
    const limited = await startSandboxServer(['--active-job-limit', '1000000', '--rate-limit', `${perSecond}/s`]);
    try {
      const file = await writeNdjson(join(dir, 'limited.ndjson'), jobs);
      const seconds = await timed(cli(file, limited.baseUrl), { env, baseUrl: limited.baseUrl, latency: '20-40', expected: jobs, state: join(dir, 'state-limited') });
      // The reset before the run restarted the count: these are the 429s of this run's requests.
      const refused = await refusedByLimit(limited.baseUrl);
      const floor = jobs / perSecond;
      const ratio = seconds / floor;
      const share = refused / (jobs + refused);
      results.push({
        name: `jobs create --file: ${jobs.toLocaleString('en')} jobs at --rate-limit ${perSecond}/s, latency 20-40 ms; ${refused} answered 429 (${Math.round(share * 1000) / 10}%, budget <= 5%)`,
        value: Math.round(seconds * 100) / 100,
        unit: 's',
        baseline: { name: `floor ${jobs} / ${perSecond} per s`, value: floor },
        ratio,
        budget: { max: 1.1, met: ratio <= 1.1 && share <= 0.05 },
        spread: { answered429: refused, share429: Math.round(share * 1000) / 10 + '%', budget429: '<= 5%' },
      });
    } finally {
      await limited.stop();
    }

    const slow = await startSandboxServer(['--active-job-limit', '1000000']);
    try {
      const file = await writeNdjson(join(dir, 'latency.ndjson'), latencyJobs);
      const sides = {
        loop: () => [process.execPath, LOOP, file, slow.baseUrl, String(DEFAULT_CONCURRENCY)],
        cli: () => cli(file, slow.baseUrl),
      };
      const rates = { loop: [], cli: [] };
      let n = 0;
      for (let round = 0; round < pairs + 1; round++) {
        for (const side of ['loop', 'cli']) {
          const seconds = await timed(sides[side](), { env, baseUrl: slow.baseUrl, latency: '40-60', expected: latencyJobs, state: join(dir, `state-${n++}`) });
          if (round > 0) rates[side].push(latencyJobs / seconds);
        }
      }
      const ratio = median(rates.cli.map((rate, i) => rate / rates.loop[i]));
      results.push({
        name: `jobs create --file: ${latencyJobs} jobs, latency 40-60 ms, default concurrency (${DEFAULT_CONCURRENCY})`,
        value: Math.round(median(rates.cli)),
        unit: 'jobs/s',
        baseline: { name: `raw node:http loop, concurrency ${DEFAULT_CONCURRENCY}`, value: Math.round(median(rates.loop)) },
        ratio,
        budget: { min: 0.9, met: ratio >= 0.9 },
        spread: { cli: rates.cli.map(Math.round), loop: rates.loop.map(Math.round) },
      });
    } finally {
      await slow.stop();
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
