/**
 * The server's timeouts, with short values passed as options so each fires
 * within a second: headers that dribble, a body that stalls, an idle
 * keep-alive connection. Each misbehaving connection is closed by the
 * server, and a normal request is answered meanwhile.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_KEYS } from '../../fixtures/keys.js';
import { SERVER_TIMEOUTS, startServer, type RunningServer } from './server.js';

const TIMEOUTS = { headersTimeoutMs: 600, requestTimeoutMs: 1_200, keepAliveTimeoutMs: 400, connectionsCheckingIntervalMs: 100 };

let started: Promise<RunningServer> | undefined;
/**
 * Started by the first test that needs it rather than in a hook: a start that
 * throws then fails a test (the mutation unit pass reads a failed hook as no
 * failure), and the start is reached by that test's coverage alone.
 */
const server = (): Promise<RunningServer> => (started ??= startServer({ port: 0, timeouts: TIMEOUTS }));
afterAll(async () => {
  await (await started)?.close();
});

interface Opened {
  socket: Socket;
  received(): string;
  /** ms from opening until the server closed the connection (rejects after `limitMs`). */
  closed(limitMs: number): Promise<number>;
}

async function open(): Promise<Opened> {
  const running = await server();
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ host: '127.0.0.1', port: running.port });
    const chunks: Buffer[] = [];
    let closedAfter: number | undefined;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    const closing = new Promise<number>((done) => socket.once('close', () => done((closedAfter = performance.now() - started))));
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => Buffer.concat(chunks).toString('latin1'),
        closed: (limitMs) =>
          Promise.race([
            closing,
            new Promise<number>((_, fail) => setTimeout(() => fail(new Error(`still open after ${limitMs} ms`)), limitMs)),
          ]).finally(() => closedAfter ?? socket.destroy()),
      }),
    );
    socket.once('error', reject);
  });
}

describe('server timeouts', () => {
  it('defaults to the documented values', () => {
    expect(SERVER_TIMEOUTS).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 });
  });

  it('closes a connection whose headers do not arrive within the headers timeout, answering 408', async () => {
    const client = await open();
    const head = `GET /v1/posts/feed HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(100)}\r\n\r\n`;
    let sent = 0;
    const dribble = setInterval(() => client.socket.writable && client.socket.write(head[sent++] ?? ''), 50);
    try {
      const after = await client.closed(3_000);
      expect(after).toBeGreaterThanOrEqual(TIMEOUTS.headersTimeoutMs - 50);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(dribble);
    }
  });

  it('closes connections whose body stalls past the request timeout, answers others meanwhile, and logs no error', async () => {
    // A body cut off by the timeout is the client's doing: it once surfaced as a logged 500 ("Error: aborted").
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const stalled = [
        ['/v1/posts', 'application/json', '{"title":"'],
        ['/v1/subscribers/import', 'multipart/form-data; boundary=b', '--b\r\nConte'],
      ] as const;
      const clients = await Promise.all(stalled.map(() => open()));
      stalled.forEach(([path, type, start], i) =>
        clients[i]!.socket.write(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEMO_KEYS.demo}\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n${start}`,
        ),
      );
      const meanwhile = await fetch(`${(await server()).url}/v1/posts/feed`);
      expect(meanwhile.status).toBe(200);
      for (const client of clients) {
        const after = await client.closed(4_000);
        expect(after).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeoutMs - 50);
        expect(client.received()).not.toMatch(/^HTTP\/1\.1 5/);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const client = await open();
    client.socket.write('GET /v1/posts/feed HTTP/1.1\r\nHost: x\r\n\r\n');
    const after = await client.closed(3_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(after).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveTimeoutMs - 50);
    expect(after).toBeLessThan(TIMEOUTS.headersTimeoutMs + 1_000);
  });
});

describe('answers node:http would give without the error body', () => {
  async function exchange(request: string): Promise<string> {
    const client = await open();
    client.socket.end(request);
    await client.closed(3_000);
    return client.received();
  }

  it('refuses an HTTP/1.1 request without Host with 400 and the error body', async () => {
    const answer = await exchange('GET /v1/posts/feed HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ success: false, msg: 'an HTTP/1.1 request must send a Host header' });
  });

  it('still answers HTTP/1.0 without Host', async () => {
    expect(await exchange('GET /v1/posts/feed HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('refuses an unknown Expect with 417 and the error body', async () => {
    const answer = await exchange('POST /v1/posts HTTP/1.1\r\nHost: x\r\nExpect: nonsense\r\nContent-Length: 2\r\n\r\n{}');
    expect(answer).toMatch(/^HTTP\/1\.1 417 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ success: false });
  });
});
