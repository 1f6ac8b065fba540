/**
 * Listen: a node:http server around a Reference, with timeouts that keep slow
 * or broken clients from holding the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReference, type Reference, type ReferenceOptions } from './app.js';
import { whenDrained } from './http/backpressure.js';

export interface ServerOptions extends Omit<ReferenceOptions, 'baseUrl'> {
  port?: number;
  host?: string;
  /** Public base URL when the server is reached through another name (default: http://host:port). */
  publicUrl?: string;
  /** Shorter (or longer) timeouts than SERVER_TIMEOUTS; for tests that watch a timeout fire. */
  timeouts?: Partial<ServerTimeouts>;
}

export interface RunningServer {
  url: string;
  port: number;
  reference: Reference;
  server: Server;
  close(): Promise<void>;
}

/** Timeouts on node:http (documented in the README). */
export const SERVER_TIMEOUTS = {
  /** A client must send all its headers within this time. */
  headersTimeoutMs: 10_000,
  /** A whole request (headers and body) must arrive within this time. */
  requestTimeoutMs: 60_000,
  /** Idle keep-alive connections are closed after this time. */
  keepAliveTimeoutMs: 5_000,
  /**
   * How often node:http looks for connections past the headers and request
   * timeouts. Its default (30 s) let a slow client hold a connection up to
   * 40 s despite the 10 s headers timeout; checking every second keeps the
   * timeouts close to what they say, for a negligible cost.
   */
  connectionsCheckingIntervalMs: 1_000,
  /**
   * A connection whose answers stay unsent this long (its client stopped
   * reading) is closed; requests wait while a connection holds more than
   * http/backpressure.ts MAX_UNSENT_BYTES of unsent answers.
   */
  drainTimeoutMs: 30_000,
} as const;

export type ServerTimeouts = { -readonly [K in keyof typeof SERVER_TIMEOUTS]: number };

/** An error answer outside the app (no body is read, so the connection is not reused). */
function refuse(res: ServerResponse, status: number, msg: string): void {
  const body = JSON.stringify({ success: false, msg });
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  res.end(body);
}

/** A node:http server with the reference's timeouts and no handler yet (serveReference adds it). */
export function createHttpServer(timeouts: ServerTimeouts = SERVER_TIMEOUTS): Server {
  return createServer({
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: timeouts.connectionsCheckingIntervalMs,
    // node:http's own answer to an HTTP/1.1 request without Host is an empty 400; ours has the error body.
    requireHostHeader: false,
  });
}

/**
 * Answer `server`'s requests with `reference`, and its protocol errors in the
 * spec's error shape: the listening server and the in-process fetch handler
 * (in-process/fetch-handler.ts) both go through here.
 */
export function serveReference(server: Server, reference: Reference, drainTimeoutMs: number = SERVER_TIMEOUTS.drainTimeoutMs): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.host === undefined && req.httpVersion === '1.1') return refuse(res, 400, 'an HTTP/1.1 request must send a Host header');
    whenDrained(req, res, drainTimeoutMs, () => reference.handle(req, res));
  });
  // Without a listener node:http answers an unknown Expect with an empty 417.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
    refuse(res, 417, `Expect: ${String(req.headers.expect).slice(0, 100)} is not supported (only 100-continue is)`),
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ success: false, msg: status === 431 ? 'request headers are too large' : status === 408 ? 'request timed out' : 'malformed HTTP request' });
    socket.end(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const timeouts: ServerTimeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server = createHttpServer(timeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const displayHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = (options.publicUrl ?? `http://${displayHost}:${port}`).replace(/\/+$/, '');
  let reference: Reference;
  try {
    reference = createReference({ ...options, baseUrl: url });
  } catch (err) {
    // A state file that cannot be used: do not leave the port held.
    server.close();
    throw err;
  }
  reference.clock.enableTimers(true);
  serveReference(server, reference, timeouts.drainTimeoutMs);
  return {
    url,
    port,
    reference,
    server,
    async close() {
      // A stalled answer (faults) never ends on its own: it would hold the close forever.
      reference.faults.releaseStalled();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await reference.close();
    },
  };
}
