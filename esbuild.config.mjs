// Bundles the CLI into dist/ with code splitting: each lazily imported command becomes its own
// chunk, so `recruit --help` parses only commander and the core, and `recruit jobs get` never loads
// prompts. esbuild splits only ES modules; each chunk is then turned into CommonJS, which Node 20
// loads some 10 ms faster than ES modules (docs/performance.md).
import { build, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contents, lazyBuiltin, lazyModules, noBufferConstructor, precomputedToolList, quietProxyAgents, sharedCore, withoutSdkAjv } from './esbuild.plugins.mjs';
import { buildInfo } from './build-info.mjs';

/**
 * esbuild's CommonJS form defines a getter per export on one object, then copies each onto a second
 * (`__toCommonJS`): for the core chunk's 150 exports, 0.3 ms and 100 KB of every start. The first
 * object serves as well, marked as an ES module as the copy was.
 */
function ownExports(code, path) {
  const copy = 'module.exports = __toCommonJS(stdin_exports);';
  const count = code.split(copy).length - 1;
  if (count > 1 || (count === 0 && code.includes("stdin_exports"))) throw new Error(`${path}: expected one "${copy}", found ${count}: has esbuild's output changed?`);
  return code.replace(copy, 'module.exports = __defProp(stdin_exports, "__esModule", { value: true });');
}

const info = buildInfo();
// Built beside dist/ and swapped in at the end, so a failed build leaves the last good one.
// Paths by fileURLToPath: a file URL's .pathname is no path on Windows (/C:/...).
const staging = fileURLToPath(new URL(`./dist.staging-${process.pid}`, import.meta.url));
rmSync(staging, { recursive: true, force: true });

const options = {
  entryPoints: { main: 'src/main.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minifySyntax: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __RECRUIT_VERSION__: JSON.stringify(info.version), __RECRUIT_BUILD_LINE__: JSON.stringify(info.line), __RECRUIT_BUILD_DATE__: JSON.stringify(info.date) },
  // A native binding: loaded from node_modules at run time (a dependency of the package), never bundled.
  external: ['@napi-rs/keyring'],
  logLevel: 'warning',
};
const plugins = [
  lazyBuiltin('child_process', ['commander']),
  quietProxyAgents(),
  withoutSdkAjv(),
  precomputedToolList(),
  noBufferConstructor(['archiver-utils', 'jszip', 'buffers', 'buffer-indexof-polyfill']),
];

// The start-up core and the small modules most commands share: one chunk (esbuild.plugins.mjs).
const core = [
  'src/entry/run.ts',
  'src/terminal/output.ts',
  'src/context/resolve.ts',
  'src/api/errors.ts',
  'src/api/paginate.ts',
  'src/completion/remember.ts',
  'src/commands/jobs/args.ts',
  'src/commands/jobs/job-view.ts',
  'src/api/jobs.ts',
  'src/api/credential.ts',
  'src/terminal/csv.ts',
  'src/terminal/table-format.ts',
];
// A first pass, not written, finds the modules that are loaded lazily.
const { metafile } = await build({ ...options, plugins, write: false, metafile: true, logLevel: 'error' });
const result = await build({
  ...options,
  write: false,
  metafile: true,
  plugins: [...plugins, sharedCore({ core, lazyModules: lazyModules(metafile) })],
});
try {
  for (const file of result.outputFiles) {
    // `import()` of a chunk becomes require() in a promise; the chunks keep their .js names.
    const { code } = await transform(file.text, {
      format: 'cjs',
      platform: 'node',
      target: 'node20.19',
      supported: { 'dynamic-import': false },
      logLevel: 'warning',
    });
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, `${contents(result.metafile, file.path)}${ownExports(code, file.path)}`);
  }
  writeFileSync(join(staging, 'package.json'), '{\n  "type": "commonjs"\n}\n');
  // The first line of `recruit --version`, which bin/recruit.js prints without loading the bundle.
  writeFileSync(join(staging, 'version.txt'), `${info.line}\n`);
  // jq for --jq runs in a worker thread (src/terminal/jq-worker.cjs), one file with jq-web, beside
  // the chunk that starts it; jq-web reads its WebAssembly from beside itself.
  const worker = join(staging, 'chunks', 'jq-worker.cjs');
  const jqBuild = await build({
    entryPoints: ['src/terminal/jq-worker.cjs'],
    outfile: worker,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  writeFileSync(worker, `${contents(jqBuild.metafile, worker)}${jqBuild.outputFiles[0].text}`);
  copyFileSync(fileURLToPath(new URL('./node_modules/jq-web/jq.wasm', import.meta.url)), join(staging, 'chunks', 'jq.wasm'));
  // The man pages, from the command tree of the bundle just built (package.json man).
  execFileSync(process.execPath, [join(staging, 'main.js'), 'help', 'reference', '--man', join(staging, 'man')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  });
} catch (error) {
  rmSync(staging, { recursive: true, force: true }); // a failed build leaves nothing beside dist/
  throw error;
}

const dist = fileURLToPath(new URL('./dist', import.meta.url));
const old = `${staging}-old`;
try {
  renameSync(dist, old);
} catch {
  // no previous build
}
try {
  renameSync(staging, dist);
} catch {
  // A concurrent build put its dist/ in place first; it is built from the same sources.
  rmSync(staging, { recursive: true, force: true });
}
rmSync(old, { recursive: true, force: true });
