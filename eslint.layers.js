// The layers of src/ (docs/architecture.md) as two lint rules, run by `npm run lint` inside `npm test`:
//   recruit/layers    a module imports only its own layer or the layers below it;
//   recruit/no-cycle  no module imports, through any chain, a module that imports it.
// Both count every import, `import type` included: a type is a dependency too, and a type that
// must point upwards is a sign the type lives in the wrong place. The whole of src/ is read once
// per lint run for the cycle rule; a file is matched to its layer by its folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/**
 * Lowest first. A module may import modules of its own layer and of layers listed before it; the
 * islands import only themselves (and what `alsoFrom` names), and a layer with an `entry` is
 * imported only through that file. A file under src/ that is in no layer is an error, so that a
 * new folder gets its place here and in docs/architecture.md.
 */
export const LAYERS = [
  { name: 'domain', folders: ['src/domain'] },
  { name: 'api', folders: ['src/api'], island: true },
  { name: 'sandbox', folders: ['src/sandbox'], island: true, alsoFrom: ['src/domain'], entry: 'src/sandbox/index.ts' },
  { name: 'core', folders: ['src/core'] },
  { name: 'config', folders: ['src/config'] },
  { name: 'terminal', folders: ['src/terminal', 'src/prompts'] },
  { name: 'completion', folders: ['src/completion'] },
  { name: 'context', folders: ['src/context'] },
  { name: 'exactly-once', folders: ['src/exactly-once'] },
  { name: 'features', folders: ['src/jobs', 'src/wizard'] },
  { name: 'commands', folders: ['src/commands'] },
  { name: 'entry', folders: ['src/entry'], files: ['src/main.ts', 'src/program.ts', 'src/globals.d.ts'] },
];

const SOURCE_ROOT = 'src';

/** The layer of a file given relative to the project root (posix separators), or undefined. */
export function layerOf(file) {
  for (let rank = 0; rank < LAYERS.length; rank++) {
    const layer = LAYERS[rank];
    if (layer.files?.includes(file)) return { ...layer, rank };
    if (layer.folders.some((f) => file.startsWith(`${f}/`))) return { ...layer, rank };
  }
  return undefined;
}

/** Why `from` may not import `to` (both relative to the root), or undefined when it may. */
export function layerViolation(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a) return `${from} is in no layer (eslint.layers.js, docs/architecture.md)`;
  if (!b) return `${to} is in no layer (eslint.layers.js, docs/architecture.md)`;
  if (a.name === b.name) return undefined;
  if (a.island && !(a.alsoFrom ?? []).some((f) => to.startsWith(`${f}/`))) return `${a.name} imports nothing outside itself, not ${to} (${b.name})`;
  if (b.entry && to !== b.entry) return `${b.name} is used only through its entry, ${b.entry}, not ${to}`;
  if (b.rank > a.rank) return `${a.name} (${from}) must not import ${b.name}, a layer above it (${to})`;
  return undefined;
}

const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

/** The relative imports of `text` (a module of `file`), as files relative to the root. */
function importsOf(root, file, text) {
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3];
    const target = normalize(join(dirname(file), spec.replace(/\.js$/, '.ts'))).split(sep).join('/');
    if (existsSync(join(root, target))) found.push(target);
  }
  return found;
}

function sourceFiles(root, dir = SOURCE_ROOT) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(root, path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Each module of src/ and the modules it imports, in the order it imports them. */
export function importGraph(root) {
  return new Map(sourceFiles(root).map((f) => [f, importsOf(root, f, readFileSync(join(root, f), 'utf8'))]));
}

/**
 * The cycle `file`'s import of `target` closes, in import order: `file`, `target`, each module the
 * one before it imports, and `file` again (the shortest way back; undefined when there is none).
 */
export function cycleThrough(graph, file, target) {
  const before = new Map([[target, undefined]]);
  const queue = [target];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    if (v === file) {
      const path = [];
      for (let w = v; w !== undefined; w = before.get(w)) path.unshift(w);
      return [file, ...path];
    }
    for (const w of graph.get(v) ?? []) {
      if (!before.has(w)) {
        before.set(w, v);
        queue.push(w);
      }
    }
  }
  return undefined;
}

/** Each module's strongly connected component of more than one module (Tarjan): the cycles. */
export function cyclesOf(root, graph = importGraph(root)) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1) for (const m of members) component.set(m, members);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return component;
}

/** Per project root: its import graph and its cycles, read once per lint run. */
const cycleCache = new Map();
const rootOf = (context) => context.cwd ?? process.cwd();
const relativeFile = (context) => relative(rootOf(context), context.filename).split(sep).join('/');

/** Calls `check(node, target)` for each relative import of the file being linted. */
function eachImport(context, check) {
  const file = relativeFile(context);
  const visit = (node) => {
    const spec = node.source?.value;
    if (typeof spec !== 'string' || !spec.startsWith('.')) return;
    const target = normalize(join(dirname(file), spec.replace(/\.js$/, '.ts'))).split(sep).join('/');
    check(node, target, file);
  };
  return { ImportDeclaration: visit, ImportExpression: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
}

export const layersPlugin = {
  rules: {
    layers: {
      meta: { type: 'problem', messages: { upward: '{{why}}' }, schema: [] },
      create(context) {
        return eachImport(context, (node, target, file) => {
          const why = layerViolation(file, target);
          if (why) context.report({ node, messageId: 'upward', data: { why } });
        });
      },
    },
    'no-cycle': {
      meta: { type: 'problem', messages: { cycle: 'import cycle: {{members}}' }, schema: [] },
      create(context) {
        const root = rootOf(context);
        if (!cycleCache.has(root)) {
          const graph = importGraph(root);
          cycleCache.set(root, { graph, cycles: cyclesOf(root, graph) });
        }
        const { graph, cycles } = cycleCache.get(root);
        return eachImport(context, (node, target, file) => {
          if (!cycles.get(file)?.includes(target)) return;
          const path = cycleThrough(graph, file, target) ?? [file, target];
          context.report({ node, messageId: 'cycle', data: { members: path.join(' -> ') } });
        });
      },
    },
  },
};
