import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContentPage, ContentPiece } from '../../../schemas/content.js';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let c: TestClient;
beforeAll(async () => {
  c = await startTestServer({ fixtures: 'empty', seed: 3 });
});
afterAll(() => c.close());
beforeEach(async () => {
  await c.reset({ empty: true });
});

const tweet = (text = 'Hello') => ({ kind: 'tweet', title: 'A tweet', body: { text } });
const create = async (body: unknown = tweet(), key: string = DEMO_KEYS.demo) => {
  const res = await c.request('POST', '/v1/content', { body, key });
  expect(res.status).toBe(200);
  return res.body as { id: string; updatedAt: string };
};
const control = (path: string, body: unknown = {}) => c.request('POST', `/_control${path}`, { key: null, body });

describe('/v1/content', () => {
  it('needs an API key', async () => {
    expect((await c.request('GET', '/v1/content', { key: null })).status).toBe(401);
    expect((await c.request('POST', '/v1/content', { key: null, body: tweet() })).status).toBe(401);
  });

  it('creates a draft and answers the piece with its body', async () => {
    const res = await c.request('POST', '/v1/content', { body: { ...tweet('First line\nsecond') } });
    expect(res.status).toBe(200);
    expect(ContentPiece.parse(res.body)).toMatchObject({ status: 'draft', excerpt: 'First line', body: { text: 'First line\nsecond' } });
    const got = await c.request('GET', `/v1/content/${res.body.id}`);
    expect(got.body).toEqual(res.body);
  });

  it('explains an invalid body with 400', async () => {
    const res = await c.request('POST', '/v1/content', {
      body: { kind: 'tweet', title: 'T', body: { tweets: ['a', 'b', 'c'.repeat(291)] } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, msg: 'entry 3 of the thread (body.tweets[2]) is 291 characters; the limit is 280' });
    const headline = await c.request('POST', '/v1/content', { body: { kind: 'x_article', title: 'T', body: { body: 'text' } } });
    expect(headline.body.msg).toBe('an X Article needs a headline (body.title)');
  });

  it("hides another publication's pieces (404 everywhere)", async () => {
    const theirs = await create(tweet(), DEMO_KEYS.other);
    for (const [method, path, body] of [
      ['GET', `/v1/content/${theirs.id}`, undefined],
      ['PATCH', `/v1/content/${theirs.id}`, { title: 'x' }],
      ['POST', `/v1/content/${theirs.id}/archive`, {}],
      ['POST', `/v1/content/${theirs.id}/restore`, {}],
    ] as const) {
      expect((await c.request(method, path, { body })).status).toBe(404);
    }
    const list = await c.request('GET', '/v1/content');
    expect(list.body.items).toEqual([]);
  });

  it('lists without bodies, newest activity first, in pages with signed cursors bound to the filters', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await create()).id);
      await c.request('POST', '/_control/clock', { key: null, body: { advanceMs: 1000 } });
    }
    const first = await c.request('GET', '/v1/content?limit=2');
    expect(ContentPage.parse(first.body).items.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.items[0]).not.toHaveProperty('body');
    expect(first.body.pagination).toMatchObject({ hasMore: true, total: 5 });
    const second = await c.request('GET', `/v1/content?limit=2&cursor=${encodeURIComponent(first.body.pagination.cursor)}`);
    expect(second.body.items.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const foreign = await c.request('GET', `/v1/content?limit=2&status=draft&cursor=${encodeURIComponent(first.body.pagination.cursor)}`);
    expect(foreign.status).toBe(400);
    for (const bad of ['0', '51', 'ten']) expect((await c.request('GET', `/v1/content?limit=${bad}`)).status).toBe(400);
    expect((await c.request('GET', '/v1/content?status=deleted')).status).toBe(400);
    expect((await c.request('GET', '/v1/content?kind=facebook')).status).toBe(400);
    expect((await c.request('GET', '/v1/content?limit=50')).status).toBe(200);
  });

  it('filters by kind and by the status views of rule 1', async () => {
    const draft = await create(tweet());
    const delivered = await create({ kind: 'linkedin', title: 'L', body: { text: 'Hi' } });
    const deliveredArchived = await create(tweet());
    const archived = await create(tweet());
    for (const id of [delivered.id, deliveredArchived.id]) {
      await control(`/content/${id}/send`);
      await control(`/content/${id}/send/deliver`);
    }
    await c.request('POST', `/v1/content/${deliveredArchived.id}/archive`, { body: {} });
    await c.request('POST', `/v1/content/${archived.id}/archive`, { body: {} });
    const ids = async (query: string) =>
      ((await c.request('GET', `/v1/content?${query}`)).body.items as { id: string }[]).map((p) => p.id).sort();
    expect(await ids('')).toEqual([draft.id, delivered.id, deliveredArchived.id].sort());
    expect(await ids('status=all')).toEqual(await ids(''));
    expect(await ids('status=draft')).toEqual([draft.id]);
    expect(await ids('status=published')).toEqual([delivered.id]);
    expect(await ids('status=archived')).toEqual([archived.id]);
    expect(await ids('kind=linkedin')).toEqual([delivered.id]);
  });

  it('patches title and body, and refuses body edits and archive while a send is queued', async () => {
    const piece = await create({ kind: 'newsletter', title: 'N', body: { subject: 'S', body: 'B' } });
    const renamed = await c.request('PATCH', `/v1/content/${piece.id}`, { body: { title: 'Renamed', body: { subject: 'S2', body: 'B2' } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Renamed', body: { subject: 'S2', body: 'B2' } });
    const queued = await control(`/content/${piece.id}/send`);
    expect(queued.body).toMatchObject({ scheduled: true, lockedReason: 'send_queued', send: { state: 'queued', at: null } });
    const edit = await c.request('PATCH', `/v1/content/${piece.id}`, { body: { body: { subject: 'S3', body: 'B3' } } });
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toMatch(/^this piece is locked because a send is queued/);
    expect((await c.request('PATCH', `/v1/content/${piece.id}`, { body: { title: 'Still renamable' } })).status).toBe(200);
    const archive = await c.request('POST', `/v1/content/${piece.id}/archive`, { body: {} });
    expect(archive.status).toBe(400);
    await control(`/content/${piece.id}/send/cancel`);
    const archived = await c.request('POST', `/v1/content/${piece.id}/archive`, { body: {} });
    expect(archived.status).toBe(200);
    expect(ContentPiece.parse(archived.body)).toMatchObject({ status: 'archived', body: { subject: 'S2' } });
    const restored = await c.request('POST', `/v1/content/${piece.id}/restore`, { body: {} });
    expect(restored.body).toMatchObject({ status: 'draft', archivedAt: null });
  });

  it("reads a newsletter's or article's markdown in a worker: a body marked is slow on holds nobody else", async () => {
    // Seconds of marked's time (it is superlinear on text that opens a quote on every other line), spent off the HTTP thread.
    const slow = c.request('POST', '/v1/content', { body: { kind: 'newsletter', title: 'Quotes', body: { subject: 'S', body: 'a\n> b\n'.repeat(16_000) } } });
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 3; i++) expect((await c.request('GET', '/v1/content')).status).toBe(200);
    expect(slowDone).toBe(false);
    expect(await slow).toMatchObject({ status: 200, body: { excerpt: 'a' } });

    // The worker's reading serves the article's link rule and the excerpt as the thread's own would.
    const url = 'https://example.com/original';
    const article = await c.request('POST', '/v1/content', {
      body: { kind: 'x_article', title: 'A', body: { title: 'Headline', body: `\n\n*First* line.\n\n[Originally here](${url})`, canonicalUrl: url } },
    });
    expect(article.body).toMatchObject({ excerpt: 'First line.', body: { canonicalUrl: url } });
    const unlinked = await c.request('PATCH', `/v1/content/${article.body.id}`, { body: { body: { title: 'H', body: 'no link', canonicalUrl: url } } });
    expect(unlinked.status).toBe(400);
    expect(unlinked.body.msg).toMatch(/must also appear as a link/);
    const patched = await c.request('PATCH', `/v1/content/${article.body.id}`, { body: { body: { title: 'Headline 2', body: '***' } } });
    expect(patched.body).toMatchObject({ excerpt: 'Headline 2' });
  });

  it('reads restored markdown bodies in a worker too: after a restore, the slow body holds nobody else', async () => {
    const body = { subject: 'S', body: 'a\n> b\n'.repeat(16_000) };
    expect((await c.request('POST', '/v1/content', { body: { kind: 'newsletter', title: 'Quotes', body } })).status).toBe(200);
    expect((await c.request('POST', '/_control/snapshot', { key: null, body: { name: 'slow-body' } })).status).toBe(200);
    expect((await c.request('POST', '/_control/restore', { key: null, body: { name: 'slow-body' } })).status).toBe(200);
    const list = c.request('GET', '/v1/content');
    let listDone = false;
    void list.then(() => (listDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 3; i++) expect((await c.request('GET', '/v1/posts?limit=1')).status).toBe(200);
    expect(listDone).toBe(false);
    const listed = await list;
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((p: { title: string }) => p.title === 'Quotes')).toMatchObject({ excerpt: 'a' });
  });

  it('archive and restore take an empty object only', async () => {
    const piece = await create();
    expect((await c.request('POST', `/v1/content/${piece.id}/archive`, { body: { now: true } })).status).toBe(400);
    expect((await c.request('POST', `/v1/content/${piece.id}/archive`)).status).toBe(200);
  });

  it('delivers through the control API with a url per channel', async () => {
    const piece = await create();
    await control(`/content/${piece.id}/send`);
    const running = await control(`/content/${piece.id}/send/start`);
    expect(running.body).toMatchObject({ scheduled: false, lockedReason: 'send_in_progress' });
    const done = await control(`/content/${piece.id}/send/deliver`);
    expect(done.body).toMatchObject({ status: 'published', lockedReason: null });
    expect(done.body.url).toMatch(/^https:\/\/x\.com\/i\/status\/\d+$/);
    expect((await control(`/content/${piece.id}/send/deliver`)).status).toBe(400);
    expect((await control('/content/nope/send')).status).toBe(404);
  });

  it('runs a timed send when the clock reaches it', async () => {
    const piece = await create();
    // Frozen, so that `at` equal to now stays now: a time is refused unless it is in the future.
    const now = (await c.request('POST', '/_control/clock', { key: null, body: { frozen: true } })).body.now as number;
    try {
      for (const at of [now - 1, now]) {
        const refused = await control(`/content/${piece.id}/send`, { at });
        expect(refused.status, `at ${at - now} ms from now`).toBe(400);
        expect(refused.body).toEqual({ success: false, msg: `at must be in the future: now is ${now}` });
      }
      await control(`/content/${piece.id}/send`, { at: now + 60_000 });
      await c.request('POST', '/_control/clock', { key: null, body: { advanceMs: 120_000 } });
      const got = await c.request('GET', `/v1/content/${piece.id}`);
      expect(got.body).toMatchObject({ status: 'published', publishedAt: new Date(now + 60_000).toISOString() });
    } finally {
      await c.request('POST', '/_control/clock', { key: null, body: { frozen: false } });
    }
  });

  it('dismisses suggestions proposing an archived piece', async () => {
    const piece = await create();
    const made = await control('/suggestions', { contentId: piece.id });
    expect(made.body).toMatchObject({ status: 'open', contentId: piece.id });
    await c.request('POST', `/v1/content/${piece.id}/archive`, { body: {} });
    const list = await c.request('GET', `/_control/suggestions?contentId=${piece.id}`, { key: null });
    expect(list.body.suggestions).toEqual([expect.objectContaining({ id: made.body.id, status: 'dismissed' })]);
  });

  it('keeps media attached in the web app when the body is replaced, and never shows it in body', async () => {
    const piece = await create();
    await control(`/content/${piece.id}/media`, { url: 'https://img.example/a.png' });
    await c.request('PATCH', `/v1/content/${piece.id}`, { body: { body: { text: 'New words' } } });
    const seen = await c.request('GET', `/_control/content/${piece.id}`, { key: null });
    expect(seen.body).toMatchObject({ body: { text: 'New words' }, media: [{ url: 'https://img.example/a.png', alt: null }] });
    expect((await c.request('GET', `/v1/content/${piece.id}`)).body.body).toEqual({ text: 'New words' });
  });

  it('announces its control capabilities', async () => {
    const info = await c.request('GET', '/_control', { key: null });
    expect(info.body.capabilities).toEqual(expect.arrayContaining(['content-sends', 'content-media', 'suggestions', 'post-draft-rows']));
  });
});

describe('--control-token', () => {
  it("every content control route takes the control token, which is not an API key", async () => {
    const guarded = await startTestServer({ fixtures: 'empty', controlToken: 's3cret-token' });
    try {
      const asControl = (method: string, path: string, body?: unknown) => guarded.request(method, `/_control${path}`, { key: 's3cret-token', body });
      const piece = (await guarded.request('POST', '/v1/content', { body: tweet() })).body as { id: string };
      const routes = [
        ['GET', `/content/${piece.id}`, undefined, 200],
        ['POST', `/content/${piece.id}/send`, {}, 200],
        ['POST', `/content/${piece.id}/send/cancel`, {}, 200],
        ['POST', `/content/${piece.id}/send`, {}, 200],
        ['POST', `/content/${piece.id}/send/start`, {}, 200],
        ['POST', `/content/${piece.id}/send/fail`, {}, 200],
        ['POST', `/content/${piece.id}/send/deliver`, {}, 400],
        ['POST', `/content/${piece.id}/media`, { url: 'https://img.example/a.png' }, 200],
        ['POST', '/suggestions', { contentId: piece.id }, 200],
        ['GET', '/suggestions', undefined, 200],
      ] as const;
      for (const [method, path, body, status] of routes) expect((await asControl(method, path, body)).status, `${method} /_control${path}`).toBe(status);
    } finally {
      await guarded.close();
    }
  });
});

describe('fixtures', () => {
  it('hold pieces of every kind, delivered, archived and one with a send queued', async () => {
    await c.reset();
    const page = async (query: string) => (await c.request('GET', `/v1/content?limit=50&${query}`)).body.items as { kind: string; status: string; scheduled: boolean }[];
    const all = await page('status=all');
    expect(new Set(all.map((p) => p.kind))).toEqual(new Set(['tweet', 'linkedin', 'newsletter', 'x_article']));
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((p) => p.scheduled)).toHaveLength(1);
    expect((await page('status=published')).length).toBeGreaterThan(0);
    expect((await page('status=archived')).length).toBeGreaterThan(0);
    expect(all.some((p) => p.status === 'archived')).toBe(true);
  });
});
