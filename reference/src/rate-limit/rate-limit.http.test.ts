/**
 * Rate limiting over HTTP: off by default, switched through
 * /_control/rate-limit, 429 with the error body and Retry-After, nothing
 * changed by a refused request, /_control never limited, reset turns it off.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient, type TestResponse } from '../testing.support.test.js';

let t: TestClient;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.reset();
  await t.request('POST', '/_control/clock', { key: null, body: { frozen: true } });
});

const setLimit = (body: unknown) => t.request('POST', '/_control/rate-limit', { key: null, body });
const advance = (advanceMs: number) => t.request('POST', '/_control/clock', { key: null, body: { advanceMs } });
const drafts = async () => (await t.request('GET', '/v1/posts?status=draft&limit=1')).body.pagination.total as number;

function expect429(res: TestResponse, retryAfter: string) {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toEqual({ success: false, msg: expect.stringMatching(/too many requests/) });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('retry-after')).toBe(retryAfter);
}

describe('rate limiting', () => {
  it('is off by default and listed as a control capability', async () => {
    expect((await t.request('GET', '/_control', { key: null })).body.capabilities).toContain('rate-limit');
    expect((await t.request('GET', '/_control/rate-limit', { key: null })).body).toEqual({ limit: null, windowMs: null });
    const statuses = await Promise.all(Array.from({ length: 40 }, () => t.request('GET', '/v1/posts?limit=1')));
    expect(statuses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  });

  it('answers 429 with the error body and Retry-After past the limit, until the window closes', async () => {
    expect((await setLimit({ limit: 2, windowMs: 60_000 })).body).toEqual({ limit: 2, windowMs: 60_000 });
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    expect((await t.request('HEAD', '/v1/posts')).status).toBe(200);
    expect429(await t.request('GET', '/v1/posts'), '60');
    await advance(59_001);
    expect429(await t.request('GET', '/v1/me'), '1');
    await advance(999);
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
  });

  it('changes nothing with a refused write', async () => {
    const created = await t.request('POST', '/v1/posts', { body: { title: 'Before the limit', markdown: 'body', status: 'draft' } });
    expect(created.status, created.text).toBe(200);
    const before = await drafts();
    await setLimit({ limit: 1, windowMs: 10_000 });
    expect((await t.request('GET', `/v1/posts/${created.body.id}`)).status).toBe(200);
    expect429(await t.request('POST', '/v1/posts', { body: { title: 'Refused', markdown: 'body', status: 'draft' } }), '10');
    expect429(await t.request('PUT', `/v1/posts/${created.body.id}`, { body: { title: 'Refused rename' } }), '10');
    expect429(await t.request('POST', '/v1/subscribers', { body: { email: 'refused@example.com' } }), '10');
    await setLimit({ limit: null });
    expect(await drafts()).toBe(before);
    expect((await t.request('GET', `/v1/posts/${created.body.id}`)).body.title).toBe('Before the limit');
    const subscribers = await t.request('GET', '/v1/subscribers?limit=100');
    expect(subscribers.body.items.map((s: { email?: string }) => s.email)).not.toContain('refused@example.com');
  });

  it('counts per API key, and all requests without a key in one window', async () => {
    const { demo } = await t.publications();
    await setLimit({ limit: 1, windowMs: 60_000 });
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    expect429(await t.request('GET', '/v1/posts'), '60');
    expect((await t.request('GET', '/v1/posts', { key: DEMO_KEYS.other })).status).toBe(200);
    expect((await t.request('GET', `/v1/publications/${demo.id}`, { key: null })).status).toBe(200);
    const anonymous = await t.request('GET', '/v1/publications/slug/demo', { key: null });
    expect429(anonymous, '60');
    expect(anonymous.body.msg).toMatch(/without an API key/);
  });

  it('never limits /_control, pages outside /v1, preflights, or requests refused before a route is served', async () => {
    await setLimit({ limit: 1, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) {
      expect((await t.request('GET', '/_control/clock', { key: null })).status).toBe(200);
      expect((await t.request('GET', '/v1/no-such-route')).status).toBe(404);
      expect((await t.request('GET', '/v1/posts', { key: 'pk_not_a_key' })).status).toBe(401);
      expect((await t.request('OPTIONS', '/v1/posts', { key: null, headers: { Origin: 'http://localhost:3000' } })).status).toBe(204);
    }
    // None of those used the key's window.
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    expect429(await t.request('GET', '/v1/posts'), '60');
  });

  it('lets a browser on another origin read Retry-After', async () => {
    await setLimit({ limit: 1, windowMs: 2_500 });
    await t.request('GET', '/v1/posts');
    const res = await t.request('GET', '/v1/posts', { headers: { Origin: 'http://localhost:3000' } });
    expect429(res, '3');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After');
  });

  it('is turned off by {limit: null} and by a reset; each change starts the windows afresh', async () => {
    await setLimit({ limit: 1 });
    expect((await t.request('GET', '/_control/rate-limit', { key: null })).body).toEqual({ limit: 1, windowMs: 60_000 });
    await t.request('GET', '/v1/posts');
    expect429(await t.request('GET', '/v1/posts'), '60');
    await setLimit({ limit: 1, windowMs: 60_000 });
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    expect((await setLimit({ limit: null, windowMs: null })).body).toEqual({ limit: null, windowMs: null });
    for (let i = 0; i < 3; i++) expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    await setLimit({ limit: 1, windowMs: 60_000 });
    await t.reset();
    expect((await t.request('GET', '/_control/rate-limit', { key: null })).body).toEqual({ limit: null, windowMs: null });
    for (let i = 0; i < 3; i++) expect((await t.request('GET', '/v1/posts')).status).toBe(200);
  });

  it('refuses bad control bodies with 400 in the error shape, leaving the setting as it was', async () => {
    await setLimit({ limit: 5, windowMs: 1_000 });
    const bad: [unknown, RegExp][] = [
      [{}, /limit/],
      [{ limit: 0 }, /limit/],
      [{ limit: 1.5 }, /limit/],
      [{ limit: '5' }, /limit/],
      [{ limit: 1_000_001 }, /limit/],
      [{ limit: 5, windowMs: 0 }, /windowMs/],
      [{ limit: 5, windowMs: 86_400_001 }, /windowMs/],
      [{ limit: null, windowMs: 1_000 }, /windowMs needs a limit/],
      [{ limit: 5, burst: 2 }, /unknown property in body: burst/],
      ['[1]', /body/],
    ];
    for (const [body, msg] of bad) {
      const res = await setLimit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, msg: expect.stringMatching(msg) });
    }
    expect((await t.request('GET', '/_control/rate-limit', { key: null })).body).toEqual({ limit: 5, windowMs: 1_000 });
  });
});
