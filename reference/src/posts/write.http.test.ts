/**
 * Writing posts over HTTP: create, update, delete; every refusal with its
 * status and a message naming the field; a refused request changes nothing
 * (read back and compare); scheduling with the control clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type ControlPublication, type TestClient, type TestResponse } from '../testing.support.test.js';

const DAY = 86_400_000;
let t: TestClient;
let demo: ControlPublication;
let other: ControlPublication;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  ({ demo, other } = await t.publications());
});

const expectError = (res: TestResponse, status: number, msg?: RegExp) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ success: false, msg: expect.any(String) });
  if (msg) expect(res.body.msg).toMatch(msg);
};

const now = async () => (await t.request('GET', '/_control/clock', { key: null })).body.now as number;
const post = (body: unknown, key: string | null = DEMO_KEYS.demo) => t.request('POST', '/v1/posts', { key, body });
const put = (id: string, body: unknown, key: string | null = DEMO_KEYS.demo) => t.request('PUT', `/v1/posts/${id}`, { key, body });
const read = async (id: string) => (await t.request('GET', `/v1/posts/${id}?includeContent=true`)).body;
const create = async (body: Record<string, unknown> = {}) => {
  const res = await post({ title: 'A post', markdown: 'Body text.', ...body });
  expect(res.status).toBe(200);
  return res.body.id as string;
};
/** How many posts the demo publication has, over every status. */
const postCount = async () => {
  let n = 0;
  for (const status of ['published', 'draft', 'scheduled', 'archived'])
    n += (await t.request('GET', `/v1/posts?status=${status}&limit=1`)).body.pagination.total;
  return n;
};

describe('POST /v1/posts', () => {
  it('answers {id, status}: published by default, draft on request, scheduled with scheduledAt', async () => {
    const a = await post({ title: 'Default', markdown: 'x' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{20}$/), status: 'published' });
    expect((await post({ title: 'Draft', markdown: 'x', status: 'draft' })).body.status).toBe('draft');
    expect((await post({ title: 'Later', markdown: 'x', scheduledAt: (await now()) + DAY })).body.status).toBe('scheduled');
    expect((await post({ title: 'Zero', markdown: 'x', scheduledAt: 0 })).body.status).toBe('published');
  });

  it('stores what it was given', async () => {
    const id = await create({
      title: 'Full post', subtitle: 'Sub', slug: 'full-post-slug', postPreview: 'Preview', categories: 'a, b',
      authorIds: [demo.teamMemberIds[0]], canonicalUrl: 'https://blog.example.com/full', publishOnline: false,
      communityId: demo.communityIds[0], imageUrl: 'https://img.example.com/c.png', imageAlt: 'Alt',
      bodyJson: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'JSON body' }] }] }),
      markdown: undefined,
    });
    expect(await read(id)).toMatchObject({
      title: 'Full post', subtitle: 'Sub', slug: 'full-post-slug', postPreview: 'Preview', categories: ['a', 'b'],
      authorIds: [demo.teamMemberIds[0]], canonicalUrl: 'https://blog.example.com/full', publishOnline: false,
      communityId: demo.communityIds[0], imageAlt: 'Alt', status: 'published', markdown: 'JSON body',
    });
  });

  it('needs a key', async () => {
    expectError(await post({ title: 'x', markdown: 'x' }, null), 401);
  });

  it.each([
    [{ markdown: 'x' }, /^title is required/],
    [{ title: '', markdown: 'x' }, /^title must not be empty/],
    [{ title: 'x'.repeat(201), markdown: 'x' }, /^title must be at most 200 characters/],
    [{ title: 'x' }, /markdown or bodyJson; neither was given/],
    [{ title: 'x', markdown: 'x', bodyJson: '{}' }, /markdown or bodyJson, not both/],
    [{ title: 'x', bodyJson: '{"type":"doc","content":[{"type":"nope"}]}' }, /bodyJson/],
    [{ title: 'x', bodyJson: 'not json' }, /bodyJson/],
    [{ title: 'x', markdown: 'x', subtitle: 's'.repeat(301) }, /^subtitle must be at most 300 characters/],
    [{ title: 'x', markdown: 'x', slug: '' }, /^slug must not be empty/],
    [{ title: 'x', markdown: 'x', slug: 's'.repeat(257) }, /^slug must be at most 256 characters/],
    [{ title: 'x', markdown: 'x', slug: 'has space' }, /^slug may contain only/],
    [{ title: 'x', markdown: 'x', postPreview: 'p'.repeat(501) }, /^postPreview must be at most 500 characters/],
    [{ title: 'x', markdown: 'x', categories: Array.from({ length: 51 }, (_, i) => `c${i}`) }, /^categories must have at most 50/],
    [{ title: 'x', markdown: 'x', categories: ['c'.repeat(101)] }, /^categories must each be at most 100 characters/],
    [{ title: 'x', markdown: 'x', categories: 7 }, /^categories must be an array of strings or a comma-separated string/],
    [{ title: 'x', markdown: 'x', authorIds: [] }, /^authorIds must have at least 1 item/],
    [{ title: 'x', markdown: 'x', canonicalUrl: 'not a url' }, /^canonicalUrl must be an http\(s\) URL/],
    [{ title: 'x', markdown: 'x', canonicalUrl: `https://e.com/${'a'.repeat(2048)}` }, /^canonicalUrl must be at most 2048 characters/],
    [{ title: 'x', markdown: 'x', imageUrl: 'ftp://img.example.com/a.png' }, /^imageUrl must be an http\(s\) URL/],
    [{ title: 'x', markdown: 'x', imageAlt: 'a'.repeat(1001) }, /^imageAlt must be at most 1000 characters/],
    [{ title: 'x', markdown: 'x', communityId: '' }, /^communityId must not be empty/],
    [{ title: 'x', markdown: 'x', communityId: 'c'.repeat(129) }, /^communityId must be at most 128 characters/],
    [{ title: 'x', markdown: 'x', status: 'archived' }, /^status must be one of: "draft", "published"/],
    [{ title: 'x', markdown: 'x', status: 'scheduled' }, /^status must be one of/],
    [{ title: 'x', markdown: 'x', sendNewsletter: 'yes' }, /^sendNewsletter must be true or false/],
    [{ title: 'x', markdown: 'x', scheduledAt: -5 }, /^scheduledAt must be at least 0/],
    [{ title: 'x', markdown: 'x', scheduledAt: 'tomorrow' }, /^scheduledAt must be/],
    [{ title: 'x', markdown: 'x', publishOnline: 'yes' }, /^publishOnline must be a boolean/],
    [{ title: 'x', markdown: 'x', publishedAt: 9_999_999_999_999 }, /^publishedAt must not be in the future: use scheduledAt/],
    [[], /^body must be an object/],
  ])('400 for %j', async (body, msg) => {
    const before = await postCount();
    expectError(await post(body), 400, msg);
    expect(await postCount()).toBe(before);
  });

  it('400 for people, segments and times the publication does not allow, naming them', async () => {
    const before = await postCount();
    const removed = demo.removedMemberIds[0];
    expectError(await post({ title: 'x', markdown: 'x', authorIds: [removed] }), 400, new RegExp(`authorIds\\[0\\]: "${removed}"`));
    expectError(await post({ title: 'x', markdown: 'x', authorIds: [other.ownerUserId] }), 400, new RegExp(other.ownerUserId));
    expectError(await post({ title: 'x', markdown: 'x', communityId: demo.unavailableCommunityIds[0] }), 400, /communityId ".+" is not an available segment of this publication/);
    expectError(await post({ title: 'x', markdown: 'x', communityId: other.communityIds[0] }), 400, /not an available segment/);
    const n = await now();
    expectError(await post({ title: 'x', markdown: 'x', scheduledAt: n - 1000 }), 400, /scheduledAt must be in the future/);
    expectError(await post({ title: 'x', markdown: 'x', scheduledAt: n + 31 * DAY }), 400, /scheduledAt must be at most 30 days ahead/);
    expectError(await post({ title: 'x', markdown: 'x', scheduledAt: n + DAY, status: 'draft' }), 400, /scheduledAt cannot be combined with status draft/);
    await create({ title: 'Taken', slug: 'taken' });
    expectError(await post({ title: 'x', markdown: 'x', slug: 'taken' }), 400, /slug "taken" is already used/);
    expect(await postCount()).toBe(before + 1);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.request('POST', '/v1/posts', { body: '{"title":', headers: { 'Content-Type': 'application/json' } });
    expectError(res, 400, /not valid JSON/);
  });
});

describe('PUT /v1/posts/{postId}', () => {
  it('with the body the post has already changes nothing, whether its document was converted in a worker or restored from a snapshot', async () => {
    await t.request('POST', '/_control/clock', { key: null, body: { frozen: true } });
    const markdown = '## Same\n\nA *body* with a [link](https://example.com).';
    const id = await create({ markdown });
    const before = await read(id);
    await t.request('POST', '/_control/clock', { key: null, body: { advanceMs: DAY } });
    // Kept as the worker's JSON text since the POST: compared by that text.
    expect((await put(id, { markdown })).status).toBe(200);
    expect((await read(id)).updatedAt).toBe(before.updatedAt);
    // Restored from a snapshot, the document is a tree again: compared with the new text all the same.
    expect((await t.request('POST', '/_control/snapshot', { key: null, body: { name: 'same-body' } })).status).toBe(200);
    expect((await t.request('POST', '/_control/restore', { key: null, body: { name: 'same-body' } })).status).toBe(200);
    expect(await read(id)).toEqual(before);
    expect((await put(id, { markdown })).status).toBe(200);
    expect((await read(id)).updatedAt).toBe(before.updatedAt);
    expect((await put(id, { markdown: markdown + ' More.' })).status).toBe(200);
    expect((await read(id)).updatedAt).not.toBe(before.updatedAt);
  });

  it('answers {success: true} and changes only what was sent', async () => {
    const id = await create({ subtitle: 'Keep me', categories: ['x'] });
    const res = await put(id, { title: 'Renamed', status: 'published' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await read(id)).toMatchObject({ title: 'Renamed', subtitle: 'Keep me', categories: ['x'], slug: 'a-post', status: 'published' });
  });

  it('publishes, unpublishes (publishedAt kept), archives and restores', async () => {
    const id = await create({ status: 'draft' });
    await put(id, { status: 'published' });
    const live = await read(id);
    expect(live.status).toBe('published');
    expect((await t.request('GET', `/v1/posts/${id}`, { key: null })).status).toBe(200);
    await put(id, { status: 'draft' });
    expect(await read(id)).toMatchObject({ status: 'draft', publishedAt: live.publishedAt });
    expectError(await t.request('GET', `/v1/posts/${id}`, { key: null }), 404);
    await put(id, { status: 'archived' });
    expect((await read(id)).status).toBe('archived');
    await put(id, { status: 'published' });
    expect(await read(id)).toMatchObject({ status: 'published', publishedAt: live.publishedAt });
  });

  it('an edit of a live post without status published turns it into a draft', async () => {
    const id = await create({});
    await put(id, { title: 'Forgot the status' });
    expect((await read(id)).status).toBe('draft');
    const kept = await create({});
    await put(kept, { title: 'Remembered', status: 'published' });
    expect((await read(kept)).status).toBe('published');
  });

  it('is 404 for another publication’s post (published or not) and unknown ids; 401 without a key', async () => {
    const mine = await create({});
    const theirs = (await post({ title: 'Theirs', markdown: 'x' }, DEMO_KEYS.other)).body.id;
    expectError(await put(theirs, { title: 'Hijack' }), 404, /post not found/);
    expectError(await put('unknownunknownunknown', { title: 'x' }), 404, /post not found/);
    expectError(await put(mine, { title: 'x' }, null), 401);
    expect((await t.request('GET', `/v1/posts/${theirs}`, { key: null })).body.title).toBe('Theirs');
  });

  it('schedules a draft and the control clock publishes it at that time', async () => {
    await t.request('POST', '/_control/clock', { key: null, body: { frozen: true } });
    const id = await create({ status: 'draft' });
    const at = (await now()) + 2 * DAY;
    expect((await put(id, { scheduledAt: at, status: 'published' })).status).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'scheduled' });
    const scheduledList = (await t.request('GET', '/v1/posts?status=scheduled&limit=100')).body.items;
    expect(scheduledList.map((p: { id: string }) => p.id)).toContain(id);
    expectError(await put(id, { scheduledAt: at + DAY }), 400, /already scheduled: cancel the schedule with scheduledAt null first/);
    await t.request('POST', '/_control/clock', { key: null, body: { advanceMs: 2 * DAY } });
    expect(await read(id)).toMatchObject({ status: 'published', publishedAt: String(at) });
  });

  it('cancels a schedule with scheduledAt null; the post is then a draft', async () => {
    const id = await create({ scheduledAt: (await now()) + DAY });
    await put(id, { scheduledAt: null });
    expect((await read(id)).status).toBe('draft');
    await t.request('POST', '/_control/clock', { key: null, body: { advanceMs: 2 * DAY } });
    expect((await read(id)).status).toBe('draft');
  });

  it('replaces, clears and describes the cover', async () => {
    const id = await create({ imageUrl: 'https://img.example.com/1.png' });
    const first = (await read(id)).imageUrl;
    await put(id, { imageUrl: 'https://img.example.com/2.png', imageAlt: 'Two', status: 'published' });
    const second = await read(id);
    expect(second.imageUrl).not.toBe(first);
    expect(second.imageAlt).toBe('Two');
    expectError(await t.request('GET', first.slice(t.url.length), { key: null }), 404);
    await put(id, { clearImage: true, status: 'published' });
    const cleared = await read(id);
    expect(cleared).not.toHaveProperty('imageUrl');
    expect(cleared).not.toHaveProperty('imageAlt');
  });

  it.each([
    [{ title: 'x'.repeat(201) }, /^title must be at most 200 characters/],
    [{ title: '' }, /^title must not be empty/],
    [{ markdown: 'a', bodyJson: '{}' }, /markdown or bodyJson, not both/],
    [{ bodyJson: '{"type":"doc","content":[{"type":"script"}]}' }, /bodyJson/],
    [{ subtitle: 'x'.repeat(301) }, /^subtitle/],
    [{ slug: 'x'.repeat(257) }, /^slug/],
    [{ slug: 'taken' }, /^slug "taken" is already used/],
    [{ postPreview: 'x'.repeat(501) }, /^postPreview/],
    [{ categories: ['x'.repeat(101)] }, /^categories/],
    [{ authorIds: Array(21).fill('x') }, /^authorIds must be at most 20 items/],
    [{ authorIds: ['nobody'] }, /^authorIds\[0\]: "nobody"/],
    [{ status: 'scheduled' }, /^status must be one of: "draft", "published", "archived"/],
    [{ scheduledAt: 1.5 }, /^scheduledAt must be an integer/],
    [{ scheduledAt: 'soon' }, /^scheduledAt/],
    [{ scheduledAt: 4_102_444_800_000 }, /^scheduledAt must be at most 30 days ahead|only a draft/],
    [{ sendNewsletter: 2 }, /^sendNewsletter must be true or false/],
    [{ canonicalUrl: 'javascript:alert(1)' }, /^canonicalUrl must be an http\(s\) URL/],
    [{ publishOnline: 'no' }, /^publishOnline must be a boolean/],
    [{ communityId: 'c'.repeat(129) }, /^communityId must be at most 128 characters/],
    [{ communityId: 'com_unknown' }, /^communityId "com_unknown" is not an available segment/],
    [{ publishedAt: -1 }, /^publishedAt must be at least 0/],
    [{ publishedAt: 4_102_444_800_000 }, /^publishedAt must not be in the future: use scheduledAt to publish later/],
    [{ imageUrl: 'not a url' }, /^imageUrl must be an http\(s\) URL/],
    [{ imageAlt: 'x'.repeat(1001) }, /^imageAlt must be at most 1000 characters/],
    [{ clearImage: 'yes' }, /^clearImage must be a boolean/],
    [{ title: 'Fine', scheduledAt: 'SOON_DRAFT', status: 'draft' }, /cannot be combined with status draft/],
    [{ title: 'Fine', scheduledAt: 'SOON_DRAFT', status: 'archived' }, /cannot be combined with status archived/],
    [{ title: 'Fine', scheduledAt: 'SOON_DRAFT' }, /only a draft that was never published can be scheduled/],
  ])('400 for %j, and the post is unchanged', async (raw, msg) => {
    await create({ title: 'Taken', slug: 'taken' });
    const id = await create({ title: 'Target', imageUrl: 'https://img.example.com/t.png', imageAlt: 'T', categories: 'k' });
    const body = { ...raw } as Record<string, unknown>;
    if (body.scheduledAt === 'SOON_DRAFT') body.scheduledAt = (await now()) + DAY;
    const before = await read(id);
    const countBefore = await postCount();
    expectError(await put(id, body), 400, msg);
    expect(await read(id)).toEqual(before);
    expect(await postCount()).toBe(countBefore);
    expect((await t.request('GET', before.imageUrl.slice(t.url.length), { key: null })).status).toBe(200);
  });
});

describe('DELETE /v1/posts/{postId}', () => {
  it('deletes permanently and unpins', async () => {
    const id = await create({});
    await t.request('PATCH', `/v1/publications/${demo.id}`, { body: { pinnedPostIds: [id] } });
    const res = await t.request('DELETE', `/v1/posts/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expectError(await t.request('GET', `/v1/posts/${id}`), 404);
    expectError(await t.request('DELETE', `/v1/posts/${id}`), 404);
    expect((await t.request('GET', `/v1/publications/${demo.id}`, { key: null })).body.pinnedPostIds).toEqual([]);
  });

  it('is 404 for another publication’s post and 401 without a key', async () => {
    const theirs = (await post({ title: 'Theirs', markdown: 'x' }, DEMO_KEYS.other)).body.id;
    expectError(await t.request('DELETE', `/v1/posts/${theirs}`), 404);
    expectError(await t.request('DELETE', `/v1/posts/${theirs}`, { key: null }), 401);
    expect((await t.request('GET', `/v1/posts/${theirs}`, { key: null })).status).toBe(200);
  });
});
