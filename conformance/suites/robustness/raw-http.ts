/**
 * Raw sockets for what no HTTP client will do: send headers one byte a
 * second, stop in the middle of a body, sit idle, or put bytes on the wire
 * that are not HTTP. Plain TCP for http targets, TLS for https ones.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface Address {
  host: string;
  port: number;
  tls: boolean;
  /** The Host header value. */
  authority: string;
}

export function addressOf(baseUrl: string): Address {
  const url = new URL(baseUrl);
  const tls = url.protocol === 'https:';
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (tls ? 443 : 80)), tls, authority: url.host };
}

/** A connected socket (rejects if it cannot connect within `timeoutMs`). */
export function openSocket(address: Address, timeoutMs = 5_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket: Socket = address.tls
      ? connectTls({ host: address.host, port: address.port, servername: address.host })
      : connectTcp({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`could not connect to ${address.authority} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once(address.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Watches a socket: when the server closed it (ms after the watch began) and what it sent meanwhile. */
export interface Watched {
  socket: Socket;
  closedAfterMs(): number | undefined;
  /** When the first bytes from the server arrived (ms after the watch began). */
  firstDataAfterMs(): number | undefined;
  received(): string;
  /** Resolves when the server closes the socket, or with undefined after `timeoutMs`. */
  closed(timeoutMs: number): Promise<number | undefined>;
}

export function watch(socket: Socket): Watched {
  const started = performance.now();
  let closedAt: number | undefined;
  let firstDataAt: number | undefined;
  const chunks: Buffer[] = [];
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk: Buffer) => {
    firstDataAt ??= performance.now() - started;
    chunks.push(chunk);
  });
  // Errors (a reset by the server) count as a close; they must not become uncaught exceptions.
  socket.on('error', () => {});
  socket.once('close', () => {
    closedAt = performance.now() - started;
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    socket,
    closedAfterMs: () => closedAt,
    firstDataAfterMs: () => firstDataAt,
    received: () => Buffer.concat(chunks).toString('latin1'),
    closed(timeoutMs) {
      if (closedAt !== undefined) return Promise.resolve(closedAt);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(closedAt);
        });
      });
    },
  };
}

/** Sends bytes on a fresh connection and reads until the server closes it (or `timeoutMs`): the status, if any came. */
export async function rawExchange(address: Address, bytes: Buffer, timeoutMs: number): Promise<{ status?: number; text: string; closed: boolean }> {
  const watched = watch(await openSocket(address));
  // Half-close after the bytes: a server waiting for the rest of a request learns there is none.
  watched.socket.end(bytes);
  const closedAfter = await watched.closed(timeoutMs);
  watched.socket.destroy();
  const text = watched.received();
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
  return { status: status === undefined ? undefined : Number(status), text, closed: closedAfter !== undefined };
}

/** Writes `text` one byte every `intervalMs` until it is all sent or `stop()` is called. */
export function dribble(socket: Socket, text: string, intervalMs: number): { stop(): void } {
  let index = 0;
  const timer = setInterval(() => {
    if (index >= text.length || socket.destroyed) return clearInterval(timer);
    socket.write(text[index++]!);
  }, intervalMs);
  return { stop: () => clearInterval(timer) };
}
