// Node 20 has no module.enableCompileCache (22.1 added it): this keeps V8's code cache of the
// bundle's files in the state directory, so that a command does not compile the same 200 KB of
// JavaScript on every start. Measured with `npm run bench startup`: some 8 ms of a 70 ms
// `jobs get` (docs/performance.md). A cache that cannot be read or written is only skipped: V8
// checks each entry against its source and refuses one that does not match, and such an entry is
// written again. V8's check of an entry against its source compares little more than its length,
// so only the chunks are cached: their names carry a hash of their content (esbuild.config.mjs),
// and an entry is named by the chunk's name and a hash of its source (sourceHash). `dist/main.js`
// keeps its name from build to build and is 400 bytes: it is compiled each time.
//
// An entry holds the functions compiled by the run that wrote it, and the first command to run
// after an install is seldom the one run most: `--help` leaves out of the core chunk's entry what
// `jobs get` runs (1.8 ms of its start). So a run that loads a set of chunks no run loaded before
// writes the entries of all of them again, with what it compiled added to what it read; a marker
// file per set (`set-<hash>`) records the sets seen. Each command's first run pays for it once.
//
// Code read from the cache runs with the user's token, so the cache is only used where nobody else
// can write: the state directory, compile-cache/ and the version's directory must each be this
// user's and not writable by group or others (src/cli/trusted-dir.ts states the rule; this file
// runs before the bundle and cannot import it), else the cache is neither read nor written. They are
// made 0700, the files 0600. And since V8's own check is little more than the source's length, an
// entry is named by a 64-bit hash of the exact source it was compiled from, and used only for that
// source (docs/decisions.md, "The compile cache on Node 20").
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
// CommonJS's Module class, as node:module exports it, without loading that (four internal modules).
const Module = module.constructor;

/** Where: <state dir>/compile-cache/<recruit version>-<node version>; older ones are removed. */
function cacheDirectory(version) {
  const env = process.env;
  let state = env.RECRUIT_STATE_DIR;
  if (!state && env.XDG_STATE_HOME) state = path.join(env.XDG_STATE_HOME, 'recruit');
  if (!state && process.platform === 'win32' && env.LOCALAPPDATA) state = path.join(env.LOCALAPPDATA, 'recruit', 'state');
  if (!state) state = path.join(require('node:os').homedir(), '.local', 'state', 'recruit');
  const root = path.join(state, 'compile-cache');
  return { state, root, dir: path.join(root, `${version}-node${process.version}`) };
}

/** Whether only this user can write `dir`, or it does not exist yet (it is made 0700). */
function ownDir(dir) {
  if (process.platform === 'win32') return true; // no POSIX modes (docs/decisions.md)
  let stats;
  try {
    stats = fs.statSync(dir);
  } catch (error) {
    return error.code === 'ENOENT';
  }
  return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

const ownDirs = ({ state, root, dir }) => ownDir(state) && ownDir(root) && ownDir(dir);

/**
 * Two 32-bit FNV-style lanes over the source's UTF-16 code units, 64 bits in hex: which source an
 * entry was compiled from. Not a defence against someone who can write the cache (ownDirs is), but
 * exact where V8 compares lengths; node:crypto would cost every start more than this loop.
 */
function sourceHash(content) {
  let bytes = Buffer.from(content, 'utf16le');
  if (bytes.byteOffset % 4 !== 0) bytes = Buffer.from(bytes);
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ content.length;
  for (let i = 0; i < words.length; i++) {
    a = Math.imul(a ^ words[i], 0x01000193);
    b = Math.imul(b ^ words[i], 0x5bd1e995);
    b ^= b >>> 15;
  }
  if (bytes.length % 4 !== 0) {
    const last = bytes.readUInt16LE(bytes.length - 2);
    a = Math.imul(a ^ last, 0x01000193);
    b = Math.imul(b ^ last, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** FNV-1a, 32 bits, in hex: a short name for a set of chunks (node:crypto would cost every start). */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function save(loaded, marker, where) {
  const { root, dir } = where;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!ownDirs(where)) return; // made by someone else meanwhile
    for (const entry of fs.readdirSync(root)) {
      if (entry !== path.basename(dir)) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
    }
    for (const [script, file] of loaded) {
      const partial = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
      fs.renameSync(partial, file);
    }
    fs.writeFileSync(marker, '', { mode: 0o600 });
  } catch {
    // a full or read-only disk: the next start compiles again
  }
}

/** The `require` a module's code is given, as Node makes it. */
function requireOf(mod) {
  const localRequire = (id) => mod.require(id);
  localRequire.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  localRequire.cache = Module._cache;
  return localRequire;
}

module.exports = function useCompileCache(chunksDir, version) {
  const where = cacheDirectory(version);
  if (!ownDirs(where)) return;
  const loaded = []; // [script, entry file] of each chunk this run loaded
  let stale = false; // an entry was missing or refused
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (path.dirname(filename) !== chunksDir) return compile.call(this, content, filename);
    const file = path.join(where.dir, `${path.basename(filename)}.${sourceHash(content)}`);
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    loaded.push([script, file]);
    if (cachedData === undefined || script.cachedDataRejected) stale = true;
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireOf(this), this, filename, path.dirname(filename));
  };
  // At exit the cache holds the functions this command compiled, not only the top level.
  process.once('exit', () => {
    if (loaded.length === 0) return;
    const marker = path.join(where.dir, `set-${hash(loaded.map(([, file]) => path.basename(file)).sort().join('\n'))}`);
    if (stale || !fs.existsSync(marker)) save(loaded, marker, where);
  });
};

// For the tests, which plant entries under the names this file would look for.
module.exports.sourceHash = sourceHash;
