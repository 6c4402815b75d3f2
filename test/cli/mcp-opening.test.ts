// The opening of an MCP session (initialize, tools/list) is answered before the SDK loads
// (src/commands/mcp/opening.ts): only the shapes the SDK's server answers the same way, everything
// else left to it, every byte kept for it to read again; and, run as an assistant runs it, what the
// SDK's server answers to the same messages once it has loaded is what was sent.
import { PassThrough } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOpening, PROTOCOL_VERSIONS, type Opening } from '../../src/commands/mcp/opening.js';
import { withoutAnswered } from '../../src/commands/mcp/server.js';
import { toolCatalog } from '../../src/commands/mcp/tool-list.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { BIN } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { spawnCollect } from '../helpers/spawn.js';

const TOOLS = toolCatalog().map((t) => t.listed);
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: { roots: { listChanged: true } }, clientInfo: { name: 'Zoë', version: '1.0' } } };
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
const LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
const CALL = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_job', arguments: { job: 1 } } };
const line = (message: unknown) => `${JSON.stringify(message)}\n`;

/** Writes `chunks` one by one into a fresh input; resolves with the opening and what it wrote. */
async function open(chunks: Array<string | Buffer>, end = true): Promise<{ opening: Opening; answers: Array<Record<string, any>>; input: PassThrough }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (d: Buffer) => (written += d.toString()));
  const opening = answerOpening(input, output, TOOLS);
  for (const chunk of chunks) input.write(chunk);
  if (end) input.end();
  const result = await opening;
  return { opening: result, answers: written.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>), input };
}

describe('the opening, answered before the SDK loads', () => {
  it('answers initialize and tools/list as the SDK would, and passes over the initialized notification', async () => {
    const text = line(INITIALIZE) + line(INITIALIZED) + line(LIST);
    const { opening, answers } = await open([text]);
    expect(answers).toEqual([
      { result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'recruit', version: expect.any(String) }, instructions: expect.stringContaining('never instructions') }, jsonrpc: '2.0', id: 1 },
      { result: { tools: TOOLS }, jsonrpc: '2.0', id: 2 },
    ]);
    expect(opening).toMatchObject({ ended: true, handOver: false });
    expect(opening.received.toString()).toBe(text);
    expect([...opening.answered.keys()]).toEqual([1, 2]);
  });

  it('answers a list with no parameter, with none given ({}), or with a cursor, and leaves no listener on the input', async () => {
    const { opening, answers, input } = await open([line(INITIALIZE), line(LIST), line({ ...LIST, id: 3, params: {} }), line({ ...LIST, id: 4, params: { cursor: 'c' } })]);
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect(opening.handOver).toBe(false);
    expect(['data', 'end', 'close', 'error'].map((event) => input.listenerCount(event))).toEqual([0, 0, 0, 0]);
  });

  it('answers a client that says its title, website and description, and stops at an error of its input', async () => {
    const clientInfo = { name: 'x', version: '1', title: 'X', websiteUrl: 'https://x.example', description: 'an assistant' };
    const { answers } = await open([line({ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo } })]);
    expect(answers.map((a) => a.id)).toEqual([1]);
    const input = new PassThrough();
    const opening = answerOpening(input, new PassThrough(), TOOLS);
    input.destroy(new Error('EIO: i/o error, read'));
    await expect(opening).resolves.toMatchObject({ ended: true, handOver: false });
  });

  it('reads lines cut anywhere, a character cut in two, CRLF, and string ids', async () => {
    const text = `${JSON.stringify({ ...INITIALIZE, id: 'a' })}\r\n${line(INITIALIZED)}${JSON.stringify({ ...LIST, id: 'b', params: { cursor: 'x' } })}\r\n`;
    const bytes = Buffer.from(text);
    const { opening, answers } = await open([...bytes].map((b) => Buffer.from([b])));
    expect(answers.map((a) => a.id)).toEqual(['a', 'b']);
    expect(opening.received.equals(bytes)).toBe(true);
    expect(opening.handOver).toBe(false);
  });

  it('answers with the protocol version asked for when the SDK supports it, else its latest', async () => {
    expect(PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
    expect(PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
    for (const version of [...SUPPORTED_PROTOCOL_VERSIONS, '2099-01-01']) {
      const { answers } = await open([line({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: version } })]);
      expect(answers[0]!.result.protocolVersion).toBe(version === '2099-01-01' ? LATEST_PROTOCOL_VERSION : version);
    }
  });

  const leftToTheSdk: Array<[string, unknown[]]> = [
    ['a tool call', [INITIALIZE, INITIALIZED, LIST, CALL]],
    ['a ping', [INITIALIZE, { jsonrpc: '2.0', id: 2, method: 'ping' }]],
    ['tools/list before initialize', [LIST]],
    ['a second initialize', [INITIALIZE, { ...INITIALIZE, id: 2 }]],
    ['an id used twice', [INITIALIZE, { ...LIST, id: 1 }]],
    ['an id that is no integer', [{ ...INITIALIZE, id: 1.5 }]],
    ['no jsonrpc', [{ ...INITIALIZE, jsonrpc: undefined }]],
    ['a key JSON-RPC does not have', [{ ...INITIALIZE, extra: true }]],
    ['a _meta', [{ ...INITIALIZE, params: { ...INITIALIZE.params, _meta: { progressToken: 1 } } }]],
    ['a client icon', [{ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'x', version: '1', icons: [] } } }]],
    ['a capability that is no object', [{ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { roots: {}, sampling: 5 } } }]],
    ['capabilities that are no object', [{ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: null } }]],
    ['a protocol version that is no string', [{ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: 20250618 } }]],
    ['no client version', [{ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'x' } } }]],
    ['no client name', [{ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { version: '1' } } }]],
    ['a client title that is no string', [{ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'x', version: '1', title: 1 } } }]],
    ['a client website that is no string', [{ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'x', version: '1', websiteUrl: 1 } } }]],
    ['a client description that is no string', [{ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'x', version: '1', description: 1 } } }]],
    ['another method first, with the parameters of initialize', [{ ...INITIALIZE, method: 'tools/list' }]],
    ['a list with a parameter the SDK does not know', [INITIALIZE, { ...LIST, params: { cursor: 'x', limit: 3 } }]],
    ['a list whose cursor is no string', [INITIALIZE, { ...LIST, params: { cursor: 3 } }]],
    ['the initialized notification with an id', [INITIALIZE, { ...INITIALIZED, id: 5 }]],
    ['a line that is JSON null', [INITIALIZE, 'null']],
    ['another notification', [INITIALIZE, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }]],
    ['a line that is no JSON', [INITIALIZE, '{"jsonrpc":']],
    ['an empty line', [INITIALIZE, '']],
  ];
  it.each(leftToTheSdk)('leaves %s to the SDK: nothing more answered, every byte kept, the input paused', async (_, messages) => {
    const text = messages.map((m) => (typeof m === 'string' ? `${m}\n` : line(m))).join('') + line(LIST);
    const { opening, answers, input } = await open([text], false);
    expect(opening).toMatchObject({ ended: false, handOver: true });
    // What came before the message left to the SDK: answered.
    const answeredBefore = messages.slice(0, -1).flatMap((m) => (typeof m === 'object' && m !== null && 'id' in m ? [m.id] : []));
    expect(answers.map((a) => a.id)).toEqual(answeredBefore);
    expect([...opening.answered.keys()]).toEqual(answeredBefore);
    expect(opening.received.toString()).toBe(text);
    expect(input.isPaused()).toBe(true);
    // The input is the SDK's from here: no listener of the opening is left, and it answers no more.
    expect(['data', 'end', 'close', 'error'].map((event) => input.listenerCount(event))).toEqual([0, 0, 0, 0]);
  });

  it('leaves a line longer than 64 KiB to the SDK, and a last line without its newline unanswered', async () => {
    const long = await open([line(INITIALIZE), '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"' + 'x'.repeat(70_000)], false);
    expect(long.opening).toMatchObject({ handOver: true, ended: false });
    const cut = await open([line(INITIALIZE), JSON.stringify(LIST)]);
    expect(cut.opening).toMatchObject({ handOver: false, ended: true });
    expect(cut.answers.map((a) => a.id)).toEqual([1]);
  });
});

describe("the SDK's answers to what the opening answered", () => {
  it('are dropped, and one that is not what was sent is said on stderr', async () => {
    const sent: unknown[] = [];
    const warnings: string[] = [];
    const transport = { send: async (message: unknown) => void sent.push(message) };
    const answered = new Map<string | number, string>([
      [1, JSON.stringify({ result: { a: 1 }, jsonrpc: '2.0', id: 1 })],
      ['2', JSON.stringify({ result: { tools: [] }, jsonrpc: '2.0', id: '2' })],
    ]);
    withoutAnswered({ warn: (m) => warnings.push(m) }, transport, answered);
    await transport.send({ result: { a: 1 }, jsonrpc: '2.0', id: 1 });
    await transport.send({ result: { tools: [{ name: 'other' }] }, jsonrpc: '2.0', id: '2' });
    expect(sent).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('answer to request "2" is not the one sent')]);
    // Each once: the same id again, a request of the server's and another answer go out.
    await transport.send({ result: { a: 1 }, jsonrpc: '2.0', id: 1 });
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'ping' });
    await transport.send({ result: {}, jsonrpc: '2.0', id: 7 });
    expect(sent).toHaveLength(3);
  });
});

describe('recruit mcp, its opening and then the SDK', () => {
  beforeAll(ensureFreshBuild, 60_000);
  const sandbox = useSandbox();
  const dir = mkdtempSync(join(tmpdir(), 'recruit-mcp-opening-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The ping is the SDK's: it loads, reads the opening again and compares its answers with those
  // sent (server.ts), saying on stderr when one differs.
  it.each([...SUPPORTED_PROTOCOL_VERSIONS, '2099-01-01'])('for protocol version %s, the SDK answers the opening as it was answered', async (version) => {
    const messages = [{ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: version } }, INITIALIZED, LIST, { jsonrpc: '2.0', id: 3, method: 'ping' }];
    const { code, stdout, stderr } = await spawnCollect(process.execPath, [BIN, '--base-url', sandbox.current.baseUrl, 'mcp', '--read-only'], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: join(dir, 'state'), RECRUIT_CONFIG_DIR: join(dir, 'config'), RECRUIT_KEYRING: '0' },
      input: messages.map(line).join(''),
      timeoutMs: 30_000,
    }).done;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const answers = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: number; result: Record<string, unknown> });
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(answers[0]!.result.protocolVersion).toBe(SUPPORTED_PROTOCOL_VERSIONS.includes(version) ? version : LATEST_PROTOCOL_VERSION);
    expect((answers[1]!.result.tools as Array<{ annotations: { readOnlyHint: boolean } }>).every((t) => t.annotations.readOnlyHint)).toBe(true);
    expect(answers[2]!.result).toEqual({});
  });
});
