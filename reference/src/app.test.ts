/**
 * createReference: its defaults, a state file's seed, the scale set, reset,
 * restore and setBaseUrl (and the cached answers each must drop), and close.
 * The answers around every handler are app-dispatch.test.ts's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createReference } from './app.js';
import { headersRequest, type TestClient } from './testing.support.test.js';
import { closeServers, draftCount, newDraft, useServers } from './app-servers.support.test.js';

const server = useServers();
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
/** GET /v1/posts/:id, the one cached route: its status. */
const readPost = async (t: TestClient, id: string) => (await t.request('GET', `/v1/posts/${id}`)).status;
/** A new auth session's verification link as the control API lists it: built from the state's base URL (the state a file or a restore made too). */
const sessionLink = async (t: TestClient): Promise<string> => {
  const { sessionId } = (await t.request('POST', '/v1/api/auth/sessions', { key: null, body: {} })).body;
  const { sessions } = (await t.request('GET', '/_control/auth/sessions', { key: null })).body;
  return sessions.find((s: { sessionId: string }) => s.sessionId === sessionId).verificationUrl;
};

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

  it('the seed of a state file in place of the one given, its records, and links on the base URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-test-'));
    try {
      const first = await server({ seed: 7 });
      await newDraft(first);
      const drafts = await draftCount(first);
      const file = join(dir, 'state.json');
      writeFileSync(file, first.server.reference.persistence.encode().text);
      const second = await server({ seed: 2, stateFile: file, snapshotIntervalMs: 60_000 });
      expect(second.server.reference.options.seed).toBe(7);
      expect(await draftCount(second)).toBe(drafts);
      expect(second.server.reference.persistence.status().stateFile).toMatchObject({ path: file, intervalMs: 60_000, loaded: { writes: 1 } });
      expect(await sessionLink(second)).toMatch(new RegExp(`^${second.url}/`));
    } finally {
      // Closed before the directory goes: a close saves the state file.
      await closeServers();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("GET /_control names the implementation, by which the suite's discovery knows the reference, and the package's version", async () => {
    const t = await server();
    const { body } = await t.request('GET', '/_control', { key: null });
    expect(body).toMatchObject({ implementation: 'publishing-api-reference', version: PACKAGE_VERSION });
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

    const analyticsState = vi.spyOn(reference.analytics, 'use');
    reference.reset({ seed: 9, empty: true });
    expect(reference.options.seed).toBe(9);
    expect(analyticsState).toHaveBeenCalledWith(reference.state());
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

  it('a cached post read before a reset is read again after it', async () => {
    const t = await server();
    const { id } = (await newDraft(t)).body;
    expect(await readPost(t, id)).toBe(200);
    t.server.reference.reset();
    expect(await readPost(t, id)).toBe(404);
  });

  it('a restore: the saved seed, analytics on the restored state, a cached post read again, links on the base URL', async () => {
    const t = await server({ seed: 4 });
    const { reference } = t.server;
    const saved = JSON.parse(JSON.stringify(reference.snapshot()));
    reference.reset({ seed: 8 });
    const { id } = (await newDraft(t)).body;
    expect(await readPost(t, id)).toBe(200);
    const analyticsState = vi.spyOn(reference.analytics, 'use');
    reference.restore(saved);
    expect(reference.options.seed).toBe(4);
    expect(analyticsState).toHaveBeenCalledWith(reference.state());
    expect(await readPost(t, id)).toBe(404);
    expect(await sessionLink(t)).toMatch(new RegExp(`^${t.url}/`));
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
