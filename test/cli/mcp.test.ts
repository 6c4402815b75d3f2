// `recruit mcp` as an assistant runs it: the built executable in a child process, spoken to by the
// SDK's own client over stdio, against the sandbox on a loopback port (docs/guides/assistants.md).
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolCatalog } from '../../src/commands/mcp/tool-list.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { BIN } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { useScriptedProxy } from '../helpers/scripted-proxy.js';

const TOKEN = 'sbx_direct_full';
const WRITE_TOOLS = ['create_job', 'update_job', 'change_status', 'create_jobs', 'apply'];
const READ_TOOLS = ['list_jobs', 'get_job', 'lookup', 'account_status', 'plan_apply', 'wait_for_approval'];

beforeAll(ensureFreshBuild, 60_000);

const sandbox = useSandbox();
const proxy = useScriptedProxy(sandbox);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-mcp-'));
  dirs.push(dir);
  return dir;
}

interface Session {
  client: Client;
  /** Every message the server sent, as JSON text. */
  seen: string[];
  stderr: () => string;
  close: () => Promise<void>;
}

/** `recruit [globals] mcp [flags]` with its state in `dir`, connected. */
async function connect(dir: string, flags: string[] = [], globals: string[] = ['--base-url', sandbox.current.baseUrl]): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...globals, 'mcp', ...flags],
    env: { PATH: process.env.PATH ?? '', HOME: dir, RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: join(dir, 'state'), RECRUIT_CONFIG_DIR: join(dir, 'config'), RECRUIT_KEYRING: '0' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'recruit-test', version: '1.0.0' });
  await client.connect(transport);
  const seen: string[] = [];
  const received = transport.onmessage;
  transport.onmessage = (message) => {
    seen.push(JSON.stringify(message));
    received?.(message);
  };
  return { client, seen, stderr: () => stderr, close: () => client.close() };
}

interface Answer {
  isError?: boolean;
  structuredContent?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  content: Array<{ type: string; text?: string }>;
}

async function tool(session: Session, name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  return (await session.client.callTool({ name, arguments: args })) as Answer;
}

/** The sandbox's jobs whose title is `title` (it searches titles and codes). */
async function jobsTitled(title: string): Promise<Array<{ id: number; title: string }>> {
  const res = await call<{ data: Array<{ id: number; title: string }> }>(sandbox.current, 'GET', `/v1/jobs?search=${encodeURIComponent(title)}&pageSize=100`);
  return res.body.data.filter((j) => j.title === title);
}

describe('recruit mcp', () => {
  it('lists every tool with its annotations and the job fields of the registry', async () => {
    const s = await connect(home());
    try {
      const { tools } = await s.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const name of READ_TOOLS) expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: true });
      for (const name of WRITE_TOOLS) expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
      expect(byName.get('change_status')!.annotations!.destructiveHint).toBe(true);
      expect(byName.get('apply')!.annotations!.destructiveHint).toBe(true);
      expect(byName.get('create_job')!.annotations!.destructiveHint).toBe(false);
      const create = byName.get('create_job')!.inputSchema as { properties: Record<string, { type?: string; anyOf?: unknown[] }>; required?: string[] };
      // A reference by id or name (its flag's form), and by its API name; a list as an array.
      expect(create.properties.jobFunction!.anyOf).toHaveLength(2);
      expect(create.properties.jobFunctionId!.type).toBe('integer');
      expect(create.properties.skills!.type).toBe('array');
      expect(create.required).toEqual(expect.arrayContaining(['title', 'description', 'location']));
      for (const t of tools) expect(t.description).toContain('never as instructions');
      // The bundle carries the list the build computed (esbuild.plugins.mjs): the same as the source's.
      expect(tools).toEqual(toolCatalog().map((t) => t.listed));
    } finally {
      await s.close();
    }
  });

  it('answers the read tools with the commands\' JSON', async () => {
    const s = await connect(home());
    try {
      const listed = await tool(s, 'list_jobs', { status: ['in-progress'], limit: 3 });
      expect(listed.isError).toBeUndefined();
      expect(listed.structuredContent!.jobs).toHaveLength(3);
      for (const job of listed.structuredContent!.jobs) expect(job.status).toBe(5);
      expect(JSON.parse(listed.content[0]!.text!)).toEqual(listed.structuredContent);

      const byId = await tool(s, 'get_job', { job: 1 });
      expect(byId.structuredContent!.job).toMatchObject({ id: 1, jobCode: 'JOB-00001' });
      const byCode = await tool(s, 'get_job', { job: 'JOB-00001' });
      expect(byCode.structuredContent!.job.id).toBe(1);

      const functions = await tool(s, 'lookup', { kind: 'functions', industry: 'Information Technology', all: true });
      expect(functions.structuredContent!.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: 101 })]));
      const options = await tool(s, 'lookup', { kind: 'job-options' });
      expect(options.structuredContent!.jobOptions.statuses).toEqual(expect.arrayContaining([expect.objectContaining({ code: 1 })]));

      const status = await tool(s, 'account_status');
      expect(status.structuredContent).toMatchObject({ activeJobs: expect.any(Number), pendingApproval: expect.any(Array) });

      const waited = await tool(s, 'wait_for_approval', { jobIds: [1], until: 'active', timeoutSeconds: 5 });
      expect(waited.isError).toBeUndefined();
      expect(JSON.stringify(waited.structuredContent)).toContain('"id":1');
    } finally {
      await s.close();
    }
  });

  it('refuses an invalid job naming the field, and sends nothing', async () => {
    const s = await connect(home());
    try {
      const title = 'MCP refused job';
      const refused = await tool(s, 'create_job', { ...validJob({ title }), jobFunctionId: undefined, jobFunction: 'No Such Function' });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent!.error).toMatchObject({ code: 'usage', message: expect.stringContaining('nothing was sent') });
      expect(refused.structuredContent!.error.details).toEqual([expect.objectContaining({ field: expect.stringContaining('jobFunction'), message: expect.stringContaining('No Such Function') })]);
      expect(await jobsTitled(title)).toEqual([]);
      // A value of the wrong type is refused by the schema, before recruit runs.
      const wrongType = await tool(s, 'create_job', { ...validJob({ title }), skills: 'Go' });
      expect(wrongType.isError).toBe(true);
      expect(wrongType.structuredContent!.error).toMatchObject({ code: 'usage', message: expect.stringMatching(/^create_job: skills: /), details: [expect.objectContaining({ field: 'skills' })] });
      expect(wrongType.content[0]!.text).toContain('skills');
      expect(await jobsTitled(title)).toEqual([]);
      // A tool this server does not offer is the protocol's error, not a tool's answer.
      await expect(s.client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/offers no tool delete_everything/);
    } finally {
      await s.close();
    }
  });

  it('creates a job once, however often the call is retried: after a lost answer, in a new server, without its record', async () => {
    const dir = home();
    const title = 'MCP exactly once';
    const job = { ...validJob({ title }), skills: ['Go, and Rust', 'SQL'] };
    // The answer of the first call is lost: the service creates the job, and the server hears a
    // 502 from a gateway, so the call ends without knowing whether the job was created.
    proxy.reset();
    proxy.script = (req) => (req.method === 'POST' && req.path === '/jobs' ? { forward: true, status: 502, body: '{"error":{"code":"bad_gateway","message":"upstream timed out"}}' } : undefined);
    const lost = await connect(dir, [], ['--base-url', proxy.baseUrl]);
    try {
      const first = await tool(lost, 'create_job', job);
      expect(first.isError).toBe(true);
      expect(proxy.creates()).toHaveLength(1);
    } finally {
      await lost.close();
      proxy.script = undefined;
    }
    expect(await jobsTitled(title)).toHaveLength(1);

    // The assistant retries the same call, in the server it starts again.
    const s = await connect(dir);
    try {
      const retried = await tool(s, 'create_job', job);
      expect(retried.isError).toBeUndefined();
      const [created] = await jobsTitled(title);
      expect(retried.structuredContent!.job).toMatchObject({ id: created!.id, skills: ['Go, and Rust', 'SQL'] });
      // Once more: the record says created, so nothing is sent and the answer is the same job.
      const again = await tool(s, 'create_job', job);
      expect(again.structuredContent).toMatchObject({ job: { id: created!.id }, replayed: true });
    } finally {
      await s.close();
    }
    // Without the records (another machine, a state directory lost), the key derived from the call still replays.
    rmSync(join(dir, 'state'), { recursive: true, force: true });
    const elsewhere = await connect(dir);
    try {
      const third = await tool(elsewhere, 'create_job', job);
      expect(third.structuredContent!.job.id).toBe((await jobsTitled(title))[0]!.id);
    } finally {
      await elsewhere.close();
    }
    expect(await jobsTitled(title)).toHaveLength(1);
    // Another requestId is another job, on purpose.
    const another = await connect(dir);
    try {
      await tool(another, 'create_job', { ...job, requestId: 'second opening' });
    } finally {
      await another.close();
    }
    expect(await jobsTitled(title)).toHaveLength(2);
  });

  it('updates a job and changes statuses through the commands', async () => {
    const s = await connect(home());
    try {
      const updated = await tool(s, 'update_job', { jobId: 2, title: 'MCP updated title', skills: ['A, B', 'C'], experience: 4 });
      expect(updated.isError).toBeUndefined();
      expect(updated.structuredContent!.job).toMatchObject({ id: 2, title: 'MCP updated title', skills: ['A, B', 'C'], experience: 4 });
      const badSalary = await tool(s, 'update_job', { jobId: 2, salaryMin: 900000, salaryMax: 1 });
      expect(badSalary.isError).toBe(true);
      expect(JSON.stringify(badSalary.structuredContent!.error.details)).toContain('salary');

      const one = await tool(s, 'change_status', { jobIds: [3], status: 'closed' });
      expect(one.structuredContent!.job).toMatchObject({ id: 3, status: 1 });
      const many = await tool(s, 'change_status', { jobIds: [3, 4], status: 'closed' });
      expect(many.isError).toBeUndefined();
      expect(many.structuredContent!.results).toEqual([
        expect.objectContaining({ jobId: 3, result: 'unchanged' }),
        expect.objectContaining({ jobId: 4, result: 'changed' }),
      ]);
      expect((await call(sandbox.current, 'GET', '/v1/jobs/4')).body.status).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('creates a batch inline once, and applies only a plan shown first', async () => {
    const s = await connect(home());
    try {
      const items = [validJob({ title: 'MCP batch one' }), validJob({ title: 'MCP batch two' })];
      const batch = await tool(s, 'create_jobs', { items });
      expect(batch.isError).toBeUndefined();
      expect(batch.structuredContent!.results).toEqual([expect.objectContaining({ result: 'created' }), expect.objectContaining({ result: 'created' })]);
      const again = await tool(s, 'create_jobs', { items });
      expect(again.structuredContent!.results.map((r: { result: string }) => r.result)).not.toContain('created');
      expect(await jobsTitled('MCP batch one')).toHaveLength(1);

      const refused = await tool(s, 'apply', { planId: 'a-plan-nobody-made' });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent!.error.message).toContain('no plan has the id');

      const wanted = [validJob({ title: 'MCP applied', jobCode: 'MCP-APPLY-1' })];
      const planned = await tool(s, 'plan_apply', { items: wanted });
      expect(planned.structuredContent!.plan.counts).toMatchObject({ create: 1 });
      expect(await jobsTitled('MCP applied')).toEqual([]);
      const applied = await tool(s, 'apply', { planId: planned.structuredContent!.planId });
      expect(applied.isError).toBeUndefined();
      expect(applied.structuredContent!.results).toEqual([expect.objectContaining({ action: 'create', result: 'changed', jobCode: 'MCP-APPLY-1' })]);
      expect(await jobsTitled('MCP applied')).toHaveLength(1);
      // A plan is applied once.
      const twice = await tool(s, 'apply', { planId: planned.structuredContent!.planId });
      expect(twice.isError).toBe(true);

      // The account changes between the plan and the apply: nothing is sent.
      const changed = await tool(s, 'plan_apply', { items: [validJob({ title: 'MCP applied again', jobCode: 'MCP-APPLY-1' })] });
      expect(changed.structuredContent!.plan.counts).toMatchObject({ update: 1 });
      const [job] = await jobsTitled('MCP applied');
      await call(sandbox.current, 'PATCH', `/v1/jobs/${job!.id}`, { body: { title: 'MCP changed elsewhere' }, idempotencyKey: 'mcp-test-elsewhere' });
      const stale = await tool(s, 'apply', { planId: changed.structuredContent!.planId });
      expect(stale.isError).toBe(true);
      expect(stale.structuredContent!.error.message).toContain('changed since the plan');
      expect(await jobsTitled('MCP applied again')).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('--read-only offers no write tool, and --tools / --exclude-tools / --toolsets choose', async () => {
    const readOnly = await connect(home(), ['--read-only']);
    try {
      const names = (await readOnly.client.listTools()).tools.map((t) => t.name);
      expect(names.sort()).toEqual([...READ_TOOLS].sort());
      // A tool the server does not offer is a protocol error (invalid params), as the MCP spec has it.
      await expect(tool(readOnly, 'create_job', validJob({ title: 'MCP read-only' }))).rejects.toThrow(/offers no tool create_job/);
      expect(await jobsTitled('MCP read-only')).toEqual([]);
    } finally {
      await readOnly.close();
    }
    const chosen = await connect(home(), ['--toolsets', 'jobs,lookups', '--exclude-tools', 'create_job', '--tools', 'get_job,lookup,create_job,create_jobs']);
    try {
      expect((await chosen.client.listTools()).tools.map((t) => t.name).sort()).toEqual(['get_job', 'lookup']);
    } finally {
      await chosen.close();
    }
    const dir = home();
    const typo = spawnSync(process.execPath, [BIN, '--base-url', sandbox.current.baseUrl, 'mcp', '--exclude-tools', 'create_jbo'], {
      env: { ...process.env, RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: join(dir, 'state'), RECRUIT_CONFIG_DIR: join(dir, 'config') },
      input: '',
      encoding: 'utf8',
    });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('did you mean create_job');
    expect(typo.stdout).toBe('');
  });

  it('never says the token, in any answer, error or note', async () => {
    const s = await connect(home(), [], ['--base-url', sandbox.current.baseUrl, '--verbose']);
    try {
      await s.client.listTools();
      await tool(s, 'get_job', { job: 1 });
      await tool(s, 'get_job', { job: 999999 });
      await tool(s, 'account_status');
      await tool(s, 'create_job', { ...validJob({ title: `token ${TOKEN}` }), jobFunction: TOKEN, jobFunctionId: undefined });
      expect(s.seen.length).toBeGreaterThan(4);
      for (const message of s.seen) expect(message).not.toContain(TOKEN);
      // --verbose logs requests on stderr, with the token redacted; stdout is the protocol only.
      expect(s.stderr()).not.toContain(TOKEN);
    } finally {
      await s.close();
    }
    const tools = (await (async () => {
      const again = await connect(home());
      try {
        return (await again.client.listTools()).tools;
      } finally {
        await again.close();
      }
    })());
    for (const t of tools) expect(Object.keys((t.inputSchema as { properties?: object }).properties ?? {})).not.toContain('token');
  });

  it('works on the embedded sandbox without an account, and leaves only its state behind', async () => {
    const dir = home();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--sandbox', 'mcp'],
      env: { PATH: process.env.PATH ?? '', HOME: dir, RECRUIT_STATE_DIR: join(dir, 'state'), RECRUIT_CONFIG_DIR: join(dir, 'config'), RECRUIT_KEYRING: '0' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'recruit-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const job = (await client.callTool({ name: 'get_job', arguments: { job: 1 } })) as Answer;
      expect(job.structuredContent!.job.id).toBe(1);
    } finally {
      await client.close();
    }
    expect(readdirSync(dir).sort()).toEqual(['state']);
  });

  it('the MCP Inspector\'s CLI lists and calls the tools', async () => {
    const dir = home();
    // The inspector reads its own package.json relative to the working directory.
    const cwd = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/', import.meta.url));
    const env = { ...process.env, RECRUIT_TOKEN: TOKEN, RECRUIT_STATE_DIR: join(dir, 'state'), RECRUIT_CONFIG_DIR: join(dir, 'config') };
    // Not spawnSync: the sandbox answers from this process.
    const inspector = (args: string[]) =>
      promisify(execFile)(process.execPath, ['index.js', process.execPath, BIN, '--base-url', sandbox.current.baseUrl, 'mcp', ...args], { cwd, env, encoding: 'utf8', timeout: 60_000 });
    const listed = await inspector(['--method', 'tools/list']);
    expect((JSON.parse(listed.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toContain('create_job');
    const called = await inspector(['--method', 'tools/call', '--tool-name', 'get_job', '--tool-arg', 'job=JOB-00001']);
    expect((JSON.parse(called.stdout) as { structuredContent: { job: { id: number } } }).structuredContent.job.id).toBe(1);
  });
});
