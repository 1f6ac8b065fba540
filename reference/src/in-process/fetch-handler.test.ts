/**
 * The fetch handler as a client meets it: a request reaches the server as
 * fetch would send it over the network, and the answer is the server's,
 * without the in-memory connection's own headers.
 */
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReference, type ReferenceInstance } from '../index.js';

let reference: ReferenceInstance;

beforeAll(async () => {
  reference = await startReference({ port: false, analytics: 'off', fixtures: 'empty' });
});
afterAll(() => reference?.close());
beforeEach(async () => {
  await reference.reset({ empty: true });
  await reference.faults.clear();
});

const request = (method: string, path: string, init: { body?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}) =>
  reference.fetch(
    new Request(`http://api.test${path}`, {
      method,
      body: init.body,
      signal: init.signal,
      headers: { Authorization: `Bearer ${reference.keys.demo}`, 'Content-Type': 'application/json', ...init.headers },
    }),
  );

describe('a request through the fetch handler', () => {
  it('carries a Content-Length with its body and none without, as fetch sends them', async () => {
    // A rule that answers 503 to any request with a Content-Length header shows which requests carry one.
    await reference.faults.add({ match: { header: { name: 'content-length' } }, action: { type: 'status', status: 503 } });
    expect((await request('POST', '/v1/posts', { body: JSON.stringify({ title: 'With a body', markdown: 'x' }) })).status).toBe(503);
    expect((await request('GET', '/v1/posts')).status).toBe(200);
  });

  it('is read by its Content-Length even when the caller set Transfer-Encoding', async () => {
    const res = await request('POST', '/v1/posts', { body: '{}', headers: { 'Transfer-Encoding': 'chunked' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, msg: 'title is required' });
  });

  it('answers without the in-memory connection\'s Connection header, and a HEAD with no body at all', async () => {
    const res = await request('GET', '/v1/publications/slug/demo');
    expect(res.headers.get('connection')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const head = await request('HEAD', '/v1/publications/slug/demo');
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('rejects as fetch does when the connection is cut: TypeError "fetch failed" with the cause', async () => {
    await reference.faults.add({ match: { method: 'POST' }, action: { type: 'drop' } });
    const failed = request('POST', '/v1/posts', { body: JSON.stringify({ title: 'Dropped', markdown: 'x' }) });
    await expect(failed).rejects.toBeInstanceOf(TypeError);
    await expect(failed).rejects.toMatchObject({ message: 'fetch failed', cause: expect.any(Error) });
  });

  it("leaves no listener on the request's signal once answered", async () => {
    const sent = new Request('http://api.test/v1/posts', { headers: { Authorization: `Bearer ${reference.keys.demo}` }, signal: new AbortController().signal });
    expect((await reference.fetch(sent)).status).toBe(200);
    expect(getEventListeners(sent.signal, 'abort')).toEqual([]);
  });
});
