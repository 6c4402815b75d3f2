// Long output on a terminal goes through the pager (RECRUIT_PAGER, then PAGER, then `less -FRX`);
// never in a pipe. The pager here is a script that records what it was given.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pagerCommand } from '../../src/terminal/pager.js';
import { splitWords, userCommand } from '../../src/terminal/user-command.js';
import { editorLine } from '../../src/terminal/editor.js';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const RECORDER = fileURLToPath(new URL('../helpers/pager-recorder.cjs', import.meta.url));

function recorder(mode = ''): { command: string; seen: () => { input?: string; LESS?: string; quit?: boolean } | undefined } {
  const file = join(mkdtempSync(join(tmpdir(), 'recruit-pager-')), 'seen.json');
  return {
    command: `"${process.execPath}" "${RECORDER}" "${file}" ${mode}`,
    seen: () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { input?: string; LESS?: string }) : undefined),
  };
}

const list = (tty: boolean, env: NodeJS.ProcessEnv) =>
  runCli(['jobs', 'list', '--base-url', sandbox.current.baseUrl], {
    tty,
    env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined, TERM: 'xterm', RECRUIT_PAGER: undefined, PAGER: undefined, LESS: undefined, ...env },
  });

describe('the pager', () => {
  it('gets the output of jobs list on a terminal, with LESS=FRX', async () => {
    const pager = recorder();
    const result = await list(true, { RECRUIT_PAGER: pager.command });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    const seen = pager.seen();
    expect(seen?.input).toMatch(/^ID +CODE +TITLE/);
    expect(seen?.input).toContain('JOB-00012');
    expect(seen?.LESS).toBe('FRX');
  });

  it('is not used in a pipe', async () => {
    const pager = recorder();
    const result = await list(false, { RECRUIT_PAGER: pager.command });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('JOB-00012');
    expect(pager.seen()).toBeUndefined();
  });

  it('takes PAGER when RECRUIT_PAGER is not set, and RECRUIT_PAGER over PAGER', async () => {
    const fromPager = recorder();
    expect((await list(true, { PAGER: fromPager.command })).stdout).toBe('');
    expect(fromPager.seen()?.input).toContain('JOB-00012');

    const mine = recorder();
    const other = recorder();
    expect((await list(true, { RECRUIT_PAGER: mine.command, PAGER: other.command })).stdout).toBe('');
    expect(mine.seen()?.input).toContain('JOB-00012');
    expect(other.seen()).toBeUndefined();
  });

  it('keeps the user\'s own LESS', async () => {
    const pager = recorder();
    await list(true, { RECRUIT_PAGER: pager.command, LESS: 'R' });
    expect(pager.seen()?.LESS).toBe('R');
  });

  it('is off with RECRUIT_PAGER set to "" or cat', async () => {
    for (const off of ['', 'cat', '  ']) {
      const result = await list(true, { RECRUIT_PAGER: off, PAGER: recorder().command });
      expect(result.stdout).toMatch(/^ID +CODE +TITLE/);
    }
  });

  it('prints directly, with one warning, when the pager cannot start', async () => {
    const result = await list(true, { RECRUIT_PAGER: '/nonexistent/pager -x' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID +CODE +TITLE/);
    expect(result.stderr).toContain('could not start the pager "/nonexistent/pager -x" (ENOENT): printing directly');
  });

  it('ends quietly when the user leaves the pager before reading everything', async () => {
    const pager = recorder('quit');
    const result = await runCli(['jobs', 'list', '--all', '--base-url', sandbox.current.baseUrl], {
      tty: true,
      env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined, TERM: 'xterm', RECRUIT_PAGER: pager.command },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(pager.seen()?.quit).toBe(true);
  });

  it('pages jobs get too', async () => {
    const pager = recorder();
    const get = await runCli(['jobs', 'get', '1', '--base-url', sandbox.current.baseUrl], {
      tty: true,
      env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined, TERM: 'xterm', RECRUIT_PAGER: pager.command },
    });
    expect(get.code).toBe(0);
    expect(pager.seen()?.input).toMatch(/^Title +Senior Backend Engineer/m);
  });
});

describe('the pager command', () => {
  it('splits quoted words', () => {
    expect(splitWords(`less -R`)).toEqual(['less', '-R']);
    expect(splitWords(`"C:\\Program Files\\Git\\usr\\bin\\less.exe" -R 'a b'`)).toEqual(['C:\\Program Files\\Git\\usr\\bin\\less.exe', '-R', 'a b']);
  });

  it('defaults to less except on Windows, where only a named pager is used', () => {
    expect(pagerCommand({})).toEqual(process.platform === 'win32' ? undefined : 'less');
    expect(pagerCommand({}, 'linux')).toEqual('less');
    expect(pagerCommand({}, 'win32')).toBeUndefined();
    expect(pagerCommand({ PAGER: 'more' }, 'win32')).toEqual('more');
    expect(pagerCommand({ RECRUIT_PAGER: 'cat', PAGER: 'less' }, 'linux')).toBeUndefined();
  });
});

describe('a command the user set (editor, pager)', () => {
  it('is split into words and started without a shell, except on Windows, where cmd.exe starts it as written (a .cmd editor, `code --wait`)', () => {
    expect(userCommand('"/opt/my editor/ed" -w', ['/tmp/x/job-3.txt'], 'linux')).toEqual({ file: '/opt/my editor/ed', args: ['-w', '/tmp/x/job-3.txt'], shell: false });
    expect(userCommand('less', [], 'darwin')).toEqual({ file: 'less', args: [], shell: false });
    expect(userCommand('code --wait', ['C:\\Users\\Ann Lee\\AppData\\Local\\Temp\\recruit-edit-1\\job-3.txt'], 'win32')).toEqual({
      file: 'code --wait "C:\\Users\\Ann Lee\\AppData\\Local\\Temp\\recruit-edit-1\\job-3.txt"',
      args: [],
      shell: true,
    });
    expect(userCommand('"C:\\Program Files\\Notepad++\\notepad++.exe" -multiInst', ['C:\\t\\d.md'], 'win32').file).toBe('"C:\\Program Files\\Notepad++\\notepad++.exe" -multiInst "C:\\t\\d.md"');
  });

  it('the editor is VISUAL, else EDITOR, else notepad on Windows and vi elsewhere', () => {
    expect(editorLine({ VISUAL: 'code --wait', EDITOR: 'vim' }, 'linux')).toBe('code --wait');
    expect(editorLine({ VISUAL: '', EDITOR: ' nano ' }, 'linux')).toBe('nano');
    expect(editorLine({}, 'linux')).toBe('vi');
    expect(editorLine({}, 'win32')).toBe('notepad');
  });
});

