// A Node.js binary of a given version, from the npm registry's `node-<platform>-<arch>` package (the
// official build, with the binary at package/bin/node), kept in a cache directory outside the
// repository: <RECRUIT_CI_CACHE, else $XDG_CACHE_HOME/recruit-ci, else ~/.cache/recruit-ci>/node-v<version>/.
// `npm pack` fetches it (the registry client checks its integrity; no install scripts, no bin links),
// and only bin/node and LICENSE are kept (the package also holds headers: 50 MB packed).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function cacheRoot(env = process.env) {
  return env.RECRUIT_CI_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'recruit-ci');
}

/** The path of the `node` binary of `version` (e.g. "24.21.0"), fetched once. */
export function nodeFromNpm(version, { platform = process.platform, arch = process.arch } = {}) {
  if (platform !== 'linux' && platform !== 'darwin') throw new Error(`no node-${platform}-${arch} lane here: the npm packages of Windows lay out their binary otherwise`);
  const root = cacheRoot();
  const dir = join(root, `node-v${version}`);
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, 'fetch-')); // on the cache's file system, so the rename below is atomic
  try {
    const spec = `node-${platform}-${arch}@${version}`;
    process.stderr.write(`fetching ${spec} from the npm registry into ${dir}\n`);
    const [packed] = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work, 'package/bin/node', 'package/LICENSE']);
    const got = execFileSync(join(work, 'package', 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
    if (got !== `v${version}`) throw new Error(`${spec} holds Node ${got}, not v${version}`);
    try {
      renameSync(join(work, 'package'), dir);
    } catch (error) {
      if (!existsSync(binary)) throw error; // else a concurrent fetch put the same version in place first
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binary;
}
