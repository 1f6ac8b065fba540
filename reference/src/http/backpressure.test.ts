/**
 * A client that sends many requests on one connection and never reads the
 * answers: the server answers only while that connection's unsent output is
 * small, and closes the connection once its output stops moving.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../../fixtures/keys.js';
import { startServer, type RunningServer } from '../server.js';
import { MAX_UNSENT_BYTES } from './backpressure.js';

const DRAIN_TIMEOUT_MS = 1_000;
const PAGE = '/v1/posts?limit=50';
const AUTH = `Bearer ${DEMO_KEYS.demo}`;

let running: RunningServer;

beforeAll(async () => {
  running = await startServer({ port: 0, timeouts: { drainTimeoutMs: DRAIN_TIMEOUT_MS } });
});
afterAll(() => running.close());

describe('a client that never reads its answers', () => {
  it('gets answers only while little is unsent, and its connection is closed when nothing moves', async () => {
    const pageBytes = Buffer.byteLength(await (await fetch(running.url + PAGE, { headers: { authorization: AUTH } })).text());
    // Far more than the kernel's socket buffers on both sides take (a few MB each on loopback).
    const requests = Math.ceil((200 * 1024 * 1024) / pageBytes);
    let handled = 0;
    const handle = running.reference.handle.bind(running.reference);
    running.reference.handle = (req, res) => {
      handled++;
      handle(req, res);
    };
    try {
      const socket = connect({ host: '127.0.0.1', port: running.port });
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      const closed = new Promise<number>((resolve) => {
        const opened = performance.now();
        socket.once('close', () => resolve(performance.now() - opened));
      });
      // Never read: what the server sends piles up in the kernel, then in the server.
      socket.pause();
      socket.write(`GET ${PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH}\r\n\r\n`.repeat(requests));
      // A paused socket sees the server's close only once it reads again: read after the server had time to give up.
      await new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS * 4));
      const answeredWhileUnread = handled;
      socket.resume();
      const closedAfter = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 20_000))]);
      socket.destroy();
      console.info(`${requests} requests of ${pageBytes} B sent; ${handled} answered; closed after ${Math.round(closedAfter)} ms`);
      // The server closed the connection for not draining: nothing more was answered once the client read again.
      expect(closedAfter).toBeGreaterThan(0);
      expect(handled).toBe(answeredWhileUnread);
      // Answered: what the kernel's buffers on both sides took, plus at most MAX_UNSENT_BYTES and one page; far from all.
      expect(handled * pageBytes).toBeLessThan(32 * 1024 * 1024 + MAX_UNSENT_BYTES + pageBytes);
      expect(handled).toBeLessThan(requests / 4);
    } finally {
      running.reference.handle = handle;
    }
    // The server goes on answering others.
    expect((await fetch(running.url + PAGE, { headers: { authorization: AUTH } })).status).toBe(200);
  }, 60_000);
});
