// Every request the CLI sends with a body says `Content-Type: application/json` (the only type the
// API takes; the sandbox answers 415 to anything else). A recording proxy in front of the sandbox
// sees each request as the CLI sent it: one job from flags, a batch, an update, a status change and
// `recruit api` with -f, --input and -X.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox, validJob, words } from '../helpers/sandbox.js';
import { useScriptedProxy, type Exchange } from '../helpers/scripted-proxy.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);
const dir = () => join(process.env.RECRUIT_STATE_DIR!, '..');

function recruit(args: string[], stdin?: string) {
  return runCli(args, {
    env: { RECRUIT_BASE_URL: proxy.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' },
    ...(stdin === undefined ? {} : { stdin }),
  });
}

function file(name: string, content: string): string {
  const path = join(dir(), name);
  writeFileSync(path, content);
  return path;
}

/** Runs the command through the proxy; returns the requests it sent that carried a body. */
async function sentWithBody(args: string[], stdin?: string): Promise<Exchange[]> {
  proxy.reset();
  const result = await recruit(args, stdin);
  expect(result.code, result.stderr).toBe(0);
  return proxy.exchanges.filter((e) => e.body.length > 0);
}

function expectJson(exchanges: Exchange[], expected: Array<[method: string, path: RegExp]>): void {
  expect(exchanges.map((e) => [e.method, e.path])).toEqual(expected.map(([m, p]) => [m, expect.stringMatching(p)]));
  for (const e of exchanges) {
    expect(e.contentType, `${e.method} ${e.path}`).toBe('application/json');
    expect(() => JSON.parse(e.body) as unknown, `${e.method} ${e.path}`).not.toThrow();
    // ...and the sandbox behind the proxy took it (it answers 415 to any other type).
    expect(e.upstreamStatus, `${e.method} ${e.path}`).toBeLessThan(300);
  }
}

describe('the CLI sends Content-Type: application/json with every body', () => {
  let jobId = 0;

  it('jobs create from flags', async () => {
    const description = file('description.txt', words(120));
    const sent = await sentWithBody([
      'jobs', 'create', '--title', 'Content Type Flags', '--description-file', description,
      '--location', 'Berlin, Germany', '--job-function', '103', '--employer-type', '504', '--json',
    ]);
    expectJson(sent, [['POST', /^\/jobs$/]]);
  });

  it('jobs create --file (a batch)', async () => {
    const items = [validJob({ title: 'Content Type Batch 0' }), validJob({ title: 'Content Type Batch 1' })];
    const path = file('batch.ndjson', items.map((i) => JSON.stringify(i)).join('\n'));
    expectJson(await sentWithBody(['jobs', 'create', '--file', path, '--json']), [
      ['POST', /^\/jobs$/],
      ['POST', /^\/jobs$/],
    ]);
  });

  it('jobs create --file - (stdin)', async () => {
    const sent = await sentWithBody(['jobs', 'create', '--file', '-', '--json'], JSON.stringify(validJob({ title: 'Content Type Stdin' })));
    expectJson(sent, [['POST', /^\/jobs$/]]);
  });

  it('jobs update and jobs status', async () => {
    const created = await recruit(['api', '-X', 'POST', '/jobs', '--input', file('job.json', JSON.stringify(validJob({ title: 'Content Type Target' })))]);
    expect(created.code, created.stderr).toBe(0);
    jobId = (JSON.parse(created.stdout) as { id: number }).id;
    expectJson(await sentWithBody(['jobs', 'update', String(jobId), '--title', 'Content Type Updated', '--no-publish-free-boards']), [
      ['PATCH', new RegExp(`^/jobs/${jobId}$`)],
    ]);
    expectJson(await sentWithBody(['jobs', 'status', String(jobId), 'new']), [['PATCH', new RegExp(`^/jobs/${jobId}/status$`)]]);
  });

  it('recruit api -X POST with -f fields, and with --input', async () => {
    const fields = Object.entries(validJob({ title: 'Content Type Api Fields' })).flatMap(([k, v]) => ['-f', `${k}=${String(v)}`]);
    expectJson(await sentWithBody(['api', '-X', 'POST', '/jobs', ...fields]), [['POST', /^\/jobs$/]]);
    const input = file('api-input.json', JSON.stringify(validJob({ title: 'Content Type Api Input' })));
    expectJson(await sentWithBody(['api', '-X', 'POST', '/jobs', '--input', input]), [['POST', /^\/jobs$/]]);
    expectJson(await sentWithBody(['api', '--input', '-', '/jobs'], JSON.stringify(validJob({ title: 'Content Type Api Stdin' }))), [
      ['POST', /^\/jobs$/],
    ]);
  });

  it('recruit api -X PATCH with -f', async () => {
    expectJson(await sentWithBody(['api', '-X', 'PATCH', `/jobs/${jobId}`, '-f', 'title=Content Type Api Patch']), [
      ['PATCH', new RegExp(`^/jobs/${jobId}$`)],
    ]);
  });

  it('sends no Content-Type on requests without a body', async () => {
    proxy.reset();
    expect((await recruit(['jobs', 'get', String(jobId), '--json'])).code).toBe(0);
    expect((await recruit(['lookup', 'industries', '--json'])).code).toBe(0);
    expect(proxy.exchanges.length).toBeGreaterThanOrEqual(2);
    for (const e of proxy.exchanges) {
      expect(e.body).toBe('');
      expect(e.contentType, `${e.method} ${e.path}`).toBeUndefined();
    }
  });

  it('shows the 415 of a body the user sends as another type with -H', async () => {
    proxy.reset();
    const input = file('plain.json', JSON.stringify(validJob({ title: 'Content Type Plain' })));
    const result = await recruit(['api', '-X', 'POST', '/jobs', '--input', input, '-H', 'Content-Type: text/plain']);
    expect(result.code).toBe(1);
    expect(proxy.exchanges.map((e) => [e.contentType, e.upstreamStatus])).toEqual([['text/plain', 415]]);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect([...sandbox.current.store.jobs.values()].some((j) => j.title === 'Content Type Plain')).toBe(false);
  });
});
