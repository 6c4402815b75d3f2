#!/usr/bin/env node
// The executable, in CommonJS like the bundle (bin/package.json): Node 20 loads CommonJS files some
// 10 ms faster than ES modules (docs/performance.md). `--version` needs nothing else.
'use strict';

// Older Node dies later on a missing API (a RegExp flag, process.getBuiltinModule) with an error that
// names neither Node nor the fix: refuse here, before anything else loads. The same as "engines" in
// package.json (a test checks that they agree).
const NEEDS = [20, 19];
const [runningMajor, runningMinor] = process.versions.node.split('.').map(Number);
if (runningMajor < NEEDS[0] || (runningMajor === NEEDS[0] && runningMinor < NEEDS[1])) {
  process.stderr.write(
    `recruit: needs Node.js ${NEEDS.join('.')} or newer, but this is Node.js ${process.versions.node} (${process.execPath}); ` +
      'install a current LTS from https://nodejs.org or with your version manager (nvm install --lts), then run recruit again\n',
  );
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Straight to the file descriptor: process.stdout's stream costs Node ~2 ms to set up.
  // The same text as src/core/version.ts versionText(): the build's line, then the running Node.
  const build = require('node:fs').readFileSync(require('node:path').join(__dirname, '..', 'dist', 'version.txt'), 'utf8');
  const text = `${build}Node.js ${process.version}, ${process.platform}-${process.arch}\n`;
  try {
    require('node:fs').writeSync(1, text);
  } catch (error) {
    // A non-blocking stdout that is full takes the stream's way; a closed one has no reader to tell.
    if (error.code === 'EAGAIN') process.stdout.write(text);
    else if (error.code !== 'EPIPE') throw error;
  }
} else {
  // Node 22.1 and later keep the code they compiled on disk for the next run; on Node 20 we do.
  // Told by the version: loading node:module to look costs Node 20 four internal modules (~1 ms).
  const cache = require('./compile-cache.js');
  const version = require('../package.json').version;
  if (runningMajor > 22 || (runningMajor === 22 && runningMinor >= 1)) {
    // In the state directory, not the system's temporary one that anyone can write (compile-cache.js).
    const dir = cache.trustedCacheDir(version);
    if (dir) require('node:module').enableCompileCache(dir);
  } else cache(require('node:path').join(__dirname, '..', 'dist', 'chunks'), version);
  require('../dist/main.js');
}
