// A pager for tests: records what it was given and its LESS variable in the file named by its first
// argument. With "quit" as the second, it leaves at once without reading, as a user pressing q does.
'use strict';
const { writeFileSync } = require('node:fs');
const [file, mode] = process.argv.slice(2);
if (mode === 'quit') {
  writeFileSync(file, JSON.stringify({ quit: true, LESS: process.env.LESS }));
  process.exit(0);
}
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => writeFileSync(file, JSON.stringify({ input: Buffer.concat(chunks).toString('utf8'), LESS: process.env.LESS })));
