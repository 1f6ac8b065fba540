/**
 * The reference as a fetch handler, `(request: Request) => Promise<Response>`,
 * without a port: for MSW, undici's MockAgent or a service worker. Each
 * request reaches the same node:http server code a listening reference runs
 * (server.ts serveReference) over an in-memory connection (stream.duplexPair):
 * the same parser, handler and error answers, the same Host policy (the
 * request's own host is sent as Host). The answer is read whole before the
 * Response is made; a connection the server cuts (faults: drop, truncate)
 * rejects with TypeError('fetch failed') as fetch does, and the request's
 * signal aborts a wait (faults: stall).
 */
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { duplexPair } from 'node:stream';

export type FetchHandler = (request: Request) => Promise<Response>;

/** Statuses whose Response must have no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function fetchHandlerFor(server: Server): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    const body = Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = url.host;
    const [client, serverSide] = duplexPair();
    // The two ends of a duplexPair do not see each other close: a server that
    // cuts its end (a fault's drop or truncate, a stalled answer released) must
    // reach the client as the end of the stream a socket would give (what was
    // sent still arrives; an answer cut short is an error), or it would wait forever.
    serverSide.once('close', () => client.push(null));
    const { signal } = request;
    signal.throwIfAborted();
    const abort = () => client.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    signal.addEventListener('abort', abort);
    server.emit('connection', serverSide);
    const chunks: Buffer[] = [];
    let incoming: IncomingMessage;
    try {
      incoming = await new Promise<IncomingMessage>((resolve, reject) => {
        // No agent: one connection per request, closed after the answer.
        const outgoing = httpRequest({ method: request.method, path: url.pathname + url.search, headers, createConnection: () => client }, resolve);
        outgoing.on('error', reject);
        // node:http gives the body its Content-Length as fetch does (chunked only when the caller set Transfer-Encoding).
        outgoing.end(body);
      });
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
    } catch (cause) {
      // What fetch does: the caller's abort reason as it is, any other broken answer a TypeError.
      if (signal.aborted) throw signal.reason;
      throw new TypeError('fetch failed', { cause });
    } finally {
      signal.removeEventListener('abort', abort);
    }
    const answer = new Headers();
    for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
      const name = incoming.rawHeaders[i];
      // Connection: close belongs to the in-memory connection (one per request), not to the answer.
      if (name.toLowerCase() !== 'connection') answer.append(name, incoming.rawHeaders[i + 1]);
    }
    const status = incoming.statusCode ?? 500;
    const nullBody = NULL_BODY.has(status) || request.method === 'HEAD';
    return new Response(nullBody ? null : Buffer.concat(chunks), { status, statusText: incoming.statusMessage, headers: answer });
  };
}
