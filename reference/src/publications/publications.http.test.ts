import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;
let demoId: string;
let otherId: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ demo: { id: demoId }, other: { id: otherId } } = await t.publications());
});
afterAll(() => t.close());

const expectError = (res: { status: number; body: unknown }, status: number, msg?: RegExp) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ success: false, msg: expect.any(String) });
  if (msg) expect((res.body as { msg: string }).msg).toMatch(msg);
};

describe('GET publications', () => {
  it('reads by id and by slug with or without @, without a key', async () => {
    const byId = await t.request('GET', `/v1/publications/${demoId}`, { key: null });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: demoId, slug: 'demo', emailNotifications: { newSubscriber: true } });
    expect(byId.body).not.toHaveProperty('team');
    expect(byId.body).not.toHaveProperty('customEmailApproved');
    for (const slug of ['demo', '@demo', 'DEMO']) {
      const bySlug = await t.request('GET', `/v1/publications/slug/${slug}`, { key: null });
      expect(bySlug.body.id).toBe(demoId);
    }
  });

  it('answers 404 in the error shape for unknown ids and slugs', async () => {
    expectError(await t.request('GET', '/v1/publications/nope', { key: null }), 404);
    expectError(await t.request('GET', '/v1/publications/slug/nope', { key: null }), 404);
  });

  it('finds a publication by custom domain (extended)', async () => {
    const res = await t.request('GET', '/v1/publications/domain/demo-dispatch.example.com', { key: null });
    expect(res.body.id).toBe(demoId);
  });

  it('GET /v1/me answers the key publication with its plan', async () => {
    const res = await t.request('GET', '/v1/me');
    expect(res.body).toMatchObject({ id: demoId, plan: 'growth' });
    expectError(await t.request('GET', '/v1/me', { key: null }), 401);
    expectError(await t.request('GET', '/v1/me', { key: 'pk_wrong' }), 401);
  });
});

describe('PATCH /v1/publications/{id}', () => {
  const patch = (body: unknown, id = demoId, key: string | null = DEMO_KEYS.demo) =>
    t.request('PATCH', `/v1/publications/${id}`, { body, key });

  it('changes only the provided fields', async () => {
    const before = (await t.request('GET', `/v1/publications/${demoId}`)).body;
    const res = await patch({ name: 'Renamed', themeColor: 'rose-600' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, name: 'Renamed', themeColor: 'rose-600' });
  });

  it('merges emailNotifications: only sent toggles change', async () => {
    await patch({ emailNotifications: { newSubscriber: false } });
    const res = await patch({ emailNotifications: {} });
    expect(res.body.emailNotifications).toEqual({ newSubscriber: false });
    expect((await patch({ emailNotifications: { newSubscriber: true } })).body.emailNotifications).toEqual({ newSubscriber: true });
  });

  it('refuses unknown properties, removed settings and bad values with 400, changing nothing', async () => {
    const before = (await t.request('GET', `/v1/publications/${demoId}`)).body;
    expectError(await patch({ name: 'x', color: 'red' }), 400, /unknown property.*color/);
    expectError(await patch({ disableHighlights: true }), 400, /disableHighlights was removed/);
    expectError(await patch({ name: '' }), 400, /name/);
    expectError(await patch({ name: 'x'.repeat(101) }), 400, /name must be at most 100 characters/);
    expectError(await patch({ summary: 'x'.repeat(501) }), 400, /summary/);
    expectError(await patch({ themeColor: 'red-500' }), 400, /themeColor must be one of/);
    expectError(await patch({ featuredPost: '' }), 400, /featuredPost/);
    expectError(await patch({ featuredPost: 'not-a-post' }), 400, /not a post of this publication/);
    expectError(await patch({ pinnedPostIds: Array(51).fill('x') }), 400, /pinnedPostIds must be at most 50 items/);
    expectError(await patch({ pinnedPostIds: ['x'.repeat(65)] }), 400, /pinnedPostIds\[0\]/);
    expectError(await patch({ pinnedPostIds: ['nope'] }), 400, /not a post of this publication/);
    expectError(await patch({ emailNotifications: { newSubscriber: 'yes' } }), 400, /newSubscriber/);
    expectError(await patch({ emailNotifications: { weekly: true } }), 400, /unknown/);
    expectError(await patch([1, 2]), 400);
    expectError(await patch('{"name":', demoId), 400, /not valid JSON/);
    expect((await t.request('GET', `/v1/publications/${demoId}`)).body).toEqual(before);
  });

  it('accepts the featuredPost keywords and pinned posts of this publication', async () => {
    for (const featuredPost of ['latest', 'popular', 'disabled']) {
      expect((await patch({ featuredPost })).body.featuredPost).toBe(featuredPost);
    }
    const posts = t.server.reference.state().posts.all().filter((p) => p.publicationId === demoId);
    const other = t.server.reference.state().posts.all().find((p) => p.publicationId === otherId)!;
    expect((await patch({ featuredPost: posts[0].id })).body.featuredPost).toBe(posts[0].id);
    const pinned = [posts[1].id, posts[0].id];
    expect((await patch({ pinnedPostIds: pinned })).body.pinnedPostIds).toEqual(pinned);
    expectError(await patch({ pinnedPostIds: [other.id] }), 400, /not a post of this publication/);
    expectError(await patch({ featuredPost: other.id }), 400);
    expect((await patch({ pinnedPostIds: [] })).body.pinnedPostIds).toEqual([]);
  });

  it('needs a key (401) and the key of that publication (403); unknown id 404', async () => {
    expectError(await patch({ name: 'x' }, demoId, null), 401);
    expectError(await patch({ name: 'x' }, otherId), 403);
    expectError(await patch({ name: 'x' }, 'nope'), 404);
  });
});

describe('the HTTP layer', () => {
  it('answers unknown routes with 404 and wrong methods with 405, in the error shape', async () => {
    expectError(await t.request('GET', '/v1/nothing-here'), 404);
    const res = await t.request('DELETE', `/v1/publications/${demoId}`);
    expectError(res, 405);
    expect(res.headers.get('allow')).toContain('PATCH');
  });

  it('refuses non-JSON bodies (415), oversized bodies (413) and prototype keys (400)', async () => {
    expectError(await t.request('PATCH', `/v1/publications/${demoId}`, { body: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 415);
    expectError(await t.request('PATCH', `/v1/publications/${demoId}`, { body: JSON.stringify({ summary: 'x'.repeat(6 * 1024 * 1024) }) }), 413);
    expectError(await t.request('PATCH', `/v1/publications/${demoId}`, { body: '{"__proto__":{"name":"x"}}' }), 400, /__proto__/);
  });

  it('refuses a malformed Authorization header with 401', async () => {
    expectError(await t.request('GET', '/v1/me', { key: null, headers: { Authorization: 'Basic abc' } }), 401);
  });
});
