/**
 * PUT and DELETE /v1/posts/slug/{slug}: the writes by id, addressed by the
 * slug of a post of the key's publication; and the slug lookups of a
 * publication that has never had a post (the empty fixtures' are such).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;

beforeAll(async () => {
  t = await startTestServer({ fixtures: 'empty' });
});
afterAll(() => t.close());
beforeEach(() => t.reset({ empty: true }));

const create = async (body: Record<string, unknown>, key: string = DEMO_KEYS.demo) => {
  const res = await t.request('POST', '/v1/posts', { key, body: { markdown: 'Body.', ...body } });
  expect(res.status).toBe(200);
  return res.body.id as string;
};
const read = async (id: string) => (await t.request('GET', `/v1/posts/${id}`)).body;

describe('writes by slug', () => {
  it('updates the post with that slug, in any status and letter case, with the rules of PUT by id', async () => {
    const id = await create({ title: 'Draft', slug: 'my-draft', status: 'draft' });
    const res = await t.request('PUT', '/v1/posts/slug/My-Draft', { body: { title: 'Renamed', status: 'published' } });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await read(id)).toMatchObject({ title: 'Renamed', status: 'published', slug: 'my-draft' });
    const refused = await t.request('PUT', '/v1/posts/slug/my-draft', { body: { title: 'x'.repeat(201) } });
    expect(refused).toMatchObject({ status: 400, body: { success: false, msg: expect.stringMatching(/title/) } });
    expect((await read(id)).title).toBe('Renamed');
  });

  it('deletes the post with that slug, and then the slug is not found', async () => {
    const id = await create({ title: 'Gone', slug: 'gone' });
    expect(await t.request('DELETE', '/v1/posts/slug/gone')).toMatchObject({ status: 200, body: { success: true } });
    expect((await t.request('GET', `/v1/posts/${id}`)).status).toBe(404);
    expect(await t.request('DELETE', '/v1/posts/slug/gone')).toMatchObject({ status: 404, body: { success: false } });
  });

  it("answers 404 for another publication's slug and changes nothing; 401 without a key", async () => {
    const id = await create({ title: 'Theirs', slug: 'theirs' }, DEMO_KEYS.other);
    expect((await t.request('PUT', '/v1/posts/slug/theirs', { body: { title: 'Mine now' } })).status).toBe(404);
    expect((await t.request('DELETE', '/v1/posts/slug/theirs')).status).toBe(404);
    expect((await read(id)).title).toBe('Theirs');
    expect((await t.request('PUT', '/v1/posts/slug/theirs', { key: null, body: {} })).status).toBe(401);
  });
});

describe('a publication that has never had a post', () => {
  it('answers 404 to every lookup by slug, and its first post gets the slug of its title', async () => {
    expect(await t.request('PUT', '/v1/posts/slug/nothing', { body: { title: 'x' } })).toMatchObject({ status: 404, body: { success: false } });
    expect(await t.request('DELETE', '/v1/posts/slug/nothing')).toMatchObject({ status: 404, body: { success: false } });
    const publicationId = (await t.publications()).demo.id;
    for (const path of [`/v1/publications/${publicationId}/posts/slug/nothing`, '/v1/publications/slug/demo/posts/slug/nothing']) {
      expect(await t.request('GET', path, { key: null })).toMatchObject({ status: 404, body: { success: false } });
    }
    const id = await create({ title: 'First One' });
    expect((await read(id)).slug).toBe('first-one');
  });

  it('lets a given slug of the form base-N go without moving where generated suffixes start', async () => {
    // No generated suffix yet: the publication has no record of where any base's suffixes start.
    expect(await t.request('DELETE', `/v1/posts/${await create({ title: 'Given', slug: 'given-3' })}`)).toMatchObject({ status: 200 });
    const slugs = async (title: string, n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push((await read(await create({ title }))).slug);
      return out;
    };
    expect(await slugs('Given', 2)).toEqual(['given', 'given-2']);
    // Now the publication has one (given's): a given slug of another base, or past the first free suffix, is let go.
    await t.request('DELETE', '/v1/posts/slug/given');
    await t.request('DELETE', `/v1/posts/${await create({ title: 'Other', slug: 'other-5' })}`);
    await t.request('DELETE', `/v1/posts/${await create({ title: 'Given', slug: 'given-7' })}`);
    expect(await slugs('Other', 2)).toEqual(['other', 'other-2']);
    expect(await slugs('Given', 2)).toEqual(['given', 'given-3']);
  });
});
