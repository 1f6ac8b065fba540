/**
 * No web page can drive the control plane: no CORS grant on /_control and the
 * pages, no simple cross-site write, no foreign Host (DNS rebinding), and an
 * optional bearer token. /v1 keeps its CORS for browser clients.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, headersRequest as raw, startTestServer, type TestClient } from '../testing.support.test.js';

const EVIL = 'http://evil.example';

let t: TestClient;
beforeAll(async () => {
  t = await startTestServer({ allowedHosts: ['ci-runner'] });
  // As --public-url would make it, while the test still talks to the real port.
  t.server.reference.setBaseUrl('http://mock.example.test:4010');
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const postCount = async () => (await t.request('GET', '/v1/posts?status=draft')).body.pagination.total as number;

describe('CORS: /v1 only', () => {
  it('a cross-origin read of /_control/publications and /_control/api-keys gets no CORS grant; /v1 does', async () => {
    for (const path of ['/_control/publications', '/_control/api-keys']) {
      const res = await raw(t.url, 'GET', path, { Origin: EVIL });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const api = await raw(t.url, 'GET', '/v1/posts', { Origin: EVIL, Authorization: `Bearer ${DEMO_KEYS.demo}` });
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  it('a preflight for the control API or a page is not granted; one for /v1 is', async () => {
    const ask = { Origin: EVIL, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' };
    for (const path of ['/_control/reset', '/auth/sessions/x', '/unsubscribe/x', '/media/x.png']) {
      const res = await raw(t.url, 'OPTIONS', path, ask);
      expect(res.headers['access-control-allow-origin'], path).toBeUndefined();
      expect(res.headers['access-control-allow-methods'], path).toBeUndefined();
    }
    const api = await raw(t.url, 'OPTIONS', '/v1/posts', ask);
    expect(api.status).toBe(204);
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  it('errors of the control API and pages carry no CORS grant either', async () => {
    const res = await raw(t.url, 'GET', '/_control/no-such-thing', { Origin: EVIL });
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('control writes need Content-Type: application/json', () => {
  it.each([
    ['text/plain, empty', { 'Content-Type': 'text/plain' }, ''],
    ['text/plain with JSON in it', { 'Content-Type': 'text/plain;charset=UTF-8' }, '{}'],
    ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'empty=true'],
    ['no body and no type', {}, undefined],
  ])('a cross-site simple POST to /_control/reset (%s) changes nothing', async (_name, headers, body) => {
    await t.request('POST', '/v1/posts', { body: { title: 'Survives', markdown: 'x', status: 'draft' } });
    const before = await postCount();
    const res = await raw(t.url, 'POST', '/_control/reset', { Origin: EVIL, ...headers }, body);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, msg: expect.stringMatching(/Content-Type: application\/json/) });
    expect(await postCount()).toBe(before);
  });

  it('JSON with no body is enough (a reset needs no options)', async () => {
    const res = await raw(t.url, 'POST', '/_control/reset', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(200);
  });
});

describe('Host', () => {
  it('a foreign Host is refused with 421 on the control API and the pages, and changes nothing', async () => {
    await t.request('POST', '/v1/posts', { body: { title: 'Survives', markdown: 'x', status: 'draft' } });
    const before = await postCount();
    for (const [method, path] of [['GET', '/_control/publications'], ['POST', '/_control/reset'], ['GET', '/auth/sessions/x'], ['GET', '/unsubscribe/x'], ['GET', '/media/x.png'], ['GET', '/_inspector']]) {
      const res = await raw(t.url, method, path, { Host: 'evil.example:4010', 'Content-Type': 'application/json' }, method === 'POST' ? '{}' : undefined);
      expect(res.status, `${method} ${path}`).toBe(421);
      expect(res.body).toEqual({ success: false, msg: expect.stringMatching(/evil\.example.*--allowed-host evil\.example/) });
    }
    expect(await postCount()).toBe(before);
  });

  it('loopback names, IP literals, the public URL host and --allowed-host names are the server’s own; /v1 answers any Host', async () => {
    for (const host of ['localhost:1', '127.0.0.1', '[::1]:4010', '10.0.0.7:4010', 'ci-runner:4010', 'mock.example.test:4010'])
      expect((await raw(t.url, 'GET', '/_control', { Host: host })).status, host).toBe(200);
    const api = await raw(t.url, 'GET', '/v1/posts', { Host: 'evil.example', Authorization: `Bearer ${DEMO_KEYS.demo}` });
    expect(api.status).toBe(200);
  });

  it("the approval page's origin check cannot be passed by DNS rebinding", async () => {
    const { sessionId } = (await t.request('POST', '/v1/api/auth/sessions', { key: null, body: {} })).body;
    const rebound = 'rebind.example:4010';
    const path = `/auth/sessions/${sessionId}`;
    // The attacker's page, served as rebind.example, reads the page (for a cookie and token) and posts the form.
    const page = await raw(t.url, 'GET', path, { Host: rebound });
    expect(page.status).toBe(421);
    const form = await raw(
      t.url,
      'POST',
      path,
      { Host: rebound, Origin: `http://${rebound}`, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      'decision=approve&csrf_token=x',
    );
    expect(form.status).toBe(421);
    expect((await t.request('GET', `/v1/api/auth/sessions/${sessionId}`, { key: null })).body.status).toBe('pending');
  });
});

describe('--control-token', () => {
  let guarded: TestClient;
  beforeAll(async () => {
    guarded = await startTestServer({ controlToken: 's3cret-token' });
  });
  afterAll(() => guarded.close());

  it('every /_control request needs the bearer token; /v1 and the pages do not', async () => {
    const none = await raw(guarded.url, 'GET', '/_control/publications');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, msg: expect.stringMatching(/Authorization: Bearer <control token>/) });
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await raw(guarded.url, 'GET', '/_control/publications', { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await raw(guarded.url, 'GET', '/_control/publications', { Authorization: `Bearer ${DEMO_KEYS.demo}` })).status).toBe(401);
    expect((await raw(guarded.url, 'POST', '/_control/reset', { 'Content-Type': 'application/json' }, '{}')).status).toBe(401);
    const ok = await raw(guarded.url, 'GET', '/_control/publications', { Authorization: 'Bearer s3cret-token' });
    expect(ok.status).toBe(200);
    // The token is not an API key: no control route reads it as one.
    const token = { Authorization: 'Bearer s3cret-token', 'Content-Type': 'application/json' };
    for (const [method, path, body] of [['GET', '/_control'], ['GET', '/_control/clock'], ['POST', '/_control/clock', '{}'], ['POST', '/_control/reset', '{}']] as const)
      expect((await raw(guarded.url, method, path, token, body)).status, `${method} ${path}`).toBe(200);
    expect((await raw(guarded.url, 'GET', '/_control/rate-limit', token)).status).toBe(200);
    for (const method of ['GET', 'DELETE']) expect((await raw(guarded.url, method, '/_control/requests', token)).status, `${method} /_control/requests`).toBe(200);
    for (const path of ['/_control/auth/sessions', '/_control/api-keys']) expect((await raw(guarded.url, 'GET', path, token)).status, path).toBe(200);
    for (const [method, path, body] of [['POST', '/_control/auth/sessions/unknown/approve', '{}'], ['POST', '/_control/auth/sessions/unknown/deny', '{}'], ['DELETE', '/_control/api-keys/unknown']] as const)
      expect((await raw(guarded.url, method, path, token, body)).status, `${method} ${path}`).toBe(404);
    expect((await raw(guarded.url, 'POST', '/_control/rate-limit', token, '{"limit":null}')).status).toBe(200);
    const emailRoutes = [
      ['GET', '/_control/outbox', undefined, 200],
      ['GET', '/_control/outbox/em_00000000', undefined, 404],
      ['DELETE', '/_control/outbox', undefined, 200],
      ['POST', '/_control/unsubscribe', '{"token":"unknown"}', 404],
      ['GET', '/_control/suppressions', undefined, 200],
      ['DELETE', '/_control/suppressions', '{"publicationId":"unknown","email":"a@example.com"}', 400],
      ['POST', '/_control/publications/unknown/custom-email', '{"approved":true}', 404],
      ['GET', '/_control/email-faults', undefined, 200],
      ['POST', '/_control/email-faults', '{"emailSend":null}', 200],
    ] as const;
    for (const [method, path, body, status] of emailRoutes) expect((await raw(guarded.url, method, path, token, body)).status, `${method} ${path}`).toBe(status);
    const faultRoutes = [
      ['POST', '/_control/faults', '{"id":"guarded","match":{"path":"/v1/nowhere"},"latencyMs":1}', 201],
      ['GET', '/_control/faults', undefined, 200],
      ['DELETE', '/_control/faults/guarded', undefined, 200],
      ['DELETE', '/_control/faults', undefined, 200],
    ] as const;
    for (const [method, path, body, status] of faultRoutes) expect((await raw(guarded.url, method, path, token, body)).status, `${method} ${path}`).toBe(status);
    // Neither starts the analytics engine (lazy): what they answer is the service's settings.
    for (const [method, path, body] of [['GET', '/_control/analytics'], ['POST', '/_control/analytics', '{"timeoutMs":null}']] as const)
      expect((await raw(guarded.url, method, path, token, body)).status, `${method} ${path}`).toBe(200);
    expect((await raw(guarded.url, 'GET', '/v1/posts', { Authorization: `Bearer ${DEMO_KEYS.demo}` })).status).toBe(200);
    expect((await raw(guarded.url, 'GET', '/unsubscribe/unknown')).status).toBe(404);
  });
});
