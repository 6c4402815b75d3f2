// An editor for tests, named by VISUAL or EDITOR: each time it is started it takes the next step of
// the JSON array in the file named by EDIT_STEPS, applies it to the file it was given, and keeps
// what it saw in <EDIT_STEPS>.seen-<n>. Steps: {"replace": [[from, to], ...]}, {"write": text},
// {"keep": true}, {"fail": code}.
'use strict';
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const file = process.argv[2];
const stepsFile = process.env.EDIT_STEPS;
const counter = `${stepsFile}.count`;
const n = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
writeFileSync(counter, String(n + 1));
const step = JSON.parse(readFileSync(stepsFile, 'utf8'))[n];
const text = readFileSync(file, 'utf8');
writeFileSync(`${stepsFile}.seen-${n}`, text);
if (!step) process.exit(9);
if (step.fail !== undefined) process.exit(step.fail);
if (step.write !== undefined) writeFileSync(file, step.write);
if (step.replace) {
  let out = text;
  for (const [from, to] of step.replace) {
    if (!out.includes(from)) process.exit(8);
    out = out.replace(from, to);
  }
  writeFileSync(file, out);
}
