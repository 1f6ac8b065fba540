/**
 * The reference as a fetch handler, `(request: Request) => Promise<Response>`,
 * without a port: for MSW, undici's MockAgent or a service worker. Each
 * request reaches the same node:http server code a listening reference runs
 * (server.ts serveReference) over an in-memory connection (stream.duplexPair):
 * the same parser, handler and error answers, the same Host policy (the
 * request's own host is sent as Host).
 */
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { duplexPair } from 'node:stream';

export type FetchHandler = (request: Request) => Promise<Response>;

/** Headers of the in-memory connection, not of the answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** Statuses whose Response must have no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function fetchHandlerFor(server: Server): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = url.host;
    if (body) headers['content-length'] = String(body.length);
    delete headers['transfer-encoding'];
    const [client, serverSide] = duplexPair();
    server.emit('connection', serverSide);
    const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
      // No agent: one connection per request, closed after the answer.
      const outgoing = httpRequest({ method: request.method, path: url.pathname + url.search, headers, createConnection: () => client }, resolve);
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const answer = new Headers();
    for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
      const name = incoming.rawHeaders[i];
      if (!HOP_BY_HOP.has(name.toLowerCase())) answer.append(name, incoming.rawHeaders[i + 1]);
    }
    const status = incoming.statusCode ?? 500;
    const nullBody = NULL_BODY.has(status) || request.method === 'HEAD';
    return new Response(nullBody ? null : Buffer.concat(chunks), { status, statusText: incoming.statusMessage, headers: answer });
  };
}
