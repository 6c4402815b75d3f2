// Preloaded (NODE_OPTIONS=--require) into a child process by the hostile-server memory tests: at
// exit, writes the process's peak resident set size (getrusage's ru_maxrss, in KiB) to the file
// RECRUIT_PEAK_RSS_FILE names. No file means the process did not exit on its own (killed, crashed).
'use strict';
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  writeFileSync(process.env.RECRUIT_PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
