// An editor for tests, named by VISUAL or EDITOR: each time it is started it takes the next step of
// the JSON array in the file named by EDIT_STEPS, applies it to the file it was given, and keeps
// what it saw in <EDIT_STEPS>.seen-<n>. Steps: {"replace": [[from, to], ...]}, {"write": text},
// {"keep": true}, {"fail": code}. A step may also carry {"other": {"url", "token", "body"}}: a
// PATCH of that body sent over HTTP while the editor is open, as another person's change; an
// answer other than 200 ends the editor with exit 7.
'use strict';
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { request } = require('node:http');

/** PATCHes `body` to `url` (the sandbox, on loopback); resolves with the answer's status. */
function patch(url, token, body) {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(data) },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode));
    });
    req.end(data);
  });
}

async function main() {
  const file = process.argv[2];
  const stepsFile = process.env.EDIT_STEPS;
  const counter = `${stepsFile}.count`;
  const n = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
  writeFileSync(counter, String(n + 1));
  const step = JSON.parse(readFileSync(stepsFile, 'utf8'))[n];
  const text = readFileSync(file, 'utf8');
  writeFileSync(`${stepsFile}.seen-${n}`, text);
  if (!step) return 9;
  if (step.other) {
    const { url, token, body } = step.other;
    if ((await patch(url, token, body)) !== 200) return 7;
  }
  if (step.fail !== undefined) return step.fail;
  if (step.write !== undefined) writeFileSync(file, step.write);
  if (step.replace) {
    let out = text;
    for (const [from, to] of step.replace) {
      if (!out.includes(from)) return 8;
      out = out.replace(from, to);
    }
    writeFileSync(file, out);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`editor-script: ${error.message}\n`);
    process.exit(10);
  },
);
