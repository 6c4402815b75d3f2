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
//
// Code read from the cache runs with the user's token, so the cache is only used where nobody else
// can write: the state directory, compile-cache/ and the version's directory must each be this
// user's and not writable by group or others (src/cli/trusted-dir.ts states the rule; this file
// runs before the bundle and cannot import it), else the cache is neither read nor written. They are
// made 0700, the files 0600. And since V8's own check is little more than the source's length, an
// entry holds the exact source it was compiled from and is used only for that source (compared
// byte for byte: hashing it in JavaScript or loading node:crypto cost more than the cache saves).
// docs/decisions.md, "The compile cache on Node 20: kept, made safe".
'use strict';

const fs = require('node:fs');
const path = require('node:path');
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

/** An entry: the source's UTF-8 length (4 bytes, little-endian), the source, then V8's code cache of it. */
function entryOf(content, cachedData) {
  const source = Buffer.from(content, 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(source.length);
  return Buffer.concat([head, source, cachedData]);
}

/** The code cache an entry holds if it was compiled from exactly `content` (a native compare); else undefined. */
function cachedDataOf(entry, content) {
  const length = entry.length >= 4 ? entry.readUInt32LE(0) : -1;
  if (length < 0 || 4 + length > entry.length) return undefined;
  const source = Buffer.from(content, 'utf8');
  return length === source.length && entry.subarray(4, 4 + length).equals(source) ? entry.subarray(4 + length) : undefined;
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
    for (const [script, file, content] of loaded) {
      const partial = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(partial, entryOf(content, script.createCachedData()), { mode: 0o600 });
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
  const vm = require('node:vm');
  const loaded = []; // [script, entry file, source] of each chunk this run loaded
  let stale = false; // an entry was missing or refused
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (path.dirname(filename) !== chunksDir) return compile.call(this, content, filename);
    const file = path.join(where.dir, `${path.basename(filename)}.${content.length}`);
    let cachedData;
    try {
      cachedData = cachedDataOf(fs.readFileSync(file), content);
    } catch {
      cachedData = undefined;
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    loaded.push([script, file, content]);
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

/**
 * Node 22.1 and later keep their own code cache (module.enableCompileCache), by default in the
 * system's temporary directory, which other users can write (and plant entries in). It goes in the
 * same place as Node 20's, made 0700 and used only when this user alone can write it; undefined
 * otherwise (no cache at all).
 */
module.exports.trustedCacheDir = function trustedCacheDir(version) {
  const where = cacheDirectory(version);
  if (!ownDirs(where)) return undefined;
  try {
    fs.mkdirSync(where.dir, { recursive: true, mode: 0o700 });
  } catch {
    return undefined;
  }
  return ownDirs(where) ? where.dir : undefined;
};

// For the tests, which plant entries as this file writes them.
module.exports.entryOf = entryOf;
