// The bundle's entry point and the CLI's only exit (bin/recruit.js answers `--version` itself).
import { processStderrOpened } from './terminal/io.js';
import { run } from './entry/run.js';

void run(process.argv.slice(2)).then((code) => {
  // Exit once the streams have flushed, so piped output is never cut and no idle socket keeps us up.
  const exit = () => process.exit(code);
  process.stdout.write('', () => (processStderrOpened() ? process.stderr.write('', exit) : exit()));
});
