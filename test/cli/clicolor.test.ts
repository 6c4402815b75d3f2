// CLICOLOR and CLICOLOR_FORCE as gh and the BSD tools read them, beside NO_COLOR and FORCE_COLOR.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { colorEnabled, type Stream } from '../../src/terminal/io.js';

const sandbox = useSandbox();

const GREEN_STATUS = '\u001b[32mIn Progress (5)\u001b[39m';
const neutral = { NO_COLOR: undefined, FORCE_COLOR: undefined, CI: undefined, TERM: 'xterm-256color', CLICOLOR: undefined, CLICOLOR_FORCE: undefined };

async function get(env: NodeJS.ProcessEnv, tty: boolean) {
  const result = await runCli(['jobs', 'get', '1', '--base-url', sandbox.current.baseUrl], { tty, env: { RECRUIT_TOKEN: 'sbx_direct_full', ...neutral, ...env } });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

describe('colour from CLICOLOR and CLICOLOR_FORCE', () => {
  it('colours a terminal by default', async () => {
    expect(await get({}, true)).toContain(GREEN_STATUS);
  });

  it('prints no colour on a terminal with CLICOLOR=0', async () => {
    expect(await get({ CLICOLOR: '0' }, true)).not.toContain('\u001b');
  });

  it('lets NO_COLOR win over CLICOLOR_FORCE', async () => {
    expect(await get({ CLICOLOR_FORCE: '1', NO_COLOR: '1' }, true)).not.toContain('\u001b');
  });

  it('lets CLICOLOR_FORCE win over CLICOLOR=0 and CI', async () => {
    expect(await get({ CLICOLOR_FORCE: '1', CLICOLOR: '0', CI: 'true' }, true)).toContain(GREEN_STATUS);
  });
});

describe('colour forced in a pipe, and recruit status', () => {
  const RED_ERROR = '\u001b[31merror:\u001b[39m';
  const recruit = (args: string[], env: NodeJS.ProcessEnv, tty = false) =>
    runCli([...args, '--base-url', sandbox.current.baseUrl], { tty, env: { RECRUIT_TOKEN: 'sbx_direct_full', ...neutral, ...env } });

  for (const force of [{ CLICOLOR_FORCE: '1' }, { FORCE_COLOR: '1' }]) {
    it(`${Object.keys(force)[0]}=1 colours an error's labels and recruit status in a pipe; rows stay plain`, async () => {
      const missing = await recruit(['jobs', 'get', '99999'], force);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`${RED_ERROR} GET /jobs/99999`);
      const status = await recruit(['status'], force);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain('\u001b[1mPending approval (0)\u001b[22m');
      expect(status.stdout).toContain('\u001b[1mActive jobs:\u001b[22m');
      // Tab-separated rows are data: never coloured (as gh's tables in a pipe).
      const rows = await recruit(['jobs', 'list'], force);
      expect(rows.stdout).not.toContain('\u001b');
    });
  }

  it('NO_COLOR still wins over both', async () => {
    const missing = await recruit(['jobs', 'get', '99999'], { CLICOLOR_FORCE: '1', FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(missing.stderr).toMatch(/^error: GET/);
    const status = await recruit(['status'], { CLICOLOR_FORCE: '1', FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(status.stdout).not.toContain('\u001b');
  });

  it('recruit status is coloured on a terminal, and a warning says "warning:" in yellow', async () => {
    const status = await recruit(['status'], {}, true);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('\u001b[1mAccount:\u001b[22m');
    const warned = await runCli(['jobs', 'list', '--base-url', sandbox.current.baseUrl.replace(/\/v1$/, '')], { env: { RECRUIT_TOKEN: 'sbx_direct_full', ...neutral, FORCE_COLOR: '1' } });
    expect(warned.stderr).toContain('\u001b[33mwarning:\u001b[39m the base URL');
  });
});

describe('the colour decision for a stream', () => {
  const pipe = { isTTY: false } as Stream;
  const terminal = { isTTY: true } as Stream;
  const decide = (stream: Stream, env: NodeJS.ProcessEnv, flag = true) => colorEnabled(stream, { ...neutral, ...env }, flag);

  it('turns a pipe on with CLICOLOR_FORCE set and not 0', () => {
    expect(decide(pipe, {})).toBe(false);
    expect(decide(pipe, { CLICOLOR_FORCE: '1' })).toBe(true);
    expect(decide(pipe, { CLICOLOR_FORCE: 'yes' })).toBe(true);
    expect(decide(pipe, { CLICOLOR_FORCE: '0' })).toBe(false);
    expect(decide(pipe, { CLICOLOR_FORCE: '' })).toBe(false);
  });

  it('turns a terminal off with CLICOLOR=0 only', () => {
    expect(decide(terminal, { CLICOLOR: '0' })).toBe(false);
    expect(decide(terminal, { CLICOLOR: '1' })).toBe(true);
    expect(decide(terminal, { CLICOLOR: '' })).toBe(true);
  });

  it('lets --no-color and NO_COLOR win over every force', () => {
    expect(decide(pipe, { CLICOLOR_FORCE: '1' }, false)).toBe(false);
    expect(decide(pipe, { CLICOLOR_FORCE: '1', NO_COLOR: 'x' })).toBe(false);
    expect(decide(pipe, { FORCE_COLOR: '1', NO_COLOR: 'x' })).toBe(false);
  });

  it('lets FORCE_COLOR=0 win over CLICOLOR_FORCE', () => {
    expect(decide(terminal, { FORCE_COLOR: '0', CLICOLOR_FORCE: '1' })).toBe(false);
  });
});
