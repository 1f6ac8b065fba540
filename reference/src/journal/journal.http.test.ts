/**
 * The request journal over HTTP: /v1 requests are recorded with their
 * outcome and the key's publication (never the key), filtered, cleared by
 * DELETE and by reset; /_control and pages are not recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.reset();
});

const journal = async (query = '') => {
  const res = await t.request('GET', `/_control/requests${query}`, { key: null });
  expect(res.status, res.text).toBe(200);
  return res.body.requests as Array<Record<string, unknown>>;
};

describe('GET /_control/requests', () => {
  it('is a control capability and lists /v1 requests newest first, without the key', async () => {
    expect((await t.request('GET', '/_control', { key: null })).body.capabilities).toContain('requests');
    const { demo } = await t.publications();
    await t.request('GET', '/v1/posts?limit=1&status=published');
    await t.request('POST', '/v1/subscribers', { body: { email: 'not an address' } });
    await t.request('GET', '/v1/posts', { key: 'wrong-key' });
    const [unauthorised, refused, listed, ...rest] = await journal();
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({ method: 'GET', path: '/v1/posts', query: 'limit=1&status=published', status: 200, publicationId: demo.id, msg: null });
    expect(listed.durationMs).toEqual(expect.any(Number));
    expect(refused).toMatchObject({ method: 'POST', path: '/v1/subscribers', status: 400, publicationId: demo.id, msg: expect.stringMatching(/email/) });
    expect(unauthorised).toMatchObject({ status: 401, publicationId: null, msg: expect.stringMatching(/invalid/) });
    const text = JSON.stringify(await journal());
    expect(text).not.toContain(DEMO_KEYS.demo);
    expect(text).not.toContain('wrong-key');
  });

  it('filters by method, path prefix, status, publication and limit', async () => {
    const { demo, other } = await t.publications();
    await t.request('GET', '/v1/posts');
    await t.request('GET', '/v1/me', { key: DEMO_KEYS.other });
    await t.request('POST', '/v1/subscribers', { body: {} });
    expect((await journal('?method=post')).map((e) => e.path)).toEqual(['/v1/subscribers']);
    expect((await journal('?path=/v1/me')).map((e) => e.publicationId)).toEqual([other.id]);
    expect((await journal('?status=400')).map((e) => e.method)).toEqual(['POST']);
    expect(await journal(`?publicationId=${demo.id}`)).toHaveLength(2);
    expect((await journal('?limit=1')).map((e) => e.path)).toEqual(['/v1/subscribers']);
  });

  it('refuses a bad filter with 400', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?status=99', '?path=v1', '?method=G-T', '?color=red']) {
      const res = await t.request('GET', `/_control/requests${query}`, { key: null });
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ success: false, msg: expect.any(String) });
    }
  });

  it('names an unknown parameter as one of the query, not of a body', async () => {
    const res = await t.request('GET', '/_control/requests?color=red', { key: null });
    expect(res.body.msg).toBe('unknown property in query: color');
  });

  it('does not record /_control requests or pages', async () => {
    await t.request('GET', '/_control/clock', { key: null });
    await t.request('GET', '/nowhere', { key: null });
    expect(await journal()).toEqual([]);
  });

  it('is cleared by DELETE /_control/requests and by reset', async () => {
    await t.request('GET', '/v1/posts');
    expect(await journal()).toHaveLength(1);
    expect((await t.request('DELETE', '/_control/requests', { key: null })).body).toEqual({ success: true });
    expect(await journal()).toEqual([]);
    await t.request('GET', '/v1/posts');
    await t.reset();
    expect(await journal()).toEqual([]);
  });
});

describe('requests touched by fault rules', () => {
  const addFault = async (rule: unknown) => expect((await t.request('POST', '/_control/faults', { key: null, body: rule })).status).toBe(201);
  const auth = { authorization: `Bearer ${DEMO_KEYS.demo}`, 'content-type': 'application/json' };

  it('record what the client got: nothing for a drop, the headers alone for a stall, half a body for a truncate, and the rule', async () => {
    await addFault({ id: 'lost', match: { method: 'POST', path: '/v1/posts' }, action: { type: 'drop' }, mode: 'after', times: 1 });
    await addFault({ id: 'cut', match: { method: 'POST', path: '/v1/posts' }, action: { type: 'truncate' }, times: 1 });
    await addFault({ id: 'stuck', match: { method: 'GET', path: '/v1/posts' }, action: { type: 'stall' }, times: 1 });
    await addFault({ id: 'down', match: { method: 'GET', path: '/v1/me' }, action: { type: 'status', status: 503 }, times: 1 });
    const post = () => fetch(`${t.url}/v1/posts`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Faulted', markdown: 'x' }) });
    await expect(post()).rejects.toThrow(TypeError);
    await expect(post().then((res) => res.text())).rejects.toThrow(TypeError);
    const stalled = await fetch(`${t.url}/v1/posts`, { headers: auth, signal: AbortSignal.timeout(200) });
    expect(stalled.status).toBe(200);
    await expect(stalled.text()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect((await t.request('GET', '/v1/me')).status).toBe(503);
    await t.request('GET', '/v1/me');
    const [plain, refused, stall, truncated, dropped] = await journal();
    expect(dropped).toMatchObject({ method: 'POST', path: '/v1/posts', status: null, outcome: 'dropped', fault: 'lost', msg: null });
    expect(truncated).toMatchObject({ method: 'POST', status: 200, outcome: 'truncated', fault: 'cut' });
    expect(stall).toMatchObject({ method: 'GET', status: 200, outcome: 'stalled', fault: 'stuck' });
    expect(refused).toMatchObject({ path: '/v1/me', status: 503, outcome: 'answered', fault: 'down', msg: expect.stringMatching(/fault rule down/) });
    expect(plain).toMatchObject({ path: '/v1/me', status: 200, outcome: 'answered', fault: null });
  });

  it('record a connection dropped before the handler ran as dropped, with no status, like one dropped after', async () => {
    await addFault({ id: 'gone', match: { method: 'GET', path: '/v1/me' }, action: { type: 'drop' }, times: 1 });
    await expect(fetch(`${t.url}/v1/me`, { headers: auth })).rejects.toThrow(TypeError);
    const [dropped, ...rest] = await journal();
    expect(rest).toEqual([]);
    expect(dropped).toMatchObject({ method: 'GET', path: '/v1/me', status: null, outcome: 'dropped', fault: 'gone', msg: null });
  });
});
