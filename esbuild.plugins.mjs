// esbuild plugins of the CLI bundle, each for start-up time (docs/performance.md).
import { build as esbuild } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A Node built-in required by the given packages is loaded on first use of one of its properties
 * instead of when the package loads: commander requires node:child_process (and with it net, dgram
 * and more) for stand-alone executable subcommands, which recruit does not have.
 */
export function lazyBuiltin(builtin, packages) {
  const importer = new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`);
  const namespace = `lazy-${builtin}`;
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(node:)?${builtin}$`) }, (args) =>
        importer.test(args.importer) ? { path: builtin, namespace } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: `let m; module.exports = new Proxy({}, { get: (_, key) => (m ??= require('node:${builtin}'))[key] });`,
        loader: 'js',
      }));
    },
  };
}

/**
 * Code splitting gives every set of lazily loaded modules that share a module a chunk of its own:
 * `recruit jobs get` loaded 19 files, each some 0.8 ms to resolve, read and compile here. Each lazily
 * loaded module of ours is made to import the start-up core (`core`: src/entry/run.ts, with all it
 * imports, and the small modules that most commands share), so that all of those share one chunk.
 * `lazyModules`: the entry points and the files that some `import()` loads.
 */
export function sharedCore({ core, lazyModules }) {
  const coreFiles = core.map((f) => resolve(f));
  return {
    name: 'shared-core',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
        if (!lazyModules.has(args.path)) return undefined;
        // On the first line, so that the module's own line numbers stay as they are.
        const imports = coreFiles.filter((f) => f !== args.path).map((f) => `import ${JSON.stringify(f)};`).join(' ');
        return { contents: `${imports} ${readFileSync(args.path, 'utf8')}`, loader: 'ts' };
      });
    },
  };
}

/** From a metafile: the entry points and the src files that some `import()` loads. */
export function lazyModules(metafile) {
  const files = new Set();
  for (const output of Object.values(metafile.outputs)) if (output.entryPoint) files.add(resolve(output.entryPoint));
  for (const input of Object.values(metafile.inputs)) {
    for (const imp of input.imports) {
      if (imp.kind === 'dynamic-import' && imp.path.startsWith('src/')) files.add(resolve(imp.path));
    }
  }
  return files;
}

/**
 * The head of a chunk: `// src/<file>` for each of our files in it and `// node_modules/<package>/`
 * for each package, as esbuild's own comments (which the CommonJS transform drops) would say.
 * test/perf/lazy-loading.test.ts reads them to tell what a command loaded.
 */
export function contents(metafile, path) {
  const output = Object.entries(metafile.outputs).find(([out]) => resolve(out) === path)?.[1];
  const lines = new Set();
  for (const input of Object.keys(output?.inputs ?? {})) {
    const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input); // also a linked node_modules (a git worktree)
    if (pkg) lines.add(`// node_modules/${pkg[1]}/`);
    else if (input.startsWith('src/')) lines.add(`// ${input}`);
  }
  return lines.size > 0 ? `${[...lines].sort().join('\n')}\n` : '';
}

/**
 * The proxy agents (https-proxy-agent, http-proxy-agent) log through the `debug` package when DEBUG
 * names them, and their lines hold the proxy's URL with its password: bundled here as a logger that
 * prints nothing (and loads nothing). Their optional Kerberos support imports `kerberos` only when
 * asked for Negotiate, which recruit never asks: left out of the bundle.
 */
export function quietProxyAgents() {
  const agents = /[\\/]node_modules[\\/](https-proxy-agent|http-proxy-agent|agent-base|proxy-agent-negotiate)[\\/]/;
  return {
    name: 'quiet-proxy-agents',
    setup(build) {
      build.onResolve({ filter: /^debug$/ }, (args) => (agents.test(args.importer) ? { path: 'debug', namespace: 'silent-debug' } : undefined));
      build.onLoad({ filter: /.*/, namespace: 'silent-debug' }, () => ({
        contents: 'module.exports = function createDebug() { const debug = function () {}; debug.enabled = false; return debug; };',
        loader: 'js',
      }));
      build.onResolve({ filter: /^kerberos$/ }, () => ({ path: 'kerberos', external: true }));
    },
  };
}

/**
 * `new Buffer()` in the given packages (exceljs's zip writer and reader) becomes Buffer.alloc or
 * Buffer.from: bundled, their code is not under node_modules/ any more, so Node would print its
 * DEP0005 deprecation warning on stderr at every `--xlsx`.
 */
export function noBufferConstructor(packages) {
  const filter = new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/].*\\.js$`);
  const helper = 'var __recruitNewBuffer = (value, encoding) => typeof value === "number" ? Buffer.alloc(value) : Buffer.from(value, encoding);';
  return {
    name: 'no-buffer-constructor',
    setup(build) {
      build.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('new Buffer(')) return undefined;
        return { contents: `${helper} ${source.replaceAll('new Buffer(', '__recruitNewBuffer(')}`, loader: 'js' };
      });
    },
  };
}

/**
 * The MCP SDK's server imports its Ajv validator (Ajv and its formats, some 150 KB) for the one
 * thing it validates with JSON Schema, what a server asks of the user through the client
 * (elicitation). `recruit mcp` asks nothing and passes a validator of its own
 * (src/commands/mcp/server.ts), so the bundle carries a stub that says so if it is ever built.
 */
export function withoutSdkAjv() {
  return {
    name: 'without-sdk-ajv',
    setup(build) {
      build.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (args) =>
        /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer) ? { path: 'ajv-provider', namespace: 'without-sdk-ajv' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'without-sdk-ajv' }, () => ({
        contents: "export class AjvJsonSchemaValidator { constructor() { throw new Error('recruit bundles no Ajv: pass jsonSchemaValidator'); } }",
        loader: 'js',
      }));
    },
  };
}

/**
 * `tools/list` of `recruit mcp` as the build computes it: src/commands/mcp/tool-list.ts is bundled
 * on its own and run, and the bundle carries its result in its place (the JSON Schemas of the
 * tools' inputs, their sets), so that a server loads neither zod nor the tools, and builds and
 * converts no schema, before its first answer. test/cli/mcp.test.ts checks that the built server
 * lists what the source computes.
 */
export function precomputedToolList() {
  const filter = /[\\/]src[\\/]commands[\\/]mcp[\\/]tool-list\.ts$/;
  return {
    name: 'precomputed-tool-list',
    setup(build) {
      build.onLoad({ filter }, async (args) => {
        const dir = mkdtempSync(join(tmpdir(), 'recruit-tool-list-'));
        try {
          const outfile = join(dir, 'tool-list.mjs');
          await esbuild({
            entryPoints: [args.path],
            outfile,
            bundle: true,
            platform: 'node',
            format: 'esm',
            define: build.initialOptions.define,
            logLevel: 'error',
            banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
          });
          const { toolCatalog } = await import(pathToFileURL(outfile).href);
          return { contents: `export const toolCatalog = () => (${JSON.stringify(toolCatalog())});\n`, loader: 'js', watchFiles: [args.path] };
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    },
  };
}
