/**
 * Reading posts over HTTP: single posts (public and own views), the own list
 * by status, the publication feed, slug lookups, the curated feed, tags, and
 * the cover placeholders.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient, type TestResponse } from '../testing.support.test.js';
import { Post, PostPage, FeedPage } from '../../../schemas/posts.js';

let t: TestClient;
let demoId: string;
let otherId: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ demo: { id: demoId }, other: { id: otherId } } = await t.publications());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
});

const expectError = (res: TestResponse, status: number, msg?: RegExp) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ success: false, msg: expect.any(String) });
  if (msg) expect(res.body.msg).toMatch(msg);
};

const create = async (body: Record<string, unknown>, key: string = DEMO_KEYS.demo) => {
  const res = await t.request('POST', '/v1/posts', { key, body: { title: 'A post', markdown: 'Hello **there**.', ...body } });
  expect(res.status).toBe(200);
  return res.body.id as string;
};

/** Every item of a list, following cursors; checks the page envelope on the way. */
async function walk(path: string, limit: number, key: string | null = null): Promise<{ items: any[]; pages: number; total: number }> {
  const items: any[] = [];
  let cursor = '';
  let pages = 0;
  let total = -1;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await t.request('GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key });
    expect(res.status).toBe(200);
    pages++;
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    if (total >= 0) expect(res.body.pagination.total).toBe(total);
    total = res.body.pagination.total;
    items.push(...res.body.items);
    if (!res.body.pagination.hasMore) {
      expect(res.body.pagination.cursor).toBe('');
      break;
    }
    cursor = res.body.pagination.cursor;
    expect(pages).toBeLessThan(100);
  }
  expect(items).toHaveLength(total);
  return { items, pages, total };
}

const idsOf = (items: { id: string }[]) => items.map((i) => i.id);
const unique = (ids: string[]) => new Set(ids).size === ids.length;

describe('GET /v1/posts/{postId}', () => {
  it('a published post is public: no status or views without the own key', async () => {
    const id = await create({});
    for (const key of [null, DEMO_KEYS.other]) {
      const res = await t.request('GET', `/v1/posts/${id}`, { key });
      expect(res.status).toBe(200);
      expect(Post.parse(res.body)).toBeTruthy();
      expect(res.body).toMatchObject({ id, title: 'A post', slug: 'a-post', publishOnline: true, categories: [] });
      expect(res.body).not.toHaveProperty('status');
      expect(res.body).not.toHaveProperty('views');
      expect(res.body).not.toHaveProperty('markdown');
      expect(res.body.publishedAt).toMatch(/^\d+$/);
      expect(res.body.updatedAt).toMatch(/^\d+$/);
    }
  });

  it('with the own key: status and views, for every status', async () => {
    const published = await create({});
    const draft = await create({ status: 'draft' });
    const now = (await t.request('GET', '/_control/clock', { key: null })).body.now as number;
    const scheduled = await create({ scheduledAt: now + 86_400_000 * 2 });
    for (const [id, status] of [[published, 'published'], [draft, 'draft'], [scheduled, 'scheduled']]) {
      const res = await t.request('GET', `/v1/posts/${id}`);
      expect(res.body).toMatchObject({ id, status, views: 0 });
    }
    const ownDraft = (await t.request('GET', `/v1/posts/${draft}`)).body;
    expect(ownDraft).not.toHaveProperty('publishedAt');
  });

  it('a post that is not published is 404 without the own key (never 403)', async () => {
    const draft = await create({ status: 'draft' });
    expectError(await t.request('GET', `/v1/posts/${draft}`, { key: null }), 404, /post not found/);
    expectError(await t.request('GET', `/v1/posts/${draft}`, { key: DEMO_KEYS.other }), 404, /post not found/);
    expectError(await t.request('GET', '/v1/posts/doesNotExist00000000', { key: null }), 404);
  });

  it('an invalid key is 401 even on this public read', async () => {
    const id = await create({});
    expectError(await t.request('GET', `/v1/posts/${id}`, { key: 'pk_wrong' }), 401);
  });

  it('includeContent adds markdown, json (a TipTap document as a string) and staticHtml', async () => {
    const id = await create({ markdown: '# Heading\n\nSome **bold** words.' });
    for (const flag of ['true', '1']) {
      const res = await t.request('GET', `/v1/posts/${id}?includeContent=${flag}`, { key: null });
      expect(res.body.markdown).toContain('**bold**');
      expect(JSON.parse(res.body.json)).toMatchObject({ type: 'doc' });
      expect(res.body.staticHtml).toContain('<strong>bold</strong>');
    }
    const without = await t.request('GET', `/v1/posts/${id}?includeContent=false`, { key: null });
    expect(without.body).not.toHaveProperty('json');
    expectError(await t.request('GET', `/v1/posts/${id}?includeContent=yes`, { key: null }), 400, /includeContent must be true or false/);
  });

  it('authors are the Author objects of authorIds, in byline order', async () => {
    const { demo } = await t.publications();
    const ids = [demo.teamMemberIds[0], demo.ownerUserId];
    const id = await create({ authorIds: ids });
    const res = await t.request('GET', `/v1/posts/${id}`, { key: null });
    expect(res.body.authorIds).toEqual(ids);
    expect(res.body.authors.map((a: { id: string }) => a.id)).toEqual(ids);
    expect(Object.keys(res.body.authors[0]).sort()).toEqual(['avatarUrl', 'bio', 'id', 'name', 'publicationId', 'walletAddress']);
  });
});

describe('GET /v1/posts (own list)', () => {
  it('needs a key', async () => {
    expectError(await t.request('GET', '/v1/posts', { key: null }), 401);
  });

  it('lists published posts by default, each once across pages, newest first, with status and views', async () => {
    const { items, pages, total } = await walk('/v1/posts', 7, DEMO_KEYS.demo);
    expect(total).toBe(24);
    expect(pages).toBe(4);
    expect(unique(idsOf(items))).toBe(true);
    for (const item of items) expect(item).toMatchObject({ status: 'published', views: expect.any(Number) });
    const times = items.map((i) => Number(i.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(PostPage.safeParse((await t.request('GET', '/v1/posts')).body).success).toBe(true);
  });

  it('filters by status; only the key’s publication', async () => {
    for (const [status, count] of [['draft', 6], ['scheduled', 3], ['archived', 3]] as const) {
      const { items } = await walk(`/v1/posts?status=${status}`, 2, DEMO_KEYS.demo);
      expect(items).toHaveLength(count);
      for (const item of items) expect(item.status).toBe(status);
    }
    const scheduled = (await walk('/v1/posts?status=scheduled', 10, DEMO_KEYS.demo)).items;
    const other = (await walk('/v1/posts?status=draft', 10, DEMO_KEYS.other)).items;
    expect(other).toHaveLength(3);
    expect(idsOf(other).some((id) => idsOf(scheduled).includes(id))).toBe(false);
  });

  it('defaults to 10 per page; limit is 1..100', async () => {
    expect((await t.request('GET', '/v1/posts')).body.items).toHaveLength(10);
    expect((await t.request('GET', '/v1/posts?limit=100')).body.items).toHaveLength(24);
    for (const bad of ['0', '101', 'x', '-1', '2.5'])
      expectError(await t.request('GET', `/v1/posts?limit=${bad}`), 400, /limit must be an integer from 1 to 100/);
  });

  it('refuses an unknown status, a tampered cursor and a cursor of another list', async () => {
    expectError(await t.request('GET', '/v1/posts?status=deleted'), 400, /status must be one of/);
    const first = await t.request('GET', '/v1/posts?limit=2');
    const cursor = first.body.pagination.cursor as string;
    expectError(await t.request('GET', `/v1/posts?cursor=${cursor.slice(0, -2)}xx`), 400, /cursor/);
    expectError(await t.request('GET', `/v1/posts?status=draft&cursor=${cursor}`), 400, /cursor/);
    expectError(await t.request('GET', `/v1/posts?cursor=${cursor}`, { key: DEMO_KEYS.other }), 400, /cursor/);
  });

  it('a page boundary survives a post published between two requests', async () => {
    const first = await t.request('GET', '/v1/posts?limit=5');
    await create({ title: 'Brand new' });
    const rest = await t.request('GET', `/v1/posts?limit=100&cursor=${encodeURIComponent(first.body.pagination.cursor)}`);
    expect(rest.body.pagination).toEqual({ cursor: '', hasMore: false, total: 25 });
    const all = [...idsOf(first.body.items), ...idsOf(rest.body.items)];
    expect(unique(all)).toBe(true);
    expect(all).toHaveLength(24); // the new one sorts before the cursor: not repeated, not shifting anything
  });

  it('includeContent applies to lists', async () => {
    const res = await t.request('GET', '/v1/posts?limit=2&includeContent=true');
    for (const item of res.body.items) expect(item).toHaveProperty('staticHtml');
  });
});

describe('GET /v1/publications/{publicationId}/posts', () => {
  it('lists public posts only: published, publishOnline, not pinned; pinned come back when unpinned', async () => {
    const all = (await walk(`/v1/publications/${demoId}/posts`, 5)).items;
    for (const item of all) {
      expect(item).not.toHaveProperty('status');
      expect(item.publishOnline).toBe(true);
    }
    const ownPublished = (await walk('/v1/posts', 100, DEMO_KEYS.demo)).items;
    const publicCount = ownPublished.filter((p) => p.publishOnline).length;
    expect(all).toHaveLength(publicCount);

    const pin = all[3].id;
    const patch = await t.request('PATCH', `/v1/publications/${demoId}`, { body: { pinnedPostIds: [pin] } });
    expect(patch.status).toBe(200);
    const pinnedOut = (await walk(`/v1/publications/${demoId}/posts`, 100)).items;
    expect(idsOf(pinnedOut)).not.toContain(pin);
    expect(pinnedOut).toHaveLength(publicCount - 1);
    await t.request('PATCH', `/v1/publications/${demoId}`, { body: { pinnedPostIds: [] } });
    expect(idsOf((await walk(`/v1/publications/${demoId}/posts`, 100)).items)).toContain(pin);
  });

  it('leaves out drafts and newsletter-only posts; 404 for an unknown publication', async () => {
    const draft = await create({ status: 'draft' });
    const newsletterOnly = await create({ publishOnline: false });
    const ids = idsOf((await walk(`/v1/publications/${demoId}/posts`, 100)).items);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(newsletterOnly);
    expectError(await t.request('GET', '/v1/publications/nope/posts', { key: null }), 404);
    expectError(await t.request('GET', `/v1/publications/${demoId}/posts?limit=101`, { key: null }), 400, /limit/);
  });
});

describe('post by slug', () => {
  it('by publication id and by publication slug (with or without @), published only', async () => {
    const id = await create({ title: 'Slug Me' });
    const draft = await create({ title: 'Draft Slug', status: 'draft' });
    for (const path of [
      `/v1/publications/${demoId}/posts/slug/slug-me`,
      '/v1/publications/slug/demo/posts/slug/slug-me',
      '/v1/publications/slug/@demo/posts/slug/slug-me',
      '/v1/publications/slug/%40demo/posts/slug/SLUG-ME',
    ]) {
      const res = await t.request('GET', path, { key: null });
      expect(res.status, path).toBe(200);
      expect(res.body.id).toBe(id);
      expect(res.body).not.toHaveProperty('status');
    }
    const withContent = await t.request('GET', '/v1/publications/slug/demo/posts/slug/slug-me?includeContent=true', { key: null });
    expect(withContent.body.staticHtml).toContain('<strong>there</strong>');
    expectError(await t.request('GET', '/v1/publications/slug/demo/posts/slug/draft-slug'), 404);
    expect(draft).toBeTruthy();
    expectError(await t.request('GET', `/v1/publications/${otherId}/posts/slug/slug-me`, { key: null }), 404);
    expectError(await t.request('GET', '/v1/publications/slug/nope/posts/slug/slug-me', { key: null }), 404);
  });
});

describe('GET /v1/posts/feed', () => {
  it('curated public posts of every publication with their publication and first author', async () => {
    const { items } = await walk('/v1/posts/feed', 4);
    expect(items.length).toBeGreaterThan(4);
    expect(FeedPage.safeParse({ items, pagination: { cursor: '', hasMore: false, total: items.length } }).success).toBe(true);
    const pubs = new Set(items.map((i) => i.publication.id));
    expect(pubs.has(demoId) && pubs.has(otherId)).toBe(true);
    for (const item of items) {
      expect(item.user.id).toBe(item.post.authorIds[0]);
      expect(item.post.publishOnline).toBe(true);
      expect(item.post).not.toHaveProperty('status');
      expect(item.publication).not.toHaveProperty('team');
    }
    const times = items.map((i) => Number(i.post.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(unique(items.map((i) => i.post.id))).toBe(true);
  });

  it('limit is 1..60, default 20', async () => {
    expect((await t.request('GET', '/v1/posts/feed?limit=60', { key: null })).status).toBe(200);
    expectError(await t.request('GET', '/v1/posts/feed?limit=61', { key: null }), 400, /limit must be an integer from 1 to 60/);
    expectError(await t.request('GET', '/v1/posts/feed?limit=0', { key: null }), 400);
  });
});

describe('GET /v1/posts/tag/{tag}', () => {
  it('public posts of every publication with that category, case-insensitive', async () => {
    const a = await create({ categories: 'Zebra Facts, other' });
    const b = await create({ categories: ['zebra facts'] }, DEMO_KEYS.other);
    const hidden = await create({ categories: ['zebra facts'], status: 'draft' });
    const { items } = await walk('/v1/posts/tag/ZEBRA%20FACTS', 1);
    expect(idsOf(items).sort()).toEqual([a, b].sort());
    expect(idsOf(items)).not.toContain(hidden);
    expectError(await t.request('GET', '/v1/posts/tag/x?limit=101', { key: null }), 400, /limit/);
  });
});

describe("production's base path over HTTP", () => {
  it('serves /api/v1/... as /v1/... (the production MCP server and SDK call it), other /api paths not', async () => {
    const id = await create({ title: 'Reached two ways' });
    const atProduction = await t.request('GET', `/api/v1/posts/${id}`);
    expect(atProduction.status).toBe(200);
    expect(atProduction.body).toEqual((await t.request('GET', `/v1/posts/${id}`)).body);
    expect((await t.request('POST', '/api/v1/posts', { body: { title: 'Written there', markdown: 'Hi.' } })).status).toBe(200);
    expectError(await t.request('GET', `/api/v10/posts/${id}`), 404);
  });
});
