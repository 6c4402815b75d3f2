// The server of `recruit mcp` on the MCP SDK, loaded once a message comes that the opening
// (opening.ts) leaves to it: the SDK's low-level server, first given every message read so far. The
// tools' list is the build's (tool-list.ts), and a call's arguments are checked against the tool's
// zod shape, made on the tool's first call. Each tool call runs the command's own function in a
// context of its own (call-context.ts) that shares the server's client, so every request of every
// call is paced as one command's; the answer is the command's JSON, or a tool error with the
// command's message, the fields it names and its hint. Nothing but the protocol is written on
// stdout; the token is in no input and in no answer.
import { PassThrough } from 'node:stream';
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { Context } from '../../context/context.js';
import { CliError, UsageError } from '../../core/errors.js';
import { sandboxToken } from '../../context/sandbox-account.js';
import { callContext } from './call-context.js';
import { CAPABILITIES, INSTRUCTIONS, SERVER_INFO, type Opening } from './opening.js';
import type { CatalogEntry } from './tool-list.js';
import { TOOLS, WithResults, type Tool } from './tools.js';

interface ToolAnswer {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What the answer must never hold: the token in effect. */
function secretsOf(ctx: Context): string[] {
  try {
    const account = ctx.sandboxAccount();
    const token = account ? sandboxToken(account) : ctx.settings().token;
    return token && token.length >= 4 ? [token] : [];
  } catch {
    return [];
  }
}

function answer(value: Record<string, unknown>, secrets: readonly string[], isError = false): ToolAnswer {
  let text = JSON.stringify(value);
  // The client never puts the token in a message or a body; should anything carry it, it goes no further.
  if (secrets.some((s) => text.includes(s))) {
    for (const s of secrets) text = text.split(s).join('[redacted]');
    value = JSON.parse(text) as Record<string, unknown>;
  }
  return { content: [{ type: 'text', text }], structuredContent: value, ...(isError ? { isError: true } : {}) };
}

function failure(error: unknown): Record<string, unknown> {
  const results = error instanceof WithResults ? error.results : undefined;
  const cause = error instanceof WithResults ? error.error : error;
  const e =
    cause instanceof CliError
      ? { code: cause.code, message: cause.message, ...(cause.details.length > 0 ? { details: cause.details } : {}), ...(cause.hint ? { hint: cause.hint } : {}), exitCode: cause.exitCode }
      : { code: 'internal', message: cause instanceof Error ? cause.message : String(cause) };
  return { error: e, ...(results !== undefined ? { results } : {}) };
}

/** A tool's arguments as its zod shape reads them, or the usage error that names each one that does not fit. */
function parsedArguments(tool: Tool, schemas: Map<string, z.ZodType>, args: unknown): Record<string, unknown> | UsageError {
  let schema = schemas.get(tool.name);
  if (!schema) schemas.set(tool.name, (schema = z.object(tool.input())));
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || '(arguments)', message: issue.message }));
  return new UsageError(`${tool.name}: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details, "the tool's input schema in tools/list says what it takes");
}

async function answerCall(ctx: Context, tool: Tool, secrets: () => string[], args: Record<string, unknown>): Promise<ToolAnswer> {
  const call = callContext(ctx, tool.globals?.(args) ?? {});
  try {
    const value = await tool.run(call, args);
    const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
    const notes = call.notes();
    return answer(notes.length > 0 ? { ...object, notes } : object, secrets());
  } catch (error) {
    const notes = call.notes();
    return answer({ ...failure(error), ...(notes.length > 0 ? { notes } : {}) }, secrets(), true);
  }
}


/** The id of the request a message answers; undefined for a request or a notification. */
function answerTo(message: JSONRPCMessage): string | number | undefined {
  return !('method' in message) && 'id' in message ? message.id : undefined;
}

/**
 * What waits for the answer of every request received: a client that closes stdin right after
 * its last call (a script, a test) still gets the answer, and a create sent is never left half told.
 */
function answersAwaited(transport: StdioServerTransport): () => Promise<void> {
  const open = new Set<string | number>();
  let settled: (() => void) | undefined;
  const received = transport.onmessage;
  transport.onmessage = (message) => {
    if ('method' in message && 'id' in message) open.add(message.id);
    received?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    const id = answerTo(message);
    if (id !== undefined && open.delete(id) && open.size === 0) settled?.();
  };
  return () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (settled = resolve)));
}

/**
 * The SDK validates with JSON Schema only what a server asks of the user through the client
 * (elicitation), which recruit never does; its default validator builds Ajv with its formats when
 * the server is made, time the first tool call waits for.
 */
const NO_CLIENT_INPUT = {
  getValidator: () => () => ({ valid: false as const, data: undefined, errorMessage: 'recruit asks the client for no input' }),
};

/**
 * What drops the server's answers to the requests the opening answered, when it reads them again,
 * and says on stderr if one is not what was sent (test/cli/mcp-opening.test.ts).
 */
export function withoutAnswered(ctx: Pick<Context, 'warn'>, transport: Pick<StdioServerTransport, 'send'>, answered: Opening['answered']): void {
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    const id = answerTo(message);
    if (id !== undefined && answered.has(id)) {
      const sent = answered.get(id);
      answered.delete(id);
      if (JSON.stringify(message) !== sent) ctx.warn(`mcp: the SDK's answer to request ${JSON.stringify(id)} is not the one sent before it loaded: ${JSON.stringify(message)}`);
      return;
    }
    return send(message);
  };
}

/** Serves the tools `offered` on stdin and stdout, reading first what the opening read. */
export async function serve(ctx: Context, offered: readonly CatalogEntry[], opening: Opening): Promise<void> {
  const names = new Set(offered.map((t) => t.listed.name));
  const tools = TOOLS.filter((t) => names.has(t.name));
  const listed = offered.map((t) => t.listed);
  // A server answers a handful of messages: zod's compiled parsers (code generated for each schema on
  // its first parse) cost more to make than they save. Set before the SDK loads: each schema reads
  // it when it is built.
  z.config({ jitless: true });
  const [{ Server }, { StdioServerTransport }, { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS, jsonSchemaValidator: NO_CLIENT_INPUT });
  const secrets = () => secretsOf(ctx);
  const schemas = new Map<string, z.ZodType>();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `this server offers no tool ${request.params.name}; tools/list gives those it offers`);
    const args = parsedArguments(tool, schemas, request.params.arguments);
    return args instanceof UsageError ? answer(failure(args), secrets(), true) : answerCall(ctx, tool, secrets, args);
  });
  // What the opening read, then the rest of stdin.
  const input = new PassThrough();
  input.write(opening.received);
  if (opening.ended) input.end();
  else {
    process.stdin.pipe(input);
    // pipe() passes on neither an error nor a close without an end: each ends the server's input.
    const end = () => input.writableEnded || input.end();
    process.stdin.once('close', end).on('error', end);
  }
  const transport = new StdioServerTransport(input, process.stdout);
  withoutAnswered(ctx, transport, opening.answered);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    input.once('end', resolve);
  });
  await server.connect(transport);
  const answered = answersAwaited(transport);
  await closed;
  await answered();
  await server.close();
}
