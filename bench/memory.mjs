// Memory budget (docs/performance.md): peak RSS of `recruit jobs create --file` with an NDJSON file of 100,000
// jobs under 150 MiB, validating only (--dry-run) and sending to a running sandbox, and flat in the
// input's size: each beside the same run with 10,000 jobs (the baseline of its ratio). The same for
// a CSV file of 100,000 rows, and a workbook (.xlsx) of 100,000 rows (read as it streams, under the
// same budget as the CSV file), validating and sending.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCsv, writeNdjson, writeXlsx } from './lib/inputs.mjs';
import { rssSource, runMeasured } from './lib/peak-rss.mjs';
import { resetSandbox } from './lib/sandbox-admin.mjs';
import { BIN, startSandboxServer } from './lib/servers.mjs';

const LIMIT_MIB = 150;
// "Flat": ten times the input may cost at most this much more memory.
const FLAT = 1.5;

const FORMATS = [['ndjson', 'NDJSON lines'], ['csv', 'CSV rows'], ['xlsx', 'workbook rows']];

export async function memory({ small = 10_000, large = 100_000, concurrency = 8, env: baseEnv = process.env, formats = FORMATS.map(([f]) => f), modes = ['dry-run', 'send'] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-bench-memory-'));
  const sandbox = await startSandboxServer(['--active-job-limit', '1000000']);
  try {
    const files = {
      ndjson: {
        [small]: await writeNdjson(join(dir, `${small}.ndjson`), small),
        [large]: await writeNdjson(join(dir, `${large}.ndjson`), large),
      },
      csv: {
        [small]: await writeCsv(join(dir, `${small}.csv`), small),
        [large]: await writeCsv(join(dir, `${large}.csv`), large),
      },
      xlsx: {
        [small]: await writeXlsx(join(dir, `${small}.xlsx`), small),
        [large]: await writeXlsx(join(dir, `${large}.xlsx`), large),
      },
    };
    const env = { ...baseEnv, RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_CONFIG_DIR: join(dir, 'config') };
    let n = 0;
    const peak = async (lines, mode, format) => {
      await resetSandbox(sandbox.baseUrl);
      const state = join(dir, `state-${n++}`);
      mkdirSync(state);
      const args = ['--base-url', sandbox.baseUrl, 'jobs', 'create', '--file', files[format][lines], '--concurrency', String(concurrency), '--json'];
      const argv = [process.execPath, BIN, ...args, ...(mode === 'dry-run' ? ['--dry-run'] : [])];
      return (await runMeasured(argv, { env: { ...env, RECRUIT_STATE_DIR: state } })).peakRssMiB;
    };
    const rows = [];
    for (const [format, what] of FORMATS.filter(([f]) => formats.includes(f))) for (const mode of modes) {
      const base = await peak(small, mode, format);
      const value = await peak(large, mode, format);
      const ratio = value / base;
      rows.push({
        name: `peak RSS, ${large.toLocaleString('en')} ${what}, ${mode === 'dry-run' ? '--dry-run' : 'sending'}`,
        value: Math.round(value),
        unit: 'MiB',
        baseline: { name: `${small.toLocaleString('en')} ${what.split(' ')[1]}`, value: Math.round(base) },
        ratio,
        budget: { maxValue: LIMIT_MIB, maxRatio: FLAT, met: value < LIMIT_MIB && ratio <= FLAT },
        source: rssSource,
      });
    }
    return rows;
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
