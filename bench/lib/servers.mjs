// Child-process servers for benchmarks: the sandbox as users run it, and a minimal node:http
// baseline answering a fixed JSON body, so that a figure is a ratio measured in the same run.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/recruit.js', import.meta.url));

function firstLine(child) {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
}

export async function startSandboxServer(args = []) {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const baseUrl = await firstLine(child);
  return { baseUrl, pid: child.pid, stop: stopper(child) };
}

const BASELINE = `
const http = require('node:http');
const body = JSON.stringify({ id: 1, title: 'Senior Backend Engineer', status: 5, statusLabel: 'In Progress' });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/v1'));
process.on('SIGTERM', () => process.exit(0));
`;

export async function startBaselineServer() {
  const child = spawn(process.execPath, ['-e', BASELINE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const baseUrl = await firstLine(child);
  return { baseUrl, pid: child.pid, stop: stopper(child) };
}
