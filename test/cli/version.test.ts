// `recruit --version`: the version, the commit and its date, and the Node.js that runs it — the same
// text from bin/recruit.js's fast path (a lone --version) and from the command tree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildInfo } from '../../build-info.mjs';
import { runBin, runCli } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const node = `Node.js ${process.version}, ${process.platform}-${process.arch}`;
const FULL = new RegExp(`^recruit ${pkg.version.replace(/\./g, '\\.')} \\(commit ([0-9a-f]{12}|unknown), \\d{4}-\\d\\d-\\d\\d\\)\\n${node.replace(/[.]/g, '\\.')}\\n$`);

describe('recruit --version', () => {
  it('prints version, commit, date and the Node.js running it from the fast path', async () => {
    const result = await runBin(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(FULL);
  });

  it('prints the same through the command tree (flags beside it) as through the fast path', async () => {
    const fast = await runBin(['-V']);
    const tree = await runBin(['--no-color', '--version']);
    expect(tree.code).toBe(0);
    expect(tree.stdout).toBe(fast.stdout);
  });

  it('prints the same in process as the build does', async () => {
    const result = await runCli(['--no-color', '--version']);
    expect(result.stdout).toBe(`${buildInfo().line}\n${node}\n`);
  });
});

describe('build facts', () => {
  it('take the commit and date from the environment when the tree has no git', () => {
    const info = buildInfo({ RECRUIT_BUILD_COMMIT: 'abc123', SOURCE_DATE_EPOCH: '1700000000' });
    expect(info).toEqual({ version: pkg.version, commit: 'abc123', date: '2023-11-14', line: `recruit ${pkg.version} (commit abc123, 2023-11-14)` });
  });

  it("take the checkout's commit and the commit's date otherwise", () => {
    const info = buildInfo({});
    expect(info.commit).toMatch(/^[0-9a-f]{12}$/);
    expect(info.date).toMatch(/^\d{4}-\d\d-\d\d$/);
  });
});
