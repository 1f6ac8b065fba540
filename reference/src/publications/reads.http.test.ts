/**
 * Publication reads by id, by slug and by custom domain give the same bytes
 * each time and agree, and every change shows in the next read: a PATCH of
 * any setting, a deleted post leaving the pinned list and the featured slot,
 * a reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;
let demoId: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ demo: { id: demoId } } = await t.publications());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
});

const paths = () => [`/v1/publications/${demoId}`, '/v1/publications/slug/demo', '/v1/publications/domain/demo-dispatch.example.com'];

/** Every read path twice (the same bytes); all agree. */
async function readAll() {
  const texts: string[] = [];
  for (const path of paths()) {
    const first = await t.request('GET', path, { key: null });
    expect(first.status).toBe(200);
    const second = await t.request('GET', path, { key: null });
    expect(second.text).toBe(first.text);
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(first.text)));
    texts.push(first.text);
  }
  expect(new Set(texts).size).toBe(1);
  return JSON.parse(texts[0]);
}

const post = async (title: string) => {
  const res = await t.request('POST', '/v1/posts', { body: { title, markdown: 'Words.', status: 'published' } });
  expect(res.status).toBe(200);
  return res.body.id as string;
};

describe('kept publication JSON', () => {
  it('shows every PATCHed setting at once', async () => {
    const before = await readAll();
    const a = await post('Pinned');
    const patch = {
      name: 'Renamed',
      summary: 'A new summary',
      themeColor: before.themeColor === 'teal-600' ? 'rose-600' : 'teal-600',
      hideStats: !before.hideStats,
      featuredPost: a,
      pinnedPostIds: [a],
      emailNotifications: { newSubscriber: !before.emailNotifications.newSubscriber },
    };
    expect((await t.request('PATCH', `/v1/publications/${demoId}`, { body: patch })).status).toBe(200);
    expect(await readAll()).toMatchObject(patch);
  });

  it('shows a deleted post leaving the pinned list and the featured slot', async () => {
    const a = await post('Pinned, then deleted');
    expect((await t.request('PATCH', `/v1/publications/${demoId}`, { body: { pinnedPostIds: [a], featuredPost: a } })).status).toBe(200);
    expect(await readAll()).toMatchObject({ pinnedPostIds: [a], featuredPost: a });
    expect((await t.request('DELETE', `/v1/posts/${a}`)).status).toBe(200);
    expect(await readAll()).toMatchObject({ pinnedPostIds: [], featuredPost: 'latest' });
  });

  it('starts afresh after a reset', async () => {
    const original = await readAll();
    expect((await t.request('PATCH', `/v1/publications/${demoId}`, { body: { name: 'Before the reset' } })).status).toBe(200);
    expect((await readAll()).name).toBe('Before the reset');
    await t.reset();
    expect(await readAll()).toEqual(original);
  });
});
