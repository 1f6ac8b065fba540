/**
 * Cover images over HTTP: the reference answers imageUrl with a URL of its
 * own and serves a generated SVG placeholder there (nothing is fetched).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestResponse } from '../testing.support.test.js';

let t: TestClient;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
});

const expectError = (res: TestResponse, status: number) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ success: false, msg: expect.any(String) });
};

const create = async (body: Record<string, unknown>) => {
  const res = await t.request('POST', '/v1/posts', { body: { title: 'A post', markdown: 'Hello.', ...body } });
  expect(res.status).toBe(200);
  return res.body.id as string;
};

describe('GET /media/{file}', () => {
  it('imageUrl is the reference’s own URL serving an SVG placeholder with the escaped alt text', async () => {
    const id = await create({ imageUrl: 'https://img.example.com/cover.png', imageAlt: 'Fish & <chips> "quoted"' });
    const post = (await t.request('GET', `/v1/posts/${id}`, { key: null })).body;
    expect(post.imageUrl).toMatch(new RegExp(`^${t.url}/media/[A-Za-z0-9]{20}\\.svg$`));
    expect(post.imageAlt).toBe('Fish & <chips> "quoted"');
    const media = await t.request('GET', post.imageUrl.slice(t.url.length), { key: null });
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    // The caption follows the post, so caches revalidate; the picture may do nothing but draw itself.
    expect(media.headers.get('cache-control')).toBe('no-cache');
    expect(media.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(media.text).toMatch(/^<svg /);
    expect(media.text).toContain('Fish &amp; &lt;chips&gt; &quot;quoted&quot;');
    expect(media.text).not.toContain('<chips>');
    // Public like any CDN URL: a key is not read, so a wrong one does not refuse the picture.
    expect((await t.request('GET', post.imageUrl.slice(t.url.length), { key: 'not-a-key' })).status).toBe(200);
    // Deterministic: the same bytes again.
    expect((await t.request('GET', post.imageUrl.slice(t.url.length), { key: null })).text).toBe(media.text);
  });

  it('the title is the caption when there is no alt text; unknown media is a JSON 404', async () => {
    const id = await create({ title: 'Cover <title>', imageUrl: 'https://img.example.com/x.png' });
    const post = (await t.request('GET', `/v1/posts/${id}`, { key: null })).body;
    expect(post).not.toHaveProperty('imageAlt');
    expect((await t.request('GET', post.imageUrl.slice(t.url.length), { key: null })).text).toContain('Cover &lt;title&gt;');
    expectError(await t.request('GET', '/media/AAAAAAAAAAAAAAAAAAAA.svg', { key: null }), 404);
    expectError(await t.request('GET', '/media/nothing.png', { key: null }), 404);
    expect((await t.request('GET', '/media/nothing.png', { key: null })).body.msg).toContain('nothing.png');
    // Only <id>.svg names a cover: nothing before the id, nothing after .svg.
    const file = post.imageUrl.slice(`${t.url}/media/`.length) as string;
    expect((await t.request('GET', `/media/${file}`, { key: null })).status).toBe(200);
    for (const name of [`${file}.png`, `${file}z`, `x-${file}`, `${file.slice(0, -4)}-.svg`]) expectError(await t.request('GET', `/media/${name}`, { key: null }), 404);
  });

  it('a cover kept by an edit keeps its URL; replaced, cleared or deleted with its post, it is no longer served at its old URL', async () => {
    const path = async (id: string) => ((await t.request('GET', `/v1/posts/${id}`)).body.imageUrl as string).slice(t.url.length);
    const replaced = await create({ imageUrl: 'https://img.example.com/first.png' });
    const first = await path(replaced);
    // An edit that leaves the cover alone keeps its URL.
    expect((await t.request('PUT', `/v1/posts/${replaced}`, { body: { title: 'A post, renamed' } })).status).toBe(200);
    expect(await path(replaced)).toBe(first);
    expect((await t.request('GET', first, { key: null })).status).toBe(200);
    expect((await t.request('PUT', `/v1/posts/${replaced}`, { body: { imageUrl: 'https://img.example.com/second.png' } })).status).toBe(200);
    const second = await path(replaced);
    expect(second).not.toBe(first);
    expectError(await t.request('GET', first, { key: null }), 404);
    expect((await t.request('GET', second, { key: null })).status).toBe(200);

    expect((await t.request('PUT', `/v1/posts/${replaced}`, { body: { clearImage: true } })).status).toBe(200);
    expectError(await t.request('GET', second, { key: null }), 404);

    const deleted = await create({ imageUrl: 'https://img.example.com/gone.png' });
    const gone = await path(deleted);
    expect((await t.request('DELETE', `/v1/posts/${deleted}`)).status).toBe(200);
    expectError(await t.request('GET', gone, { key: null }), 404);
  });

  it('fixture covers are served too', async () => {
    const res = await t.request('GET', '/v1/posts?limit=100');
    const withCover = res.body.items.filter((p: { imageUrl?: string }) => p.imageUrl);
    expect(withCover.length).toBeGreaterThan(0);
    for (const p of withCover.slice(0, 3)) {
      expect(p.imageUrl.startsWith(`${t.url}/media/`)).toBe(true);
      expect((await t.request('GET', p.imageUrl.slice(t.url.length), { key: null })).status).toBe(200);
    }
  });
});
