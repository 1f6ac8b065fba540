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

rule(
  ['subscribers.import.oversize-linger'],
  'a client still writing an oversize upload as fast as it can reads the 413, and the connection closes within about 2 s of the answer',
  async (ctx) => {
    // Enough to keep a client writing through the linger, or most of it.
    const declared = 1024 * MIB;
    const watched = await connect(ctx);
    const { socket } = watched;
    // A client that reads nothing until it has sent its body: the server's end of the connection does not stop it.
    socket.allowHalfOpen = true;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    socket.write(requestHead(ctx, declared));
    let sent = 0;
    try {
      while (sent < declared && socket.writable && watched.closedAfterMs() === undefined) {
        sent += chunk.length;
        if (!socket.write(chunk)) await drainedOrClosed(socket);
      }
      await watched.closed(6_000);
    } finally {
      socket.destroy();
    }
    if (statusOf(watched.received()) !== '413') fail(`the oversize upload was answered ${JSON.stringify(watched.received().slice(0, 200))}, expected 413`);
    const answeredAt = watched.firstDataAfterMs()!;
    const closedAt = watched.closedAfterMs();
    // The linger is 2 s; a loaded machine may be late by a little. (The server's keep-alive timeout is 5 s.)
    if (closedAt === undefined) fail('the connection of a refused upload was still open long after the answer, expected closed within about 2 s');
    if (closedAt - answeredAt > 4_000) fail(`the connection of a refused upload closed ${Math.round(closedAt - answeredAt)} ms after the answer, expected within about 2 s`);
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
