/**
 * Fault rules through the in-process API: the typed `faults` methods (the
 * control route's schema and answers), each kind of fault as a client of the
 * fetch handler meets it, and the evidence: a retrying client
 * recovers from "503 for the next 2 requests", a connection dropped after
 * apply leaves one post when the client retries with the same content, and a
 * probability rule replays with its seed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, RetryAgent, request as undiciRequest } from 'undici';
import { ControlError, startReference, type ReferenceInstance } from '../index.js';

let reference: ReferenceInstance;

beforeAll(async () => {
  reference = await startReference({ analytics: 'off', fixtures: 'empty' });
});
afterAll(() => reference?.close());
beforeEach(async () => {
  await reference.reset({ empty: true });
  await reference.clock.freeze();
});

const send = (method: string, path: string, body?: unknown, signal?: AbortSignal) =>
  reference.fetch(
    new Request(reference.url + path, {
      method,
      headers: { Authorization: `Bearer ${reference.keys.demo}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }),
  );
const postTitles = async () => (((await (await send('GET', '/v1/posts?limit=100')).json()) as { items: { title: string }[] }).items).map((p) => p.title);

describe('the typed faults methods', () => {
  it('add, list with counters, remove one and clear all, as the control route does', async () => {
    const added = await reference.faults.add({ match: { method: 'GET', path: '/v1/posts*' }, latencyMs: { min: 1, max: 3 } });
    expect(added).toMatchObject({ id: 'f1', action: null, mode: null, matched: 0, hits: 0, remaining: null });
    const named = await reference.faults.add({ id: 'down', match: { method: 'POST' }, action: { type: 'status', status: 503 }, times: 2 });
    expect(named).toMatchObject({ id: 'down', mode: 'before', remaining: 2 });
    await send('GET', '/v1/posts');
    expect(await reference.faults.list()).toEqual([
      expect.objectContaining({ id: 'f1', matched: 1, hits: 1 }),
      expect.objectContaining({ id: 'down', matched: 0, hits: 0, remaining: 2 }),
    ]);
    expect(await reference.faults.remove('f1')).toMatchObject({ id: 'f1', hits: 1 });
    expect((await reference.faults.list()).map((r) => r.id)).toEqual(['down']);
    expect(await reference.faults.clear()).toBe(1);
    expect(await reference.faults.list()).toEqual([]);
  });

  it('refuse a bad rule with the route\'s 400 and message, and add nothing', async () => {
    // A rule a type-checked caller cannot write, from untyped code.
    const badStatus = { action: { type: 'status', status: 404 } } as unknown as Parameters<typeof reference.faults.add>[0];
    await expect(reference.faults.add(badStatus)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/status/) });
    await expect(reference.faults.add({ match: { path: '/v1/posts' } })).rejects.toThrow(/needs latencyMs, an action, or both/);
    await expect(reference.faults.add({ action: { type: 'stall' }, mode: 'before' })).rejects.toBeInstanceOf(ControlError);
    await reference.faults.add({ id: 'once', latencyMs: 1 });
    await expect(reference.faults.add({ id: 'once', latencyMs: 1 })).rejects.toMatchObject({ status: 409 });
    await expect(reference.faults.remove('never-added')).rejects.toMatchObject({ status: 404 });
    expect((await reference.faults.list()).map((r) => r.id)).toEqual(['once']);
  });
});

describe('each kind of fault, through the fetch handler', () => {
  it('latency: real time while the clock stands still, and the rule named on the answer', async () => {
    await reference.faults.add({ id: 'slow', match: { path: '/v1/posts' }, latencyMs: 120 });
    const before = (await reference.clock.get()).now;
    const started = performance.now();
    const res = await send('GET', '/v1/posts');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-reference-fault')).toBe('slow');
    expect((await reference.clock.get()).now).toBe(before);
  });

  it('status 429 in mode before: Retry-After, the error body, and nothing applied', async () => {
    await reference.faults.add({ id: 'busy', match: { method: 'POST' }, action: { type: 'status', status: 429, retryAfter: 3 } });
    const res = await send('POST', '/v1/posts', { title: 'Not applied', markdown: 'x' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ success: false, msg: expect.stringMatching(/not applied/) });
    expect(await postTitles()).toEqual([]);
  });

  it('drop in mode before: fetch rejects as on a network error, and nothing is applied', async () => {
    await reference.faults.add({ match: { method: 'POST' }, action: { type: 'drop' } });
    await expect(send('POST', '/v1/posts', { title: 'Dropped', markdown: 'x' })).rejects.toThrow(TypeError);
    expect(await postTitles()).toEqual([]);
  });

  it("stall: the answer never comes, and the client's own timeout ends the wait", async () => {
    await reference.faults.add({ match: { method: 'GET', path: '/v1/posts' }, action: { type: 'stall' } });
    await expect(send('GET', '/v1/posts', undefined, AbortSignal.timeout(150))).rejects.toMatchObject({ name: 'TimeoutError' });
    // A reset cuts stalled answers: a client without a timeout is released too.
    const waiting = send('GET', '/v1/posts');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await reference.faults.clear();
    await expect(waiting).rejects.toThrow(TypeError);
  });

  it('truncate: the answer is cut short (fetch rejects), though the post was written', async () => {
    await reference.faults.add({ match: { method: 'POST' }, action: { type: 'truncate' } });
    await expect(send('POST', '/v1/posts', { title: 'Cut short', markdown: 'x' })).rejects.toThrow(TypeError);
    expect(await postTitles()).toEqual(['Cut short']);
  });
});

describe('clients that retry, against the in-process reference', () => {
  it("undici's RetryAgent recovers from 503 for the next 2 requests, and the post is written once", async () => {
    await reference.faults.add({ id: 'down-twice', match: { method: 'POST', path: '/v1/posts' }, action: { type: 'status', status: 503 }, times: 2 });
    const agent = new RetryAgent(new Agent(), { maxRetries: 3, minTimeout: 10, maxTimeout: 50, methods: ['POST'], statusCodes: [503] });
    try {
      const res = await undiciRequest(`${reference.url}/v1/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${reference.keys.demo}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Third time lucky', markdown: 'x' }),
        dispatcher: agent,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-reference-fault']).toBeUndefined();
      await res.body.dump();
    } finally {
      await agent.close();
    }
    expect((await reference.faults.list())[0]).toMatchObject({ id: 'down-twice', hits: 2, remaining: 0 });
    expect(await postTitles()).toEqual(['Third time lucky']);
  });

  it('a client retrying through the fetch handler on 503 gets through on its third attempt', async () => {
    await reference.faults.add({ match: { method: 'GET', path: '/v1/posts' }, action: { type: 'status', status: 503 }, times: 2 });
    const statuses: number[] = [];
    let res: Response;
    do {
      res = await send('GET', '/v1/posts');
      statuses.push(res.status);
    } while (res.status === 503 && statuses.length < 5);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('a connection dropped after apply leaves exactly one post when the client retries with the same content', async () => {
    await reference.faults.add({ id: 'lost-answer', match: { method: 'POST', path: '/v1/posts' }, action: { type: 'drop' }, mode: 'after', times: 1 });
    // The same content on every attempt, its slug included: a retry of a write that landed
    // is refused (the slug is taken), and the client reads the post it wrote.
    const content = { title: 'Exactly once', markdown: 'x', slug: 'exactly-once' };
    const attempts: string[] = [];
    let id: string | undefined;
    while (id === undefined && attempts.length < 3) {
      try {
        const res = await send('POST', '/v1/posts', content);
        attempts.push(String(res.status));
        const body = (await res.json()) as { id?: string; msg?: string };
        if (res.ok) id = body.id;
        else if (res.status === 400 && /already used/.test(body.msg ?? '')) {
          const existing = await reference.fetch(new Request(`${reference.url}/v1/publications/slug/demo/posts/slug/${content.slug}`));
          id = ((await existing.json()) as { id: string }).id;
        }
      } catch (err) {
        attempts.push((err as Error).name);
      }
    }
    expect(attempts).toEqual(['TypeError', '400']);
    const listed = (((await (await send('GET', '/v1/posts?limit=100')).json()) as { items: { id: string; title: string }[] }).items).map((p) => [p.id, p.title]);
    expect(listed).toEqual([[id, 'Exactly once']]);
    expect((await reference.faults.list())[0]).toMatchObject({ id: 'lost-answer', hits: 1 });
  });

  it('a probability rule gives the same sequence of answers for the same seed, and another for another seed', async () => {
    const statuses = async (seed: number) => {
      await reference.reset({ empty: true, seed });
      await reference.faults.add({ match: { path: '/v1/posts' }, action: { type: 'status', status: 500 }, probability: 0.5 });
      const out: number[] = [];
      for (let i = 0; i < 24; i++) out.push((await send('GET', '/v1/posts')).status);
      return out;
    };
    const first = await statuses(21);
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect(await statuses(21)).toEqual(first);
    expect(await statuses(22)).not.toEqual(first);
  });
});
