// `npm run bench`: measures each budget of docs/performance.md against a baseline taken in the same run, prints
// one table and writes bench/results.json. Not part of `npm test`; exits 1 when a budget is missed.
//   node bench/run.mjs [startup] [wizard] [batch] [rate-limit] [memory] [sandbox] [--with-extra-ca-certs]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { batch } from './batch.mjs';
import { memory } from './memory.mjs';
import { rateLimit } from './rate-limit.mjs';
import { sandboxThroughput } from './sandbox-throughput.mjs';
import { startup } from './startup.mjs';
import { wizardFirstPrompt } from './wizard.mjs';

const SUITES = { startup, wizard: wizardFirstPrompt, batch, 'rate-limit': rateLimit, memory, sandbox: sandboxThroughput };
const USAGE = `usage: node bench/run.mjs [${Object.keys(SUITES).join('] [')}] [--with-extra-ca-certs]`;

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('-')));
const names = args.filter((a) => !a.startsWith('-'));
const unknown = [...names.filter((n) => !(n in SUITES)), ...[...flags].filter((f) => f !== '--with-extra-ca-certs')];
if (unknown.length > 0) {
  console.error(`unknown: ${unknown.join(' ')}\n${USAGE}`);
  process.exit(2);
}

// NODE_EXTRA_CA_CERTS makes every Node process read and parse that file before it runs any code:
// here 40-80 ms, added alike to a command and to its floor, which hides the CLI's own cost. So it is
// unset for every measurement, unless --with-extra-ca-certs keeps it (the bench uses no TLS).
const callerCaCerts = process.env.NODE_EXTRA_CA_CERTS;
const env = { ...process.env };
if (!flags.has('--with-extra-ca-certs')) delete env.NODE_EXTRA_CA_CERTS;

const machine = {
  node: process.version,
  v8: process.versions.v8,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  extraCaCertsInCaller: callerCaCerts ?? null,
  extraCaCertsMeasured: env.NODE_EXTRA_CA_CERTS ?? null,
};

const results = [];
for (const name of names.length > 0 ? names : Object.keys(SUITES)) {
  process.stderr.write(`bench: ${name}...\n`);
  results.push(...(await SUITES[name]({ env })));
}

function budgetText(b, former) {
  if (!b) return former ? `(reference; was ${budgetText(former)})` : '(reference)';
  const parts = [];
  if (b.max !== undefined) parts.push(`<= ${b.max}x`);
  if (b.min !== undefined) parts.push(`>= ${b.min}x`);
  if (b.maxValue !== undefined) parts.push(`< ${b.maxValue}`);
  if (b.maxRatio !== undefined) parts.push(`ratio <= ${b.maxRatio}`);
  if (b.minValue !== undefined) parts.push(`>= ${b.minValue}`);
  return parts.join(', ');
}

const header = ['benchmark', 'value', 'baseline', 'ratio', 'budget', 'met'];
const rows = results.map((r) => [
  r.name,
  `${r.value} ${r.unit}`,
  `${r.baseline.value} ${r.unit} (${r.baseline.name})`,
  `${r.ratio.toFixed(2)}x`,
  budgetText(r.budget, r.formerBudget),
  r.budget ? (r.budget.met ? 'yes' : 'NO') : '',
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log('\nValues are medians. A ratio is the median of the ratios of runs made back to back (start-up: each round;');
console.log('batches: each pair), so it can differ from value / baseline.');
console.log(`${machine.node}, ${machine.cpus} x ${machine.cpu}, load average ${machine.loadAverageAtStart.join(' ')} at start`);
if (callerCaCerts === undefined) console.log('NODE_EXTRA_CA_CERTS was not set in the environment');
else if (env.NODE_EXTRA_CA_CERTS) console.log(`NODE_EXTRA_CA_CERTS=${callerCaCerts} is set and was kept (--with-extra-ca-certs)`);
else console.log(`NODE_EXTRA_CA_CERTS=${callerCaCerts} is set in the environment; unset for these measurements (--with-extra-ca-certs keeps it)`);

let commit = null;
try {
  commit = execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch {
  // not a git checkout
}
machine.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
writeFileSync(
  new URL('./results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), commit, machine, results }, null, 2)}\n`,
);
if (results.some((r) => r.budget && !r.budget.met)) process.exitCode = 1;
