// Requests that Node's HTTP parser refuses before the sandbox sees them (a method it does not know,
// a header block over its limit, malformed syntax), and CONNECT, which Node hands over as a bare
// socket: each gets the sandbox's JSON error, not an empty answer, and the connection is closed.
import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpError } from './http-error.js';
import { findRoute, parseTarget } from './route-table.js';

/** How long a refused connection may go on sending what it had started before it is cut. */
const DRAIN_MS = 2_000;

interface ParserError extends NodeJS.ErrnoException {
  rawPacket?: Buffer;
  bytesParsed?: number;
}

export function answerRefusedRequests(server: Server, nextRequestId: () => string): void {
  // The parser reports its error again for every later chunk of the connection: answer once.
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const answer = refusal(error);
    // The requests before the refused one on this connection (pipelined) are answered first.
    const whenIdle = () => {
      const inFlight = respondingOn(socket);
      if (inFlight) inFlight.once('finish', whenIdle);
      else if (socket.writable) close(socket, answer, nextRequestId());
      else socket.destroy();
    };
    whenIdle();
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    close(socket, routeRefusal(req.method ?? 'CONNECT', req.url ?? ''), nextRequestId());
  });
}

/**
 * The response being written on the connection, if any. `_httpMessage` is Node's own field; Node's
 * default clientError handling reads it too, for the same reason: not to write into a response.
 */
function respondingOn(socket: Duplex): ServerResponse | undefined {
  return (socket as { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

function refusal(error: ParserError): HttpError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError(431, 'headers_too_large', `The request's header block exceeds ${maxHeaderSize} bytes`);
    case 'HPE_INVALID_METHOD': {
      const line = requestLine(error);
      if (line) return routeRefusal(line.method, line.target);
      return new HttpError(400, 'bad_request', 'The request line is not valid HTTP/1.1');
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError(408, 'request_timeout', 'The request was not received in time');
    default:
      return new HttpError(400, 'bad_request', `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'})`);
  }
}

/** What the routes say about a method no route has: 405 with Allow on a known path, else 404. */
function routeRefusal(method: string, target: string): HttpError {
  try {
    findRoute(method, parseTarget(target).pathname);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  return new HttpError(400, 'bad_request', `${method} cannot be served`);
}

const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/\d\.\d\r?$/;

/** The request line the parser stopped in: the line of the chunk where the error was found. */
function requestLine(error: ParserError): { method: string; target: string } | undefined {
  const packet = error.rawPacket;
  if (!packet) return undefined;
  const at = Math.min(error.bytesParsed ?? 0, packet.length);
  const start = at > 0 ? packet.lastIndexOf(0x0a, at - 1) + 1 : 0;
  const end = packet.indexOf(0x0a, start);
  const m = REQUEST_LINE.exec(packet.toString('latin1', start, end === -1 ? packet.length : end));
  return m ? { method: m[1]!, target: m[2]! } : undefined;
}

function close(socket: Duplex, error: HttpError, requestId: string): void {
  const body = JSON.stringify(error.toBody());
  const head = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    ...Object.entries(error.headers).map(([name, value]) => `${name}: ${value}`),
    'connection: close',
  ];
  // end(), not destroy(): the client may still be sending, and closing a socket with unread data
  // makes the kernel reset the connection, losing the answer.
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.resume(); // what still arrives is read and dropped
  const timer = setTimeout(() => socket.destroy(), DRAIN_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
