/**
 * Fault rules over HTTP: each kind of fault on a real socket, what changes
 * (nothing in mode before, the request in mode after), the rule named on the
 * answer, the control routes, and clients that retry.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, RetryAgent, request as undiciRequest } from 'undici';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';
import { parseCompactFault } from './compact.js';

let t: TestClient;
const auth = { authorization: `Bearer ${DEMO_KEYS.demo}`, 'content-type': 'application/json' };

beforeAll(async () => {
  t = await startTestServer({ faults: [parseCompactFault('GET /v1/posts header=X-Chaos:start status=500 id=from-start')] });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.reset({ empty: true });
  await t.request('POST', '/_control/clock', { key: null, body: { frozen: true } });
});

const addFault = async (rule: unknown) => {
  const res = await t.request('POST', '/_control/faults', { key: null, body: rule });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
};
const faults = async () => (await t.request('GET', '/_control/faults', { key: null })).body.faults as { id: string; hits: number; matched: number; remaining: number | null }[];
const postTitles = async () => ((await t.request('GET', '/v1/posts?limit=100')).body.items as { title: string }[]).map((p) => p.title);
const createPost = (title: string) => fetch(`${t.url}/v1/posts`, { method: 'POST', headers: auth, body: JSON.stringify({ title, markdown: 'x' }) });

describe('the control routes of faults', () => {
  it('declare the capability, list rules with their counters, remove one or all, and reset to the rules given at start', async () => {
    expect((await t.request('GET', '/_control', { key: null })).body.capabilities).toContain('faults');
    expect((await faults()).map((r) => r.id)).toEqual(['from-start']);
    const { id } = await addFault({ match: { method: 'GET', path: '/v1/posts' }, latencyMs: 1 });
    await t.request('GET', '/v1/posts');
    expect((await faults()).find((r) => r.id === id)).toMatchObject({ hits: 1, matched: 1, remaining: null });
    const removed = await t.request('DELETE', `/_control/faults/${id}`, { key: null });
    expect(removed.body).toMatchObject({ success: true, removed: { id } });
    expect((await t.request('DELETE', `/_control/faults/${id}`, { key: null })).status).toBe(404);
    expect((await t.request('DELETE', '/_control/faults', { key: null })).body).toEqual({ success: true, deleted: 1 });
    expect(await faults()).toEqual([]);
    await t.reset();
    expect((await faults()).map((r) => r.id)).toEqual(['from-start']);
  });

  it('answer a bad rule with 400 in the error shape and add nothing', async () => {
    const bad = await t.request('POST', '/_control/faults', { key: null, body: { action: { type: 'status', status: 404 } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, msg: expect.stringMatching(/status/) });
    const nothing = await t.request('POST', '/_control/faults', { key: null, body: { match: { path: '/v1/posts' } } });
    expect(nothing.body.msg).toMatch(/needs latencyMs, an action, or both/);
    expect((await faults()).map((r) => r.id)).toEqual(['from-start']);
  });

  it('apply the rule given at start only to the requests it matches', async () => {
    const hit = await t.request('GET', '/v1/posts', { headers: { 'X-Chaos': 'start' } });
    expect(hit.status).toBe(500);
    expect(hit.headers.get('x-reference-fault')).toBe('from-start');
    expect(hit.body.msg).toMatch(/^internal server error \(fault rule from-start of \/_control\/faults\): the request was not applied/);
    const untouched = await t.request('GET', '/v1/posts');
    expect(untouched.status).toBe(200);
    expect(untouched.headers.get('x-reference-fault')).toBeNull();
  });
});

describe('each kind of fault', () => {
  it('latency: waits real time while the clock stands still, then answers as usual with the rule named', async () => {
    await addFault({ id: 'slow', match: { path: '/v1/posts' }, latencyMs: 150 });
    const clockBefore = (await t.request('GET', '/_control/clock', { key: null })).body.now;
    const started = performance.now();
    const res = await t.request('GET', '/v1/posts');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-reference-fault')).toBe('slow');
    // CORS headers go to browser clients on other origins, as /v1's own do (app.ts, withCors).
    expect(res.headers.get('access-control-expose-headers')).toBeNull();
    const fromBrowser = await t.request('GET', '/v1/posts', { headers: { Origin: 'http://localhost:5173' } });
    expect(fromBrowser.headers.get('access-control-expose-headers')).toBe('X-Reference-Fault, Retry-After');
    expect(fromBrowser.headers.get('access-control-allow-origin')).toBe('*');
    expect((await t.request('GET', '/_control/clock', { key: null })).body.now).toBe(clockBefore);
  });

  it('status 503 (mode before): the error body, and the request is not applied', async () => {
    await addFault({ id: 'down', match: { method: 'POST', path: '/v1/posts' }, action: { type: 'status', status: 503 }, times: 1 });
    const res = await createPost('Not applied');
    expect(res.status).toBe(503);
    expect(res.headers.get('x-reference-fault')).toBe('down');
    expect(await res.json()).toEqual({ success: false, msg: expect.stringMatching(/service unavailable.*not applied/) });
    expect(await postTitles()).toEqual([]);
  });

  it('status 429: Retry-After from the rule', async () => {
    await addFault({ action: { type: 'status', status: 429, retryAfter: 7 } });
    const res = await t.request('GET', '/v1/posts');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    const fromBrowser = await t.request('GET', '/v1/posts', { headers: { Origin: 'http://localhost:5173' } });
    expect(fromBrowser.headers.get('access-control-expose-headers')).toBe('X-Reference-Fault, Retry-After');
    expect(res.body.msg).toMatch(/retry after 7 s/);
  });

  it('status 502 in mode after: the request is applied, then the answer fails', async () => {
    await addFault({ match: { method: 'POST' }, action: { type: 'status', status: 502 }, mode: 'after' });
    const res = await createPost('Applied anyway');
    expect(res.status).toBe(502);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/^bad gateway \(.*\): the request WAS applied/);
    expect(await postTitles()).toEqual(['Applied anyway']);
  });

  it('drop (mode before): the connection is reset and nothing changes', async () => {
    await addFault({ match: { method: 'POST' }, action: { type: 'drop' } });
    // A TCP reset, not a closed connection: what a client meets when a server or a proxy falls over.
    await expect(createPost('Dropped')).rejects.toMatchObject({ name: 'TypeError', cause: { code: 'ECONNRESET' } });
    expect(await postTitles()).toEqual([]);
  });

  it('stall: the headers of the real answer arrive, then nothing until the client gives up', async () => {
    await addFault({ id: 'stuck', match: { method: 'GET', path: '/v1/posts' }, action: { type: 'stall' } });
    const res = await undiciRequest(`${t.url}/v1/posts`, { headers: auth, bodyTimeout: 300 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-reference-fault']).toBe('stuck');
    await expect(res.body.text()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
  });

  it('stall: a reset cuts the stalled answers, so nothing waits on them', async () => {
    await addFault({ match: { method: 'GET', path: '/v1/posts' }, action: { type: 'stall' } });
    const res = await undiciRequest(`${t.url}/v1/posts`, { headers: auth, bodyTimeout: 20_000 });
    expect(res.statusCode).toBe(200);
    const body = res.body.text();
    const started = performance.now();
    await t.reset({ empty: true });
    await expect(body).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await faults()).toEqual([expect.objectContaining({ id: 'from-start' })]);
  });

  it('truncate: the full Content-Length is promised, half the body arrives, then the connection closes', async () => {
    await addFault({ match: { method: 'POST' }, action: { type: 'truncate' } });
    const res = await undiciRequest(`${t.url}/v1/posts`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Cut short', markdown: 'x' }) });
    expect(res.statusCode).toBe(200);
    const promised = Number(res.headers['content-length']);
    expect(promised).toBeGreaterThan(0);
    let received = 0;
    await expect(
      (async () => {
        for await (const chunk of res.body) received += (chunk as Buffer).length;
      })(),
    ).rejects.toThrow();
    expect(received).toBe(Math.floor(promised / 2));
    // truncate acts on the real answer: the post exists
    expect(await postTitles()).toEqual(['Cut short']);
  });
});

describe('clients that retry', () => {
  it("undici's RetryAgent recovers from 503 for the next 2 requests, and the post is written once", async () => {
    await addFault({ match: { method: 'POST', path: '/v1/posts' }, action: { type: 'status', status: 503 }, times: 2 });
    const agent = new RetryAgent(new Agent(), { maxRetries: 3, minTimeout: 10, maxTimeout: 50, methods: ['POST'], statusCodes: [503] });
    try {
      const res = await undiciRequest(`${t.url}/v1/posts`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Third time lucky', markdown: 'x' }), dispatcher: agent });
      expect(res.statusCode).toBe(200);
      expect(await res.body.json()).toMatchObject({ id: expect.any(String), status: 'published' });
    } finally {
      await agent.close();
    }
    expect((await faults()).find((r) => r.remaining !== null)).toMatchObject({ hits: 2, remaining: 0 });
    expect(await postTitles()).toEqual(['Third time lucky']);
  });

  it('a dropped connection after apply leaves exactly one post for a client that looks before it retries', async () => {
    await addFault({ id: 'lost-answer', match: { method: 'POST', path: '/v1/posts' }, action: { type: 'drop' }, mode: 'after', times: 1 });
    // The client's rule: after a network error a write may have happened; look for it before writing again.
    const createOnce = async (title: string): Promise<{ id: string }> => {
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          const res = await createPost(title);
          return (await res.json()) as { id: string };
        } catch {
          const existing = (await t.request('GET', '/v1/posts?limit=100')).body.items.find((p: { title: string }) => p.title === title);
          if (existing) return existing;
        }
      }
      throw new Error('no answer after 3 attempts');
    };
    const { id } = await createOnce('Exactly once');
    const listed = (await t.request('GET', '/v1/posts?limit=100')).body.items as { id: string; title: string }[];
    expect(listed.map((p) => [p.id, p.title])).toEqual([[id, 'Exactly once']]);
    expect((await faults()).find((r) => r.id === 'lost-answer')).toMatchObject({ hits: 1 });
  });

  it('a probability rule gives the same sequence of answers for the same seed, and another for another seed', async () => {
    const statuses = async (seed: number) => {
      await t.request('POST', '/_control/reset', { key: null, body: { empty: true, seed } });
      await addFault({ match: { path: '/v1/posts' }, action: { type: 'status', status: 500 }, probability: 0.5 });
      const out: number[] = [];
      for (let i = 0; i < 24; i++) out.push((await t.request('GET', '/v1/posts')).status);
      return out;
    };
    const first = await statuses(11);
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect(await statuses(11)).toEqual(first);
    expect(await statuses(12)).not.toEqual(first);
  });
});
