// Preloaded (`node -r`) into the built CLI by lazy-loading.test.ts: at exit, writes the path of
// every CommonJS module that was loaded, one a line, to the file RECRUIT_RECORD_LOADS names.
'use strict';
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  writeFileSync(process.env.RECRUIT_RECORD_LOADS, `${Object.keys(require.cache).join('\n')}\n`);
});
