// Ctrl-C during a bulk `jobs status` (many ids): as an interrupted `jobs create --file` does, the
// requests in flight are awaited, every job's result is printed with the tally, the jobs never
// sent are "not attempted", the hint names the command that resumes, and the exit is 130. The
// keys written ahead for jobs never sent are released, so the re-run says nothing of "unanswered"
// changes and sends each remaining job once. In process over real HTTP: the sandbox behind a proxy
// that delivers the fake Ctrl-C as a chosen request arrives (while the jobs are read, or sent).
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { useScriptedProxy, type Incoming } from '../helpers/scripted-proxy.js';
import { useOwnSignalListeners } from '../helpers/own-signal-listeners.js';

useOwnSignalListeners(['SIGINT']);

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);
const COUNT = 40;
let ids: number[] = [];

beforeEach(async () => {
  ids = [];
  for (let i = 0; i < COUNT; i++) {
    const res = await call<{ id: number }>(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_direct_full', body: validJob({ title: `Interrupted Status ${i}` }) });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
});

const recruit = (args: string[], tty: boolean) => runCli([...args, '--base-url', proxy.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' }, tty });
const statusPatches = () => proxy.exchanges.filter((e) => e.method === 'PATCH' && e.path.endsWith('/status'));
const isRead = (req: Incoming) => req.method === 'GET' && /^\/jobs\/\d+$/.test(req.path);
const isPatch = (req: Incoming) => req.method === 'PATCH' && req.path.endsWith('/status');

describe('Ctrl-C in a bulk jobs status', () => {
  for (const [when, at, n] of [
    ['while the jobs are sent', isPatch, 3],
    ['while the jobs are read', isRead, 5],
  ] as const) {
    it(`${when}: the table, "not attempted" for the jobs never sent, the tally, the hint with the command (exit 130); the re-run sends the rest once`, async () => {
      let seen = 0;
      proxy.reset();
      proxy.script = (req) => {
        if (at(req) && ++seen === n) process.emit('SIGINT', 'SIGINT');
        return undefined;
      };
      const args = ['jobs', 'status', ...ids.map(String), 'closed'];
      const stopped = await recruit(args, true);
      proxy.script = undefined;
      expect(stopped.code, stopped.stderr).toBe(130);
      expect(process.listenerCount('SIGINT')).toBe(0);
      const changed = statusPatches().length;
      expect(changed).toBeLessThan(COUNT);
      expect(stopped.stderr).toContain('interrupted: waiting for the requests in flight');
      expect(stopped.stdout).toContain(`${COUNT - changed} jobs not attempted: the run was interrupted\n`);
      expect(stopped.stderr).toMatch(new RegExp(`^${COUNT} jobs: ${changed ? `${changed} changed, ` : ''}${COUNT - changed} not attempted \\(\\d+\\.\\d s\\)$`, 'm'));
      expect(stopped.stderr).toContain(`hint: run the same command again, \`recruit --base-url ${proxy.baseUrl} jobs status ${ids.join(' ')} 1\``);

      proxy.reset();
      const again = await recruit(args, false);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).not.toContain('unanswered');
      const rows = again.stdout.trim().split('\n').map((l) => l.split('\t'));
      expect(rows.filter((r) => r[2] === 'unchanged')).toHaveLength(changed);
      expect(rows.filter((r) => r[2] === 'changed')).toHaveLength(COUNT - changed);
      expect(statusPatches()).toHaveLength(COUNT - changed);
      for (const id of ids) expect((await call<{ status: number }>(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: 'sbx_direct_full' })).body.status).toBe(1);
    });
  }
});
