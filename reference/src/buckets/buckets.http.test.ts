import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Bucket, BucketPage } from '../../../schemas/buckets.js';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let c: TestClient;
beforeAll(async () => {
  c = await startTestServer({ fixtures: 'empty', seed: 4 });
});
afterAll(() => c.close());
beforeEach(async () => {
  await c.reset({ empty: true });
});

async function post(title = 'Seed post', key: string = DEMO_KEYS.demo): Promise<string> {
  const res = await c.request('POST', '/v1/posts', { key, body: { title, markdown: 'Hello', status: 'draft' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

const makeBucket = async (postId: string, key: string = DEMO_KEYS.demo) =>
  (await c.request('POST', `/v1/posts/${postId}/bucket`, { key, body: {} })).body.bucketId as string;

describe('/v1/posts/{postId}/bucket', () => {
  it('answers null until the group is made, then its id', async () => {
    const postId = await post();
    expect((await c.request('GET', `/v1/posts/${postId}/bucket`)).body).toEqual({ bucketId: null });
    const made = await c.request('POST', `/v1/posts/${postId}/bucket`, { body: {} });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ bucketId: expect.any(String) });
    expect((await c.request('GET', `/v1/posts/${postId}/bucket`)).body).toEqual(made.body);
  });

  it('is idempotent, also for concurrent calls, and writes nothing on repeats', async () => {
    const postId = await post();
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.request('POST', `/v1/posts/${postId}/bucket`, { body: {} })));
    const ids = new Set(answers.map((a) => a.body.bucketId));
    expect(ids.size).toBe(1);
    const [bucketId] = ids;
    const before = (await c.request('GET', `/v1/buckets/${bucketId}`)).body;
    await c.request('POST', '/_control/clock', { key: null, body: { advanceMs: 60_000 } });
    expect((await c.request('POST', `/v1/posts/${postId}/bucket`, { body: {} })).body.bucketId).toBe(bucketId);
    expect((await c.request('GET', `/v1/buckets/${bucketId}`)).body).toEqual(before);
    expect((await c.request('GET', '/v1/buckets')).body.pagination.total).toBe(1);
  });

  it("gives the same answer for a post's draft row id (shown by the control API)", async () => {
    const postId = await post();
    const row = await c.request('GET', `/_control/posts/${postId}/draft-row`, { key: null });
    expect(row.body).toEqual({ postId, draftRowId: expect.stringMatching(/^[A-Za-z0-9]{20}$/) });
    const viaDraft = await makeBucket(row.body.draftRowId);
    expect(await makeBucket(postId)).toBe(viaDraft);
    expect((await c.request('GET', `/v1/posts/${row.body.draftRowId}/bucket`)).body).toEqual({ bucketId: viaDraft });
  });

  it('the control API lists the draft rows among its capabilities and answers 404 naming an unknown post', async () => {
    expect((await c.request('GET', '/_control', { key: null })).body.capabilities).toContain('post-draft-rows');
    const unknown = await c.request('GET', '/_control/posts/no-such-post/draft-row', { key: null });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, msg: expect.stringContaining('no-such-post') });
  });

  it('takes an empty object only, needs a key, and finds only own posts', async () => {
    const postId = await post();
    expect((await c.request('POST', `/v1/posts/${postId}/bucket`, { body: { name: 'x' } })).status).toBe(400);
    expect((await c.request('POST', `/v1/posts/${postId}/bucket`, { key: null, body: {} })).status).toBe(401);
    const theirs = await post('Theirs', DEMO_KEYS.other);
    expect((await c.request('POST', `/v1/posts/${theirs}/bucket`, { body: {} })).status).toBe(404);
    expect((await c.request('GET', `/v1/posts/${theirs}/bucket`)).status).toBe(404);
    expect((await c.request('GET', '/v1/posts/nope/bucket')).status).toBe(404);
  });
});

describe('/v1/buckets', () => {
  it('shows a group with its members in display order', async () => {
    const postId = await post('The seeding post');
    const bucketId = await makeBucket(postId);
    const thread = await c.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'Thread', body: { tweets: ['a'] }, bucketId } });
    expect(thread.body.bucketId).toBe(bucketId);
    const email = await c.request('POST', '/v1/content', { body: { kind: 'newsletter', title: 'Email', body: { subject: 's', body: 'b' } } });
    await c.request('PATCH', `/v1/content/${email.body.id}`, { body: { bucketId } });
    const got = await c.request('GET', `/v1/buckets/${bucketId}`);
    expect(got.status).toBe(200);
    const bucket = Bucket.parse(got.body);
    expect(bucket.title).toBe('The seeding post');
    expect(bucket.members.map((m) => [m.kind, m.id, m.channel, m.status, m.position])).toEqual([
      ['post', postId, 'paragraph', 'draft', 0],
      ['tweet', thread.body.id, 'x', 'draft', 1],
      ['newsletter', email.body.id, 'email', 'draft', 2],
    ]);
    expect(got.body.members[1]).not.toHaveProperty('body');
  });

  it('refuses to regroup a piece with 409, and 404s unknown or foreign groups', async () => {
    const a = await makeBucket(await post('A'));
    const b = await makeBucket(await post('B'));
    const piece = await c.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'T', body: { text: 't' }, bucketId: a } });
    const moved = await c.request('PATCH', `/v1/content/${piece.body.id}`, { body: { bucketId: b } });
    expect(moved.status).toBe(409);
    expect(moved.body.success).toBe(false);
    expect((await c.request('GET', `/v1/content/${piece.body.id}`)).body.bucketId).toBe(a);
    expect((await c.request('PATCH', `/v1/content/${piece.body.id}`, { body: { bucketId: a } })).status).toBe(200);
    const theirs = await makeBucket(await post('Theirs', DEMO_KEYS.other), DEMO_KEYS.other);
    expect((await c.request('GET', `/v1/buckets/${theirs}`)).status).toBe(404);
    expect((await c.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'T', body: { text: 't' }, bucketId: theirs } })).status).toBe(404);
  });

  it('lists most recently active first, in pages of 1..50', async () => {
    const first = await makeBucket(await post('First'));
    await c.request('POST', '/_control/clock', { key: null, body: { advanceMs: 1000 } });
    const second = await makeBucket(await post('Second'));
    await c.request('POST', '/_control/clock', { key: null, body: { advanceMs: 1000 } });
    // Activity of a member makes its group the most recent.
    await c.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'T', body: { text: 't' }, bucketId: first } });
    const page = await c.request('GET', '/v1/buckets?limit=1');
    expect(BucketPage.parse(page.body).items.map((b) => b.id)).toEqual([first]);
    expect(page.body.pagination).toMatchObject({ hasMore: true, total: 2 });
    const next = await c.request('GET', `/v1/buckets?limit=1&cursor=${encodeURIComponent(page.body.pagination.cursor)}`);
    expect(next.body.items.map((b: { id: string }) => b.id)).toEqual([second]);
    for (const bad of ['0', '51']) expect((await c.request('GET', `/v1/buckets?limit=${bad}`)).status).toBe(400);
    const other = await c.request('GET', '/v1/buckets', { key: DEMO_KEYS.other });
    expect(other.body.items).toEqual([]);
  });
});
