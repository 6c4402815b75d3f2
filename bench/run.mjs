// `npm run bench`: measures each budget of design 5 against a baseline taken in the same run,
// prints a table and writes bench/results.json. Not part of `npm test`.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { sandboxThroughput } from './sandbox-throughput.mjs';

const results = [...(await sandboxThroughput())];

const rows = results.map((r) => ({
  benchmark: r.name,
  value: `${r.value} ${r.unit}`,
  baseline: `${r.baseline.value} ${r.unit} (${r.baseline.name})`,
  ratio: r.ratio.toFixed(2),
  budget: r.budget.min !== undefined ? `>= ${r.budget.min} ${r.budget.unit}` : `<= ${r.budget.max}x`,
  met: r.budget.met ? 'yes' : 'NO',
}));
console.table(rows);

const machine = { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, platform: `${os.platform()} ${os.arch()}` };
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2)}\n`);
if (results.some((r) => !r.budget.met)) process.exitCode = 1;
