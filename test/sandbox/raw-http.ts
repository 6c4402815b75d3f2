// Raw HTTP over a TCP socket, for requests no HTTP client will send (unknown methods, oversized
// headers, broken syntax). Reads until the server closes the connection.
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `data` and resolves with everything the server sent before it closed the connection. */
export function exchange(origin: string, data: string | Buffer, timeoutMs = 5_000): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms; received ${JSON.stringify(received.slice(0, 300))}`));
    }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${(error as NodeJS.ErrnoException).code ?? error.message} after receiving ${JSON.stringify(received.slice(0, 300))}`));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(data);
  });
}

/** The responses in what a server sent, each read by its Content-Length. */
export function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) throw new Error(`not an HTTP response: ${JSON.stringify(rest.slice(0, 300))}`);
    const [statusLine = '', ...headerLines] = rest.slice(0, end).split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length)) throw new Error(`no content-length in ${JSON.stringify(rest.slice(0, end))}`);
    // The text is read as latin1, one character per byte, so Content-Length counts characters here.
    const body = Buffer.from(rest.slice(end + 4, end + 4 + length), 'latin1').toString('utf8');
    responses.push({ status, headers, body });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

/** Sends `data` and expects exactly one response. */
export async function rawRequest(origin: string, data: string | Buffer): Promise<RawResponse> {
  const responses = parseResponses(await exchange(origin, data));
  if (responses.length !== 1) throw new Error(`expected one response, got ${responses.length}`);
  return responses[0]!;
}
