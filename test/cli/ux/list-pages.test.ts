// A `jobs list` that feeds another command says when it holds one page
// of several, and a page past the last says so.
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index.js';
import { runCli } from '../../helpers/cli.js';
import { useSandbox } from '../../helpers/sandbox.js';

function lister(sandbox: { readonly current: RunningSandbox }) {
  return (args: string[], tty = false) =>
    runCli(['jobs', 'list', ...args, '--base-url', sandbox.current.baseUrl], {
      tty,
      env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' },
    });
}

describe('jobs list: one page of several, said in a pipe', () => {
  const sandbox = useSandbox();
  const list = lister(sandbox);

  it('says on stderr that more pages exist, in a pipe, with --json and with --csv', async () => {
    for (const flags of [[], ['--json'], ['--csv']]) {
      const result = await list(flags);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('note: page 1 of 2 (12 jobs) only; add --all for every page\n');
    }
    const last = await list(['--page', '2', '--json']);
    expect(last.stderr).toBe('');
    const all = await list(['--all', '--json']);
    expect(all.stderr).toBe('');
  });

  it('puts --all in the pipe examples of jobs status and jobs update', async () => {
    for (const verb of ['status', 'update']) {
      const help = await runCli(['jobs', verb, '--help']);
      const piped = help.stdout.split('\n').filter((line) => line.includes('jobs list') && line.includes('|'));
      expect(piped.length).toBeGreaterThan(0);
      for (const line of piped) expect(line).toContain('--all');
    }
  });

  it('says that a page past the last is past it, not "No jobs found."', async () => {
    const tty = await list(['--page', '9'], true);
    expect(tty).toMatchObject({ code: 0, stdout: '' });
    expect(tty.stderr).toBe('page 9 is past the last page (2 pages, 12 jobs); try --page 2\n');
    const piped = await list(['--page', '9']);
    expect(piped.stderr).toBe('note: page 9 is past the last page (2 pages, 12 jobs); try --page 2\n');
  });
});
