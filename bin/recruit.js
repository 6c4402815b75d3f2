#!/usr/bin/env node
// The executable, in CommonJS like the bundle (bin/package.json): Node 20 loads CommonJS files some
// 10 ms faster than ES modules (docs/performance.md). `--version` needs nothing else.
'use strict';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  // Node 22.1 and later keep the code they compiled on disk for the next run; on Node 20 we do.
  // Told by the version: loading node:module to look costs Node 20 four internal modules (~1 ms).
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 1)) require('node:module').enableCompileCache();
  else require('./compile-cache.js')(require('node:path').join(__dirname, '..', 'dist', 'chunks'), require('../package.json').version);
  require('../dist/main.js');
}
