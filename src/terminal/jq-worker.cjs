// The worker thread --jq runs in (terminal/jq.ts starts it): jq-web, whose WebAssembly memory is
// no part of the V8 heap a worker's resourceLimits bound, so its memory is bounded here. Before
// jq-web instantiates its module, two of the imports the module calls are wrapped: growing the
// heap past the run's budget is refused (jq then stops with "cannot allocate memory"), and what jq
// writes on its stdout is kept here, outside the module, counted against the same budget, instead
// of in jq-web's array of one number per byte. The main thread ends the worker when a run passes
// its deadline. Plain CommonJS: the built CLI bundles it with jq-web into dist/chunks/jq-worker.cjs
// (esbuild.config.mjs), and tests run it from here. docs/reference/limits.md lists the limits.
'use strict';
/* global WebAssembly */
const { parentPort } = require('node:worker_threads');

// jq-web prints through console (Emscripten's "Aborted()" when jq stops, jq's messages on
// success): this worker hands them back instead. Set before jq-web binds them.
// eslint-disable-next-line no-console -- silenced, not used
console.log = console.warn = console.error = () => undefined;

const CHUNK = 1 << 20;
let memory; // the module's WebAssembly.Memory, once instantiated
let budget = Infinity; // bytes the module's heap and its output may take together, for this run
let overBudget = false;
let chunks = [];
let chunk = Buffer.allocUnsafe(CHUNK);
let used = 0;
let outputBytes = 0;
// jq's own messages on success (`debug`, `stderr`), at most this much: jq-web keeps them only for an error.
const MESSAGES_MAX = 1 << 20;
let messages = [];
let messageBytes = 0;

function keep(bytes) {
  for (let at = 0; at < bytes.length; ) {
    const n = Math.min(bytes.length - at, CHUNK - used);
    chunk.set(bytes.subarray(at, at + n), used);
    used += n;
    at += n;
    if (used === CHUNK) {
      chunks.push(chunk);
      chunk = Buffer.allocUnsafe(CHUNK);
      used = 0;
    }
  }
}

const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (binary, imports) {
  const env = imports.env;
  const resize = env.emscripten_resize_heap;
  env.emscripten_resize_heap = (requested) => {
    if ((requested >>> 0) + outputBytes > budget) {
      overBudget = true;
      return 0;
    }
    return resize(requested);
  };
  const write = env.fd_write;
  env.fd_write = (fd, iov, iovcnt, written) => {
    const view = new DataView(memory.buffer);
    if (fd !== 1) {
      for (let i = 0; fd === 2 && i < iovcnt && messageBytes < MESSAGES_MAX; i++) {
        const length = Math.min(view.getUint32(iov + i * 8 + 4, true), MESSAGES_MAX - messageBytes);
        messages.push(Buffer.from(new Uint8Array(memory.buffer, view.getUint32(iov + i * 8, true), length)));
        messageBytes += length;
      }
      return write(fd, iov, iovcnt, written);
    }
    let total = 0;
    for (let i = 0; i < iovcnt; i++) {
      const pointer = view.getUint32(iov + i * 8, true);
      const length = view.getUint32(iov + i * 8 + 4, true);
      outputBytes += length;
      if (memory.buffer.byteLength + outputBytes > budget) {
        overBudget = true;
        throw new Error('over the memory budget');
      }
      keep(new Uint8Array(memory.buffer, pointer, length));
      total += length;
    }
    view.setUint32(written, total, true);
    return 0;
  };
  const result = await instantiate.call(this, binary, imports);
  memory = result.instance.exports.memory;
  return result;
};

// jq-web's export is a promise of jq.
require('jq-web').then(
  (jq) => {
    parentPort.on('message', ({ id, input, expression, flags, memoryBytes }) => {
      budget = memoryBytes ?? Infinity;
      overBudget = false;
      chunks = [];
      used = 0;
      outputBytes = 0;
      messages = [];
      messageBytes = 0;
      try {
        jq.raw(input, expression, flags);
        if (used > 0) chunks.push(chunk.subarray(0, used));
        chunk = Buffer.allocUnsafe(CHUNK);
        const output = chunks.map((c) => new Uint8Array(c.buffer, c.byteOffset, c.length));
        // Transferred, not copied; a buffer shared by two chunks is sent once.
        const stderr = Buffer.concat(messages).toString('utf8');
        parentPort.postMessage({ id, ok: true, output, stderr }, [...new Set(output.map((c) => c.buffer))]);
      } catch (error) {
        const { message, stderr } = error ?? {};
        parentPort.postMessage({ id, ok: false, overBudget, message: String(message ?? error), stderr: typeof stderr === 'string' ? stderr : undefined });
      }
    });
    parentPort.postMessage({ ready: true });
  },
  (error) => parentPort.postMessage({ ready: false, message: String(error && error.message) }),
);
