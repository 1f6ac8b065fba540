/**
 * Discovery search over HTTP: what is found, in which order, and what never is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';
import { matchScore, queryWords } from './search.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const search = (path: string, q: Record<string, string>) => t.request('GET', `${path}?${new URLSearchParams(q)}`, { key: null });

describe('matching', () => {
  it('needs every word, weighting the best field each word is in', () => {
    const words = queryWords('Quiet ART');
    expect(words).toEqual(['quiet', 'art']);
    expect(matchScore(words, [['The quiet art', 3], ['', 1]])).toBe(6);
    expect(matchScore(words, [['The quiet one', 3], ['about art', 1]])).toBe(4);
    expect(matchScore(words, [['The quiet one', 3]])).toBe(0);
    expect(matchScore([], [['anything', 3]])).toBe(0);
  });

  it('finds no words in an absent, empty or wordless query', () => {
    for (const q of [undefined, '', ' ,.!? ']) expect(queryWords(q), String(q)).toEqual([]);
  });
});

describe('GET /v1/discover/search', () => {
  it('finds a published post by words of its title, with its publication and author', async () => {
    const state = t.server.reference.state();
    const post = state.posts.all().find((p) => p.status === 'published' && p.publishOnline && p.coinId !== undefined)!;
    const res = await search('/v1/discover/search', { q: post.title.toUpperCase() });
    expect(res.status).toBe(200);
    const hit = (res.body as { post: { postId: string } }[]).find((r) => r.post.postId === post.id) as Record<string, any>;
    expect(hit.post).toMatchObject({ blogId: post.publicationId, slug: post.slug, coinId: post.coinId, publishedAt: String(post.publishedAt) });
    expect(hit.blog.blogId).toBe(post.publicationId);
    expect(hit.blog.coinId).toBe(state.coins.writerCoinOf(post.publicationId)!.id);
    expect(hit.user.userId).toBe(post.authorIds[0]);
  });

  it('never finds drafts or posts not published online, and keeps to blogId', async () => {
    const state = t.server.reference.state();
    const draft = state.posts.all().find((p) => p.status === 'draft')!;
    const res = await search('/v1/discover/search', { q: draft.title });
    expect((res.body as { post: { postId: string } }[]).some((r) => r.post.postId === draft.id)).toBe(false);
    const other = state.publications.all().find((p) => p.slug === 'other')!;
    const word = queryWords(state.posts.all().find((p) => p.status === 'published' && p.publishOnline)!.title)[0];
    const scoped = await search('/v1/discover/search', { q: word, blogId: other.id });
    for (const r of scoped.body as { post: { blogId: string } }[]) expect(r.post.blogId).toBe(other.id);
  });

  it('answers [] for an empty query and 400 for one over 200 characters', async () => {
    expect((await search('/v1/discover/search', { q: '  ' })).body).toEqual([]);
    expect((await t.request('GET', '/v1/discover/search', { key: null })).body).toEqual([]);
    expect((await search('/v1/discover/search', { q: 'a'.repeat(201) })).status).toBe(400);
  });

  it('finds a post created a moment ago, once it is published', async () => {
    const title = 'Zyzzyva quarterly findings';
    const created = await t.request('POST', '/v1/posts', { key: DEMO_KEYS.demo, body: { title, markdown: 'Body.', status: 'draft' } });
    expect((await search('/v1/discover/search', { q: 'zyzzyva' })).body).toEqual([]);
    await t.request('PUT', `/v1/posts/${created.body.id}`, { key: DEMO_KEYS.demo, body: { status: 'published' } });
    const found = (await search('/v1/discover/search', { q: 'zyzzyva' })).body as { post: { postId: string } }[];
    expect(found.map((r) => r.post.postId)).toEqual([created.body.id]);
  });
});

describe('GET /v1/discover/blogs/search and /v1/discover/coins/search', () => {
  it('finds publications by name or slug, with owner and active subscriber count', async () => {
    const state = t.server.reference.state();
    const demo = state.publications.all().find((p) => p.slug === 'demo')!;
    const res = await search('/v1/discover/blogs/search', { q: 'demo' });
    expect(res.body[0]).toMatchObject({
      blog: { blogId: demo.id, slug: 'demo', userId: demo.ownerUserId },
      user: { userId: demo.ownerUserId },
      activeSubscriberCount: state.subscribers.count(demo.id),
    });
  });

  it('finds writer coins by ticker, publication name and contract address, never post coins', async () => {
    const state = t.server.reference.state();
    const writer = state.coins.all().find((c) => c.kind === 'writer')!;
    const publication = state.publications.require(writer.publicationId);
    for (const q of [writer.symbol.toLowerCase(), publication.name, writer.contractAddress.slice(0, 10)]) {
      const res = await search('/v1/discover/coins/search', { q });
      expect(res.body[0], q).toMatchObject({
        coin: { coinId: writer.id, ticker: writer.symbol, contractAddress: writer.contractAddress, blogId: publication.id },
        blog: { blogId: publication.id, slug: publication.slug },
      });
    }
    const postCoin = state.coins.all().find((c) => c.kind === 'post')!;
    const res = await search('/v1/discover/coins/search', { q: postCoin.contractAddress });
    expect(res.body).toEqual([]);
  });
});
