/**
 * whenDrained on a connection whose unsent output the test sets by hand: its
 * requests are handled one after another, the next only once the output is
 * under MAX_UNSENT_BYTES, and a connection whose output stops moving is closed.
 * (backpressure.test.ts shows the same on a real socket, with timings the kernel decides.)
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UNSENT_BYTES, whenDrained } from './backpressure.js';

const DRAIN_TIMEOUT_MS = 1_000;

class FakeSocket extends EventEmitter {
  writableLength = 0;
  bytesWritten = 0;
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
  /** The server writes `bytes` that the kernel does not take yet. */
  write(bytes: number): void {
    this.bytesWritten += bytes;
    this.writableLength += bytes;
  }
  /** The kernel takes `bytes` of the unsent output. */
  take(bytes: number): void {
    this.writableLength -= bytes;
    this.emit('drain');
  }
}

interface Request {
  res: EventEmitter;
  handled: () => boolean;
}

function request(socket: FakeSocket): Request {
  const res = new EventEmitter();
  let handled = false;
  whenDrained({ socket } as unknown as IncomingMessage, res as unknown as ServerResponse, DRAIN_TIMEOUT_MS, () => {
    handled = true;
  });
  return { res, handled: () => handled };
}

/** Lets the connection's chained promises run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('requests on one connection', () => {
  it('the first is handled at once, the next only once the one before has finished', async () => {
    const socket = new FakeSocket();
    const first = request(socket);
    expect(first.handled()).toBe(true);
    const second = request(socket);
    const third = request(socket);
    await settle();
    expect(second.handled()).toBe(false);
    first.res.emit('finish');
    await settle();
    expect(second.handled()).toBe(true);
    expect(third.handled()).toBe(false);
    // An answer cut short (its 'close' without 'finish') lets the next go too.
    second.res.emit('close');
    await settle();
    expect(third.handled()).toBe(true);
  });

  it('a request after the others have finished is handled at once', async () => {
    const socket = new FakeSocket();
    const first = request(socket);
    const second = request(socket);
    first.res.emit('finish');
    await settle();
    second.res.emit('finish');
    await settle();
    expect(request(socket).handled()).toBe(true);
  });

  it('each connection has its own order', () => {
    const busy = new FakeSocket();
    request(busy);
    expect(request(new FakeSocket()).handled()).toBe(true);
  });

  it('unsent output just under the bound holds nothing back; at the bound, the request waits for it to drain', async () => {
    const under = new FakeSocket();
    under.write(MAX_UNSENT_BYTES - 1);
    expect(request(under).handled()).toBe(true);

    const at = new FakeSocket();
    at.write(MAX_UNSENT_BYTES);
    const waiting = request(at);
    await settle();
    expect(waiting.handled()).toBe(false);
    // A drain that leaves it at the bound is not enough.
    at.bytesWritten++;
    at.emit('drain');
    await settle();
    expect(waiting.handled()).toBe(false);
    at.take(1);
    await settle();
    expect(waiting.handled()).toBe(true);
    expect(at.listenerCount('drain')).toBe(0);
    // Its 'close' listener from the wait is gone; the one that stops the timer stays.
    expect(at.listenerCount('close')).toBe(1);
  });

  it('the bound is one large answer: a mebibyte', () => {
    expect(MAX_UNSENT_BYTES).toBe(1024 * 1024);
  });

  it('a request after one whose answer left the output at the bound waits for it to drain', async () => {
    const socket = new FakeSocket();
    const first = request(socket);
    const second = request(socket);
    socket.write(MAX_UNSENT_BYTES + 10);
    first.res.emit('finish');
    await settle();
    expect(second.handled()).toBe(false);
    socket.take(11);
    await settle();
    expect(second.handled()).toBe(true);
  });

  it('a request waiting for the output to drain is never handled if the connection closes first', async () => {
    const socket = new FakeSocket();
    socket.write(MAX_UNSENT_BYTES);
    const waiting = request(socket);
    await settle();
    socket.destroyed = true;
    socket.emit('close');
    await settle();
    expect(waiting.handled()).toBe(false);
    expect(socket.listenerCount('drain')).toBe(0);
  });
});

describe('a connection whose output stops moving', () => {
  it('is closed once its unsent output has not moved for the drain timeout', async () => {
    const socket = new FakeSocket();
    request(socket);
    socket.write(100);
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS - 1);
    expect(socket.destroyed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.destroyed).toBe(true);
  });

  it('stays open while its output moves, and is closed one timeout after it stops', async () => {
    const socket = new FakeSocket();
    request(socket);
    socket.write(1_000);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
      socket.take(100);
      await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
      expect(socket.destroyed).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS);
    expect(socket.destroyed).toBe(true);
  });

  it('output the server adds while the kernel takes none is not movement', async () => {
    const socket = new FakeSocket();
    request(socket);
    socket.write(100);
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
    socket.write(100);
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
    expect(socket.destroyed).toBe(true);
  });

  it('output taken by the kernel before the first request counts as sent already', async () => {
    const socket = new FakeSocket();
    socket.write(300);
    socket.take(200);
    request(socket);
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS);
    expect(socket.destroyed).toBe(true);
  });

  it('bytes the kernel takes count as movement even when the server writes as many meanwhile', async () => {
    const socket = new FakeSocket();
    request(socket);
    socket.write(1_000);
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
      socket.take(100);
      socket.write(100);
      await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
      expect(socket.destroyed).toBe(false);
    }
  });

  it('is not closed while a request is worked on with nothing unsent', async () => {
    const socket = new FakeSocket();
    const slow = request(socket);
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS * 5);
    expect(socket.destroyed).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    slow.res.emit('finish');
    await settle();
    // Nothing pending and nothing unsent: the checks stop.
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect(socket.destroyed).toBe(false);
  });

  it('is closed when its last answer is stuck unsent, though no request is pending', async () => {
    const socket = new FakeSocket();
    const only = request(socket);
    socket.write(100);
    only.res.emit('finish');
    await settle();
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS);
    expect(socket.destroyed).toBe(true);
  });

  it('checks again for the next request after the checks stopped', async () => {
    const socket = new FakeSocket();
    const first = request(socket);
    first.res.emit('finish');
    await settle();
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS);
    expect(vi.getTimerCount()).toBe(0);
    request(socket);
    expect(vi.getTimerCount()).toBe(1);
    socket.write(100);
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS);
    expect(socket.destroyed).toBe(true);
  });

  it('starts one check for many requests', () => {
    const socket = new FakeSocket();
    for (let i = 0; i < 3; i++) request(socket);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('keeps its one check when a request comes after the others finished, before the check stopped', async () => {
    const socket = new FakeSocket();
    const first = request(socket);
    socket.write(100);
    first.res.emit('finish');
    await settle();
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
    request(socket);
    expect(vi.getTimerCount()).toBe(1);
    // Still closed one timeout after the output stopped moving, not one after the new request.
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS / 2);
    expect(socket.destroyed).toBe(true);
  });

  it('stops checking once the connection closes', async () => {
    const socket = new FakeSocket();
    request(socket);
    expect(vi.getTimerCount()).toBe(1);
    socket.emit('close');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops checking once the connection is destroyed, whatever is pending', async () => {
    const socket = new FakeSocket();
    request(socket);
    socket.destroyed = true;
    await vi.advanceTimersByTimeAsync(DRAIN_TIMEOUT_MS);
    expect(vi.getTimerCount()).toBe(0);
  });
});
