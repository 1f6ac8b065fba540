/**
 * PUT and DELETE /v1/posts/slug/{slug}: the writes by id, addressed by the
 * slug of a post of the key's publication.
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
