/**
 * Slow and broken clients over raw sockets: headers sent a byte a second, a
 * body that stops after 10 of its 1000 bytes, hundreds of idle connections.
 * None of them may keep the server from answering a normal request within a
 * second. Nothing here can write: no request ever completes.
 */
import type { Socket } from 'node:net';
import { rule } from '../../src/authoring/index.js';
import { expectPromptAnswers, readablePostPath } from './prompt.js';
import { addressOf, dribble, openSocket } from './raw-http.js';

const SLOW_CLIENTS = 10;
const STALLED_CLIENTS = 20;
const IDLE_CONNECTIONS = 500;

/** Opens `count` sockets, `batch` at a time (a burst of 500 connects can overflow a listen backlog). */
async function openMany(baseUrl: string, count: number, batch = 50): Promise<Socket[]> {
  const address = addressOf(baseUrl);
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => openSocket(address)));
    for (const socket of opened) socket.on('error', () => {});
    sockets.push(...opened);
  }
  return sockets;
}

rule(
  'robustness.clients.slow-headers',
  'clients sending their headers one byte per second do not delay a normal request',
  async (ctx) => {
    const path = await readablePostPath(ctx);
    const { authority } = addressOf(ctx.target.url);
    const sockets = await openMany(ctx.target.url, SLOW_CLIENTS);
    const head = `GET ${path} HTTP/1.1\r\nHost: ${authority}\r\nX-Robustness-Slow: ${'a'.repeat(100)}\r\n\r\n`;
    const dribbles = sockets.map((socket) => dribble(socket, head, 1_000));
    try {
      await expectPromptAnswers(ctx, path, 2_500, `${SLOW_CLIENTS} clients send their headers one byte per second`);
    } finally {
      for (const d of dribbles) d.stop();
      for (const socket of sockets) socket.destroy();
    }
  },
  { needs: ['apiKey'] },
);

rule(
  'robustness.clients.stalled-body',
  'clients that stop in the middle of their body do not delay a normal request',
  async (ctx) => {
    const path = await readablePostPath(ctx);
    const { authority } = addressOf(ctx.target.url);
    const key = ctx.keys.a ?? '';
    // Bodies that could never be accepted once complete anyway: what arrives is 10 bytes of a 1000-byte promise.
    const stalled = [
      { method: 'POST', path: '/v1/posts', type: 'application/json', start: '{"title":"' },
      { method: 'PUT', path, type: 'application/json', start: '{"title":"' },
      { method: 'POST', path: '/v1/subscribers', type: 'application/json', start: '{"email":"' },
      { method: 'POST', path: '/v1/subscribers/import', type: 'multipart/form-data; boundary=robustness', start: '--robustne' },
    ];
    const sockets = await openMany(ctx.target.url, STALLED_CLIENTS);
    sockets.forEach((socket, i) => {
      const request = stalled[i % stalled.length]!;
      socket.write(
        `${request.method} ${request.path} HTTP/1.1\r\nHost: ${authority}\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: ${request.type}\r\nContent-Length: 1000\r\n\r\n${request.start}`,
      );
    });
    try {
      await expectPromptAnswers(ctx, path, 2_000, `${STALLED_CLIENTS} clients stall after 10 bytes of a 1000-byte body`);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  },
  { needs: ['apiKey'] },
);

rule(
  'robustness.clients.idle-connections',
  `${IDLE_CONNECTIONS} idle open connections do not delay a normal request`,
  async (ctx) => {
    const path = await readablePostPath(ctx);
    const sockets = await openMany(ctx.target.url, IDLE_CONNECTIONS);
    try {
      await expectPromptAnswers(ctx, path, 1_500, `${IDLE_CONNECTIONS} connections sit idle`);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  },
  { needs: ['apiKey'] },
);
