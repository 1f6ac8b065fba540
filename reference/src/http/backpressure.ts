/**
 * What a connection may hold in answers its client has not read.
 *
 * Node's http server answers every request pipelined on a connection as it
 * arrives and holds each answer until the ones before it are sent, so a
 * client that sends many requests and never reads could pin gigabytes. Here
 * a connection's requests are handled one after another: the next only once
 * the answer before it is handed to the socket and the socket's unsent
 * output is under MAX_UNSENT_BYTES (a waiting request is a few hundred bytes). A connection whose unsent output
 * does not move for drainTimeoutMs (its client stopped reading) is closed,
 * which frees it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Unsent output a connection may hold before its next request waits: one large answer fits. */
export const MAX_UNSENT_BYTES = 1024 * 1024;

interface Watch {
  /** The connection's requests, chained: each starts when the one before has finished and the output drained. */
  queue: Promise<void>;
  /** Requests started or waiting, not finished. */
  pending: number;
  timer: NodeJS.Timeout | null;
  sentAtCheck: number;
}

const watches = new WeakMap<Socket, Watch>();

/** Bytes the kernel has taken (bytesWritten counts what is still buffered too). */
const sent = (socket: Socket) => (socket.bytesWritten ?? 0) - socket.writableLength;

/** Calls `handle` once the connection can take another answer. */
export function whenDrained(req: IncomingMessage, res: ServerResponse, drainTimeoutMs: number, handle: () => void): void {
  const socket = req.socket;
  let watch = watches.get(socket);
  if (!watch) {
    const created: Watch = { queue: Promise.resolve(), pending: 0, timer: null, sentAtCheck: 0 };
    socket.once('close', () => clearTimeout(created.timer ?? undefined));
    watches.set(socket, (watch = created));
  }
  const w = watch;
  // 'finish': the answer's last bytes were taken by the kernel.
  const finished = new Promise<void>((resolve) => {
    res.once('finish', resolve);
    res.once('close', resolve);
  });
  const run = () => {
    handle();
    return finished;
  };
  const done = () => void w.pending--;
  const idle = w.pending === 0 && socket.writableLength < MAX_UNSENT_BYTES;
  if (w.pending++ === 0) guard(socket, w, drainTimeoutMs);
  w.queue = idle ? run().then(done) : w.queue.then(() => drained(socket)).then(run).then(done, () => undefined);
}

/** Resolves when the unsent output is under the bound; rejects if the connection closes first. */
function drained(socket: Socket): Promise<void> {
  if (socket.writableLength < MAX_UNSENT_BYTES) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!socket.destroyed && socket.writableLength >= MAX_UNSENT_BYTES) return;
      socket.off('drain', check);
      socket.off('close', check);
      if (socket.destroyed) reject(new Error('connection closed'));
      else resolve();
    };
    socket.on('drain', check);
    socket.on('close', check);
  });
}

/**
 * While the connection has requests, check every drainTimeoutMs that its
 * unsent output, if any, moved; close the connection if it did not. A request
 * still being worked on (nothing unsent) is never cut short.
 */
function guard(socket: Socket, watch: Watch, drainTimeoutMs: number): void {
  if (watch.timer !== null) return;
  watch.sentAtCheck = sent(socket);
  const check = () => {
    watch.timer = null;
    if (socket.destroyed || (watch.pending === 0 && socket.writableLength === 0)) return;
    if (socket.writableLength > 0 && sent(socket) === watch.sentAtCheck) return void socket.destroy();
    watch.sentAtCheck = sent(socket);
    watch.timer = setTimeout(check, drainTimeoutMs).unref();
  };
  watch.timer = setTimeout(check, drainTimeoutMs).unref();
}
