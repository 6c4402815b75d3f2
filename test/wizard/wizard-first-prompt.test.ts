// The wizard's first question comes after one round trip: the first page of industries (which also
// checks the token and URL) and, under `account-type auto`, the account-type probe go out side by
// side, and the first step shows that page without asking again. A recording proxy in front of the
// sandbox sees every request; it holds the industries until the probe has arrived, so a wizard that
// sent them one after the other would never get its industries (and the test fails, not hangs).
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context/context.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { forward, passHeaders, readBody, useListening } from '../helpers/fake-server.js';
import { useSandbox } from '../helpers/sandbox.js';
import { wizardContext } from './wizard-context.js';

const sandbox = useSandbox();
const seen: string[] = [];
let releaseIndustries: (() => void) | undefined;
let probeArrived = false;
const HOP = new Set(['connection', 'transfer-encoding', 'content-length', 'keep-alive']);

const describeRequest = (req: IncomingMessage) => `${req.method} ${new URL(req.url!, 'http://x').pathname}${req.url!.includes('?') ? `?${new URL(req.url!, 'http://x').searchParams}` : ''}`;

const proxy = useListening(
  createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const line = describeRequest(req);
      seen.push(line);
      if (req.method === 'POST' && req.url === '/v1/jobs' && JSON.parse(body.toString() || 'null')?.title === undefined) {
        probeArrived = true;
        releaseIndustries?.();
      }
      if (holding && line.startsWith('GET /v1/industries') && !probeArrived) {
        // Waits for the probe; a timer makes a wizard that never sends it fail (a 400: not retried).
        await new Promise<void>((resolve) => {
          releaseIndustries = resolve;
          setTimeout(resolve, 3000).unref();
        });
        if (!probeArrived) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":"sequential","message":"the probe did not come beside the industries"}}');
          return;
        }
      }
      const answer = await forward(sandbox.current.baseUrl.replace(/\/v1$/, ''), req, body);
      res.writeHead(answer.status, passHeaders(answer.headers, HOP)).end(answer.text);
    })();
  }),
);
let holding = false;

const contexts: Context[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.dispose();
  seen.length = 0;
  probeArrived = false;
  releaseIndustries = undefined;
  holding = false;
});

function setup(accountType?: 'direct') {
  const w = wizardContext({ ...sandbox.current, baseUrl: `${proxy.current.origin}/v1` }, { configDir: mkdtempSync(join(tmpdir(), 'recruit-first-')), accountType });
  contexts.push(w.ctx);
  return w;
}

/** Stops at the second question (Ctrl-C there): what was sent before and during the first is then known. */
const firstQuestion = () =>
  new FakePrompter([
    { kind: 'search', message: 'Industry', pick: 'Information Technology' },
    { kind: 'search', message: 'Job function', interrupt: true },
  ]);

describe("the wizard's first question", () => {
  it('comes after the industries and the probe, sent side by side, and shows that page without asking again', async () => {
    holding = true;
    const { ctx } = setup();
    const prompter = firstQuestion();
    let atFirst: string[] = [];
    prompter.remaining[1]!.before = () => (atFirst = [...seen]);
    await expect(runWizard(ctx, { prompter })).rejects.toThrow('Interrupted');
    expect(atFirst.filter((l) => l.startsWith('GET /v1/industries'))).toEqual(['GET /v1/industries?pageSize=10']);
    expect(atFirst.filter((l) => l === 'POST /v1/jobs')).toHaveLength(1);
    expect(prompter.seen[0]!.choices).toContain('Information Technology');
  });

  it('sends one request before it when the account type is known', async () => {
    const { ctx } = setup('direct');
    const prompter = firstQuestion();
    let atFirst: string[] = [];
    prompter.remaining[1]!.before = () => (atFirst = [...seen]);
    await expect(runWizard(ctx, { prompter })).rejects.toThrow('Interrupted');
    expect(atFirst).toEqual(['GET /v1/industries?pageSize=10']);
  });

  it('asks the service again for a later empty search of the same list', async () => {
    const { ctx } = setup('direct');
    const prompter = new FakePrompter([
      { kind: 'search', message: 'Industry', pick: 'Information Technology' },
      { kind: 'search', message: 'Job function', term: '<', pick: '← Back' },
      { kind: 'search', message: 'Industry', pick: 'Information Technology' },
      { kind: 'search', message: 'Job function', interrupt: true },
    ]);
    await expect(runWizard(ctx, { prompter })).rejects.toThrow('Interrupted');
    expect(seen.filter((l) => l.startsWith('GET /v1/industries'))).toHaveLength(2);
  });

  it('stops before any question, with the service\'s answer, when the token is refused (and the probe answers too)', async () => {
    const w = wizardContext({ ...sandbox.current, baseUrl: `${proxy.current.origin}/v1` }, { token: 'sbx_direct_nosuchset', configDir: mkdtempSync(join(tmpdir(), 'recruit-first-')) });
    contexts.push(w.ctx);
    const prompter = new FakePrompter([]);
    await expect(runWizard(w.ctx, { prompter })).rejects.toMatchObject({ status: 401 });
    expect(prompter.seen).toEqual([]);
    expect(seen).toContain('GET /v1/industries?pageSize=10');
  });
});
