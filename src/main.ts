// The executable's entry point and its only exit. `--version` answers before anything else loads.
import { VERSION } from './version.js';

const args = process.argv.slice(2);
let code = 0;
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { run } = await import('./cli/run.js');
  code = await run(args);
}
// Exit once both streams have flushed, so piped output is never cut and no idle socket keeps us up.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
