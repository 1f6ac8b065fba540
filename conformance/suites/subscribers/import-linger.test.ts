/**
 * What happens to the connection of a refused upload (the reference's
 * choice in docs/spec-gaps-subscribers-emails.md): once the answer is out
 * the server ends the connection (FIN), discards what still arrives, and
 * closes it when the client does or 2 s after the answer.
 * Over raw sockets, since an HTTP client hides when and why a connection
 * closes.
 */
import type { Socket } from 'node:net';
import { fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { addressOf, openSocket, watch, type Watched } from '../robustness/raw-http.js';

const MIB = 1024 * 1024;
const BOUNDARY = 'import-linger-boundary';

function requestHead(ctx: RuleContext, contentLength: number): string {
  const { authority } = addressOf(ctx.target.url);
  return (
    `POST /v1/subscribers/import HTTP/1.1\r\nHost: ${authority}\r\nAuthorization: Bearer ${ctx.keys.a ?? ''}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${contentLength}\r\n\r\n`
  );
}

async function connect(ctx: RuleContext): Promise<Watched> {
  return watch(await openSocket(addressOf(ctx.target.url)));
}

/** Resolves when `count` answers have begun arriving (by their status lines), or fails after `timeoutMs`. */
async function answers(watched: Watched, count: number, timeoutMs: number): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const text = watched.received();
    if ((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= count) return text;
    if (performance.now() > deadline || watched.closedAfterMs() !== undefined)
      fail(`${count} answer(s) expected on the connection, it received ${JSON.stringify(text.slice(0, 300))}${watched.closedAfterMs() === undefined ? '' : ' before it closed'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves when the socket can take more, or has closed (a reset by the server is a close here). */
function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

const statusOf = (text: string) => /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];

/**
 * Writes an oversize upload, `pauseMs` between chunks (0: as fast as the
 * socket takes them), until the server closes the connection, the declared
 * length is sent or 8 s have passed; a client that sent it all then ends its side, as one that
 * read its answer does. Never stopped by the server's end of the connection
 * alone: a client that reads nothing until it has sent its body would not be.
 */
async function upload(ctx: RuleContext, pauseMs: number): Promise<{ watched: Watched; sent: number }> {
  // Enough to keep a paced client writing past the linger.
  const declared = 1024 * MIB;
  const watched = await connect(ctx);
  const { socket } = watched;
  socket.allowHalfOpen = true;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  socket.write(requestHead(ctx, declared));
  let sent = 0;
  // A server that never closes is found out well within the suite's time limit.
  const giveUpAt = performance.now() + 8_000;
  try {
    while (sent < declared && watched.closedAfterMs() === undefined && performance.now() < giveUpAt) {
      sent += chunk.length;
      if (!socket.write(chunk)) await drainedOrClosed(socket);
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    if (sent >= declared) socket.end();
    await watched.closed(6_000);
  } finally {
    socket.destroy();
  }
  if (statusOf(watched.received()) !== '413') fail(`the oversize upload was answered ${JSON.stringify(watched.received().slice(0, 200))}, expected 413`);
  return { watched, sent };
}

rule(
  ['subscribers.import.oversize-linger'],
  'a client writing an oversize upload as fast as it can reads the 413',
  async (ctx) => {
    await upload(ctx, 0);
  },
  { profile: 'robustness', needs: ['apiKey'] },
);

rule(
  ['subscribers.import.oversize-linger'],
  'a client that goes on writing a refused upload has its connection closed about 2 s after the answer',
  async (ctx) => {
    // 64 KiB every 20 ms: a steady upload that lasts far longer than the linger.
    const { watched, sent } = await upload(ctx, 20);
    const answeredAt = watched.firstDataAfterMs()!;
    const closedAt = watched.closedAfterMs();
    if (closedAt === undefined) fail(`the connection of a refused upload was still open 8 s after the client began (it sent ${sent} bytes); expected closed about 2 s after the answer`);
    // The linger is 2 s; a loaded machine may be late by a little. (The server's keep-alive timeout is 5 s.)
    if (closedAt - answeredAt > 4_000) fail(`the connection of a refused upload closed ${Math.round(closedAt - answeredAt)} ms after the answer, expected about 2 s`);
    if (closedAt - answeredAt < 1_000) fail(`the connection of a refused upload closed ${Math.round(closedAt - answeredAt)} ms after the answer, before the client could read it; expected about 2 s`);
  },
  { profile: 'robustness', needs: ['apiKey'] },
);

rule(
  ['subscribers.import.oversize-linger'],
  'a client that stops in the middle of a refused upload sees the server end the connection right after the answer',
  async (ctx) => {
    const watched = await connect(ctx);
    let endedAt: number | undefined;
    watched.socket.once('end', () => (endedAt = performance.now()));
    try {
      watched.socket.write(requestHead(ctx, 20 * MIB) + 'a'.repeat(100 * 1024));
      const text = await answers(watched, 1, 5_000);
      const answeredAt = performance.now();
      if (statusOf(text) !== '413') fail(`the oversize upload was answered ${JSON.stringify(text.slice(0, 200))}, expected 413`);
      await watched.closed(4_000);
      if (endedAt === undefined)
        fail('the server did not end the connection of a refused upload (no FIN) within 4 s of the answer, expected it to end it once the answer was out');
      if (endedAt - answeredAt > 1_000) fail(`the server ended the connection ${Math.round(endedAt - answeredAt)} ms after the answer, expected right after it`);
    } finally {
      watched.socket.destroy();
    }
  },
  { profile: 'robustness', needs: ['apiKey'] },
);
