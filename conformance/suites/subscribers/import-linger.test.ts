/**
 * What happens to the connection of a refused upload (the reference's
 * choice in docs/spec-gaps-subscribers-emails.md): the rest is discarded
 * for up to 2 MiB or 2 s after the answer, then the connection is closed.
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
  'a client still sending an oversize upload reads the 413, and the connection closes once it has sent about 2 MiB more',
  async (ctx) => {
    const declared = 64 * MIB;
    const watched = await connect(ctx);
    const { socket } = watched;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    socket.write(requestHead(ctx, declared));
    let sent = 0;
    try {
      while (sent < declared && !socket.destroyed && watched.closedAfterMs() === undefined) {
        sent += chunk.length;
        if (!socket.write(chunk)) await drainedOrClosed(socket);
        // Paced as an upload over a network is: a loopback client that writes faster than it reads can have the
        // server's close (a reset, while it still sends) discard the answer before it was read.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await watched.closed(5_000);
    } finally {
      socket.destroy();
    }
    if (statusOf(watched.received()) !== '413') fail(`the oversize upload was answered ${JSON.stringify(watched.received().slice(0, 200))}, expected 413`);
    if (watched.closedAfterMs() === undefined || sent >= declared)
      fail(`the server read all ${declared} bytes of a refused upload instead of closing the connection`);
    // The answer comes with the headers (the declared length is over the limit): 2 MiB more, and what the sockets buffer.
    if (sent > 16 * MIB) fail(`the connection closed only after the client sent ${sent} bytes, expected about 2 MiB past the answer`);
  },
  { profile: 'robustness', needs: ['apiKey'] },
);

rule(
  ['subscribers.import.oversize-linger'],
  'a client that stops in the middle of a refused upload has its connection kept for about 2 s after the answer, then closed',
  async (ctx) => {
    const watched = await connect(ctx);
    try {
      watched.socket.write(requestHead(ctx, 20 * MIB) + 'a'.repeat(100 * 1024));
      const text = await answers(watched, 1, 5_000);
      if (statusOf(text) !== '413') fail(`the oversize upload was answered ${JSON.stringify(text.slice(0, 200))}, expected 413`);
      const answeredAt = watched.firstDataAfterMs()!;
      // The linger is 2 s; a loaded machine may be late by a little, never early. (The server's keep-alive timeout is 5 s.)
      const closedAt = await watched.closed(4_000);
      if (closedAt === undefined) fail('the connection of an unfinished, refused upload was still open 4 s after the answer, expected closed after about 2 s');
      if (closedAt - answeredAt < 1_000) fail(`the connection closed ${Math.round(closedAt - answeredAt)} ms after the answer, expected about 2 s`);
    } finally {
      watched.socket.destroy();
    }
  },
  { profile: 'robustness', needs: ['apiKey'] },
);
