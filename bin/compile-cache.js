// Node 20 has no module.enableCompileCache (22.1 added it): this keeps V8's code cache of the
// bundle's files in the state directory, so that a command does not compile the same 200 KB of
// JavaScript on every start. Measured with `npm run bench startup`: some 8 ms of a 70 ms
// `jobs get` (docs/performance.md). A cache that cannot be read or written is only skipped: V8
// checks each entry against its source and refuses one that does not match, and such an entry is
// written again. V8's check of an entry against its source compares little more than its length,
// so only the chunks are cached: their names carry a hash of their content (esbuild.config.mjs),
// and an entry is named by the chunk's name and size. `dist/main.js` keeps its name from build to
// build and is 400 bytes: it is compiled each time.
//
// An entry holds the functions compiled by the run that wrote it, and the first command to run
// after an install is seldom the one run most: `--help` leaves out of the core chunk's entry what
// `jobs get` runs (1.8 ms of its start). So a run that loads a set of chunks no run loaded before
// writes the entries of all of them again, with what it compiled added to what it read; a marker
// file per set (`set-<hash>`) records the sets seen. Each command's first run pays for it once.
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
  return { root, dir: path.join(root, `${version}-node${process.version}`) };
}

/** FNV-1a, 32 bits, in hex: a short name for a set of chunks (node:crypto would cost every start). */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function save(loaded, marker, { root, dir }) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const entry of fs.readdirSync(root)) {
      if (entry !== path.basename(dir)) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
    }
    for (const [script, file] of loaded) {
      const partial = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(partial, script.createCachedData());
      fs.renameSync(partial, file);
    }
    fs.writeFileSync(marker, '');
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
  const loaded = []; // [script, entry file] of each chunk this run loaded
  let stale = false; // an entry was missing or refused
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (path.dirname(filename) !== chunksDir) return compile.call(this, content, filename);
    const file = path.join(where.dir, `${path.basename(filename)}.${content.length}`);
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
