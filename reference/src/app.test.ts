/**
 * createReference: its defaults, reset and setBaseUrl, the answers dispatch
 * gives around every handler (OPTIONS, CORS, a foreign Host, errors, HEAD),
 * the read cache emptied by whatever changes the state, and close. Each test
 * starts its own server inside the test, not in a hook: a start that throws
 * fails the test.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReference } from './app.js';
import { DEMO_KEYS, headersRequest, startTestServer, type TestClient } from './testing.support.test.js';
import type { ServerOptions } from './server.js';

const open: TestClient[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function server(options: ServerOptions = {}): Promise<TestClient> {
  const client = await startTestServer({ analytics: { mode: 'off' }, ...options });
  open.push(client);
  return client;
}

const AUTH = { Authorization: `Bearer ${DEMO_KEYS.demo}` };
const draftCount = async (t: TestClient) => (await t.request('GET', '/v1/posts?status=draft')).body.pagination.total as number;
const newDraft = (t: TestClient) => t.request('POST', '/v1/posts', { body: { title: 'New', markdown: 'x', status: 'draft' } });

describe('createReference', () => {
  it('without options: seed 1, the control API and its pages, links on http://127.0.0.1:4010', async () => {
    const reference = createReference({ analytics: { mode: 'off' } });
    try {
      expect(reference.options).toEqual({ seed: 1, control: true });
      expect(reference.state().baseUrl()).toBe('http://127.0.0.1:4010');
      const paths = reference.routes.map((route) => route.path);
      expect(paths).toContain('/_control/reset');
      expect(paths.some((path) => path.startsWith('/_inspect') || path.startsWith('/_control/inspect'))).toBe(true);
      expect(paths).toContain('/v1/posts');
      expect(paths).toContain('/v1/analytics/query');
    } finally {
      await reference.close();
    }
  });

  it('a base URL without its trailing slashes; no control API or pages with control false', async () => {
    const reference = createReference({ analytics: { mode: 'off' }, baseUrl: 'https://example.test//', control: false, seed: 4 });
    try {
      expect(reference.options).toEqual({ seed: 4, control: false });
      expect(reference.state().baseUrl()).toBe('https://example.test');
      expect(reference.routes.filter((route) => !route.path.startsWith('/v1/') && !route.path.startsWith('/'))).toEqual([]);
      expect(reference.routes.some((route) => route.path.startsWith('/_'))).toBe(false);
    } finally {
      await reference.close();
    }
  });

  it('the seed of a state file in place of the one given, and its records', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-test-'));
    try {
      const first = await server({ seed: 7 });
      await newDraft(first);
      const drafts = await draftCount(first);
      const file = join(dir, 'state.json');
      writeFileSync(file, first.server.reference.persistence.encode().text);
      const second = await server({ seed: 2, stateFile: file });
      expect(second.server.reference.options.seed).toBe(7);
      expect(await draftCount(second)).toBe(drafts);
    } finally {
      // Closed before the directory goes: a close saves the state file.
      await Promise.all(open.splice(0).map((client) => client.close()));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the scale data set is loaded at start and by a reset to the default fixtures', async () => {
    const plain = await server();
    const scaled = await server({ scale: { posts: 3, subscribers: 2 } });
    const published = async (t: TestClient) => (await t.request('GET', '/v1/posts?status=published')).body.pagination.total as number;
    const base = await published(plain);
    expect(await published(scaled)).toBe(base + 3);
    await scaled.reset();
    expect(await published(scaled)).toBe(base + 3);
    await scaled.reset({ empty: true });
    expect(await published(scaled)).toBe(0);
  });
});

describe('reset', () => {
  it('the seed given and kept after, the clock back to real time without tasks, rate limit off, fault rules and journal back to the start', async () => {
    const t = await server({ seed: 3, faults: [{ match: { path: '/v1/nothing-here' }, action: { type: 'status', status: 503 } }] });
    const { reference } = t.server;
    const faultIds = reference.faults.store.list().map((rule) => rule.id);
    reference.clock.freeze(true);
    reference.clock.advance(86_400_000);
    reference.clock.schedule(reference.clock.now() + 60_000, 'test-task', () => {});
    reference.rateLimit.set(100);
    reference.faults.store.add({ action: { type: 'drop' }, match: { path: '/v1/other' } });
    await newDraft(t);
    expect(reference.journal.list({ limit: 10 }).length).toBeGreaterThan(0);

    reference.reset({ seed: 9, empty: true });
    expect(reference.options.seed).toBe(9);
    expect(reference.clock.state()).toEqual({ offsetMs: 0, frozenAt: null });
    expect(reference.clock.pending()).toEqual([]);
    expect(reference.rateLimit.view()).toEqual({ limit: null, windowMs: null });
    expect(reference.faults.store.list().map((rule) => rule.id)).toEqual(faultIds);
    expect(reference.journal.list({ limit: 10 })).toEqual([]);
    expect(await draftCount(t)).toBe(0);

    reference.reset();
    expect(reference.options.seed).toBe(9);
    expect(await draftCount(t)).toBeGreaterThan(0);
  });

  it('a cached list read before a reset is read again after it', async () => {
    const t = await server();
    await newDraft(t);
    const before = await draftCount(t);
    t.server.reference.reset();
    expect(await draftCount(t)).toBe(before - 1);
  });

  it('a cached list read before a restore is read again after it', async () => {
    const t = await server();
    const saved = JSON.parse(JSON.stringify(t.server.reference.snapshot()));
    const before = await draftCount(t);
    await newDraft(t);
    expect(await draftCount(t)).toBe(before + 1);
    t.server.reference.restore(saved);
    expect(await draftCount(t)).toBe(before);
  });
});

describe('setBaseUrl', () => {
  it('links on the new URL without trailing slashes, cached answers too, and the control API answers to its host name', async () => {
    const t = await server();
    const { reference } = t.server;
    const ask = () => headersRequest(t.url, 'GET', '/_control/publications', { Host: 'mock.example.test:4010' });
    expect((await ask()).status).toBe(421);
    // A cover is served from the reference, under its base URL.
    const { id } = (await t.request('POST', '/v1/posts', { body: { title: 'Cover', markdown: 'x', status: 'draft', imageUrl: 'https://images.example/x.png' } })).body;
    const urlOf = async () => (await t.request('GET', `/v1/posts/${id}`)).body.imageUrl as string;
    expect(await urlOf()).toMatch(/^http:\/\/127\.0\.0\.1:/);
    reference.setBaseUrl('http://mock.example.test:4010//');
    expect(reference.state().baseUrl()).toBe('http://mock.example.test:4010');
    expect(await urlOf()).toMatch(/^http:\/\/mock\.example\.test:4010\//);
    expect((await ask()).status).toBe(200);
  });
});

describe('around every handler', () => {
  it('OPTIONS on /v1: 204 with the CORS grant, the headers asked for or the two the API reads', async () => {
    const t = await server();
    const asked = await headersRequest(t.url, 'OPTIONS', '/v1/posts', { Origin: 'http://app.test', 'Access-Control-Request-Headers': 'x-one' });
    expect(asked.status).toBe(204);
    expect(asked.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': 'x-one',
      'access-control-max-age': '600',
    });
    const plain = await headersRequest(t.url, 'OPTIONS', '/v1/nothing/here');
    expect(plain.status).toBe(204);
    expect(plain.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('OPTIONS elsewhere: 204, an empty body and no grant', async () => {
    const t = await server();
    const res = await headersRequest(t.url, 'OPTIONS', '/_control/reset', { Origin: 'http://app.test' });
    expect(res.status).toBe(204);
    expect(res.headers['content-length']).toBe('0');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('/v1 answers carry the grant when the request has an Origin, errors too; none without', async () => {
    const t = await server();
    const origin = { Origin: 'http://app.test' };
    expect((await headersRequest(t.url, 'GET', '/v1/posts', { ...AUTH, ...origin })).headers['access-control-allow-origin']).toBe('*');
    const missing = await headersRequest(t.url, 'GET', '/v1/nothing/here', { ...AUTH, ...origin });
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    expect((await headersRequest(t.url, 'GET', '/v1/posts', AUTH)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a foreign Host: 421 on the control API and the pages, naming the host; /v1 answers', async () => {
    const t = await server();
    const refused = await headersRequest(t.url, 'GET', '/_control/publications', { Host: 'evil.example' });
    expect(refused.status).toBe(421);
    expect(refused.body.msg).toContain('"evil.example"');
    expect((await headersRequest(t.url, 'GET', '/v1/posts', { ...AUTH, Host: 'evil.example' })).status).toBe(200);
  });

  it('HEAD: the status and headers of GET, no body', async () => {
    const t = await server();
    const res = await headersRequest(t.url, 'HEAD', '/v1/posts', AUTH);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('a handler that throws: 500 in the error shape, logged unless logErrors is false', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const logErrors of [true, false]) {
      const t = await server({ logErrors });
      vi.spyOn(t.server.reference.state().posts, 'readable').mockImplementation(() => {
        throw new Error('broken store');
      });
      const res = await t.request('GET', '/v1/posts/anything');
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ success: false });
      expect(logged).toHaveBeenCalledTimes(1);
    }
  });

  it('with a control token: /_control needs it, /v1 does not; an empty token guards nothing', async () => {
    const t = await server({ controlToken: 'a-token-of-enough-length' });
    expect((await t.request('GET', '/_control/publications', { key: null })).status).toBe(401);
    expect((await t.request('GET', '/_control/publications', { key: null, headers: { Authorization: 'Bearer a-token-of-enough-length' } })).status).toBe(200);
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    const open = await server({ controlToken: '' });
    expect((await open.request('GET', '/_control/publications', { key: null })).status).toBe(200);
  });

  it('the journal keeps /v1 requests with their status, not the control API', async () => {
    const t = await server();
    await t.request('GET', '/v1/nothing/here');
    await t.request('GET', '/_control/publications', { key: null });
    expect(t.server.reference.journal.list({ limit: 10 }).map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['GET', '/v1/nothing/here', 404],
    ]);
  });

  it('a write counts for the state file; a cached read does not', async () => {
    const t = await server();
    const writes = () => t.server.reference.persistence.encode().writes;
    await t.request('GET', '/v1/posts');
    expect(writes()).toBe(0);
    await newDraft(t);
    expect(writes()).toBe(1);
  });

  it('a cached read after a write, and after scheduled work ran, is read again', async () => {
    const t = await server();
    const before = await draftCount(t);
    await newDraft(t);
    expect(await draftCount(t)).toBe(before + 1);
    // Scheduled work run by the clock itself, not by a request: the cache reads the clock's count of tasks run.
    const { clock } = t.server.reference;
    const scheduled = await t.request('POST', '/v1/posts', { body: { title: 'Later', markdown: 'x', scheduledAt: clock.now() + 60_000 } });
    expect(scheduled.status).toBe(200);
    const list = async () => (await t.request('GET', '/v1/posts?status=scheduled')).body.pagination.total as number;
    const scheduledBefore = await list();
    clock.advance(120_000);
    expect(await list()).toBe(scheduledBefore - 1);
  });
});

describe('close', () => {
  it('saves first, then stops the clock, the stalled answers and analytics', async () => {
    const reference = createReference({ analytics: { mode: 'off' } });
    const order: string[] = [];
    vi.spyOn(reference.persistence, 'close').mockImplementation(async () => void order.push('persistence'));
    vi.spyOn(reference.clock, 'dispose').mockImplementation(() => void order.push('clock'));
    vi.spyOn(reference.faults, 'releaseStalled').mockImplementation(() => void order.push('faults'));
    vi.spyOn(reference.analytics, 'close').mockImplementation(async () => void order.push('analytics'));
    await reference.close();
    expect(order).toEqual(['persistence', 'clock', 'faults', 'analytics']);
  });
});
