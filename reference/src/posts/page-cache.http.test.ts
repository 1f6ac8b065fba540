/**
 * Kept pages (routes.ts pageBytes, lists.ts): a list page read again is the
 * same bytes, and every change that shows in a page is seen by the next read
 * of it: a post's fields, its status, a new or deleted post, a scheduled post
 * going out, pins, the base URL, a reset. Each page is read before the change
 * (so it is kept) and after it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.js';

let t: TestClient;
let demoId: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ demo: { id: demoId } } = await t.publications());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.server.reference.setBaseUrl(t.url);
});

const LISTS = {
  own: { path: '/v1/posts?limit=5', key: DEMO_KEYS.demo },
  feed: () => ({ path: `/v1/publications/${demoId}/posts?limit=5`, key: null }),
  tag: { path: '/v1/posts/tag/cachetag?limit=5', key: null },
};

async function read(list: { path: string; key: string | null }) {
  const first = await t.request('GET', list.path, { key: list.key });
  expect(first.status).toBe(200);
  // The second read is served from the kept page: the same bytes.
  const second = await t.request('GET', list.path, { key: list.key });
  expect(second.text).toBe(first.text);
  return first.body as { items: { id: string; title: string; imageUrl?: string; status?: string }[]; pagination: { cursor: string; hasMore: boolean; total: number } };
}

const lists = () => [LISTS.own, LISTS.feed(), LISTS.tag];

async function publish(title: string, extra: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/v1/posts', { body: { title, markdown: 'Words.', status: 'published', categories: ['cachetag'], ...extra } });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe('kept list pages', () => {
  it('show a new post, a changed title and a deleted post at once', async () => {
    const a = await publish('First');
    for (const list of lists()) expect((await read(list)).items[0]).toMatchObject({ id: a, title: 'First' });

    const totals = await Promise.all(lists().map(async (l) => (await read(l)).pagination.total));
    const b = await publish('Second');
    for (const [i, list] of lists().entries()) {
      const page = await read(list);
      expect(page.items[0]).toMatchObject({ id: b, title: 'Second' });
      expect(page.pagination.total).toBe(totals[i] + 1);
    }

    expect((await t.request('PUT', `/v1/posts/${a}`, { body: { title: 'First, renamed', status: 'published' } })).status).toBe(200);
    for (const list of lists()) expect((await read(list)).items.find((p) => p.id === a)?.title).toBe('First, renamed');

    expect((await t.request('DELETE', `/v1/posts/${b}`)).status).toBe(200);
    for (const [i, list] of lists().entries()) {
      const page = await read(list);
      expect(page.items.map((p) => p.id)).not.toContain(b);
      expect(page.pagination.total).toBe(totals[i]);
    }
  });

  it('follow a status change out of one list and into another', async () => {
    const a = await publish('Soon archived');
    const drafts = { path: '/v1/posts?status=archived&limit=5', key: DEMO_KEYS.demo };
    expect((await read(drafts)).items.map((p) => p.id)).not.toContain(a);
    expect((await t.request('PUT', `/v1/posts/${a}`, { body: { status: 'archived' } })).status).toBe(200);
    for (const list of lists()) expect((await read(list)).items.map((p) => p.id)).not.toContain(a);
    expect((await read(drafts)).items[0]).toMatchObject({ id: a, status: 'archived' });
  });

  it('show a scheduled post once the clock publishes it', async () => {
    const { now } = (await t.request('GET', '/_control/clock', { key: null })).body as { now: number };
    const res = await t.request('POST', '/v1/posts', { body: { title: 'Later', markdown: 'Words.', scheduledAt: now + 3_600_000, categories: ['cachetag'] } });
    expect(res.status).toBe(200);
    for (const list of lists()) expect((await read(list)).items.map((p) => p.id)).not.toContain(res.body.id);
    expect((await t.request('POST', '/_control/clock', { key: null, body: { advanceMs: 2 * 3_600_000 } })).status).toBe(200);
    for (const list of lists()) expect((await read(list)).items[0]?.id).toBe(res.body.id);
  });

  it('leave out a post pinned after the feed page was kept, and show it again when unpinned', async () => {
    const a = await publish('Pinned later');
    const feed = LISTS.feed();
    expect((await read(feed)).items[0].id).toBe(a);
    const total = (await read(feed)).pagination.total;
    expect((await t.request('PATCH', `/v1/publications/${demoId}`, { body: { pinnedPostIds: [a] } })).status).toBe(200);
    const pinned = await read(feed);
    expect(pinned.items.map((p) => p.id)).not.toContain(a);
    expect(pinned.pagination.total).toBe(total - 1);
    expect((await t.request('PATCH', `/v1/publications/${demoId}`, { body: { pinnedPostIds: [] } })).status).toBe(200);
    expect((await read(feed)).items[0].id).toBe(a);
  });

  it('follow the base URL in cover URLs', async () => {
    await publish('With a cover', { imageUrl: 'https://example.com/cover.png' });
    const before = await read(LISTS.own);
    expect(before.items[0].imageUrl?.startsWith(`${t.url}/media/`)).toBe(true);
    t.server.reference.setBaseUrl('https://elsewhere.example');
    const after = await read(LISTS.own);
    expect(after.items[0].imageUrl?.startsWith('https://elsewhere.example/media/')).toBe(true);
  });

  it('keep pages apart by limit, content, cursor and key', async () => {
    for (let i = 0; i < 6; i++) await publish(`Post ${i}`);
    const five = await read({ path: '/v1/posts/tag/cachetag?limit=5', key: null });
    const two = await read({ path: '/v1/posts/tag/cachetag?limit=2', key: null });
    expect(five.items).toHaveLength(5);
    expect(two.items).toHaveLength(2);
    const withContent = await read({ path: '/v1/posts/tag/cachetag?limit=2&includeContent=true', key: null });
    expect(withContent.items[0]).toHaveProperty('markdown');
    expect(two.items[0]).not.toHaveProperty('markdown');
    const next = await read({ path: `/v1/posts/tag/cachetag?limit=2&cursor=${encodeURIComponent(two.pagination.cursor)}`, key: null });
    expect(next.items.map((p) => p.id)).toEqual(five.items.slice(2, 4).map((p) => p.id));
    // The same cursor on another list is refused, kept pages or not.
    const foreign = await t.request('GET', `/v1/posts?limit=2&cursor=${encodeURIComponent(two.pagination.cursor)}`);
    expect(foreign.status).toBe(400);
    // Another publication's key reads its own list, not the kept page of demo's.
    const own = await read(LISTS.own);
    const other = await read({ path: LISTS.own.path, key: DEMO_KEYS.other });
    expect(other.items.map((p) => p.id)).not.toEqual(own.items.map((p) => p.id));
  });

  it('start afresh after a reset', async () => {
    const a = await publish('Gone after reset');
    expect((await read(LISTS.own)).items[0].id).toBe(a);
    await t.reset();
    expect((await read(LISTS.own)).items.map((p) => p.id)).not.toContain(a);
  });
});
