/**
 * What createReference's dispatch does around every handler: OPTIONS and
 * CORS, the Host check, HEAD, errors and their logging, the control token,
 * the auth mode of a /v1 route that needs no key, the rate limit, fault
 * rules, due work, the journal, the state file's count of writes, and the
 * read cache.
 */
import { request } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { headersRequest } from './testing.support.test.js';
import { AUTH, newDraft, useServers } from './app-servers.support.test.js';

const server = useServers();

describe('around every handler', () => {
  it('OPTIONS on /v1: 204 with the CORS grant, the headers asked for or the two the API reads', async () => {
    const t = await server();
    const asked = await headersRequest(t.url, 'OPTIONS', '/v1/posts', { Origin: 'http://app.test', 'Access-Control-Request-Headers': 'x-one' });
    expect(asked.status).toBe(204);
    expect(asked.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': 'x-one',
      'access-control-max-age': '600',
    });
    const plain = await headersRequest(t.url, 'OPTIONS', '/v1/nothing/here');
    expect(plain.status).toBe(204);
    expect(plain.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('OPTIONS elsewhere: 204, an empty body and no grant', async () => {
    const t = await server();
    const res = await headersRequest(t.url, 'OPTIONS', '/_control/reset', { Origin: 'http://app.test' });
    expect(res.status).toBe(204);
    expect(res.headers['content-length']).toBe('0');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('/v1 answers carry the grant when the request has an Origin, errors too; none without', async () => {
    const t = await server();
    const origin = { Origin: 'http://app.test' };
    expect((await headersRequest(t.url, 'GET', '/v1/posts', { ...AUTH, ...origin })).headers['access-control-allow-origin']).toBe('*');
    const missing = await headersRequest(t.url, 'GET', '/v1/nothing/here', { ...AUTH, ...origin });
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    expect((await headersRequest(t.url, 'GET', '/v1/posts', AUTH)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a foreign Host: 421 on the control API and the pages, naming the host; /v1 answers', async () => {
    const t = await server();
    const refused = await headersRequest(t.url, 'GET', '/_control/publications', { Host: 'evil.example' });
    expect(refused.status).toBe(421);
    expect(refused.body.msg).toContain('"evil.example"');
    expect((await headersRequest(t.url, 'GET', '/v1/posts', { ...AUTH, Host: 'evil.example' })).status).toBe(200);
  });

  it('HEAD: the status and headers of GET, no body', async () => {
    const t = await server();
    const res = await headersRequest(t.url, 'HEAD', '/v1/posts', AUTH);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('a handler that throws: 500 in the error shape, logged unless logErrors is false', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const logErrors of [true, false]) {
      const t = await server({ logErrors });
      // An API error is an answer, not a fault of the server: never logged.
      expect((await t.request('GET', '/v1/nothing/here')).status).toBe(404);
      vi.spyOn(t.server.reference.state().posts, 'readable').mockImplementation(() => {
        throw new Error('broken store');
      });
      const res = await t.request('GET', '/v1/posts/anything');
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ success: false });
      expect(logged).toHaveBeenCalledTimes(1);
    }
  });

  it('with a control token: /_control needs it, /v1 does not; an empty token guards nothing', async () => {
    const t = await server({ controlToken: 'a-token-of-enough-length' });
    expect((await t.request('GET', '/_control/publications', { key: null })).status).toBe(401);
    expect((await t.request('GET', '/_control/publications', { key: null, headers: { Authorization: 'Bearer a-token-of-enough-length' } })).status).toBe(200);
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    const unguarded = await server({ controlToken: '' });
    expect((await unguarded.request('GET', '/_control/publications', { key: null })).status).toBe(200);
  });

  it('a write whose connection a fault rule drops before the handler is not applied', async () => {
    const t = await server({ faults: [{ id: 'gone', match: { method: 'DELETE' }, action: { type: 'drop' } }] });
    const { id } = (await newDraft(t)).body;
    await expect(t.request('DELETE', `/v1/posts/${id}`)).rejects.toThrow();
    expect((await t.request('GET', `/v1/posts/${id}`)).status).toBe(200);
  });

  it("the journal keeps /v1 requests with their status, the key's publication, the fault rule and an error's message, not the control API", async () => {
    const t = await server({ faults: [{ id: 'flaky', match: { path: '/v1/posts/feed' }, action: { type: 'status', status: 503 } }] });
    const unknown = await t.request('GET', '/v1/nothing/here?x=1');
    const faulted = await t.request('GET', '/v1/posts/feed', { key: null });
    await t.request('GET', '/_control/publications', { key: null });
    const demo = (await t.publications()).demo!.id;
    expect(t.server.reference.journal.list({ limit: 10 }).map(({ method, path, query, status, fault, publicationId, msg }) => ({ method, path, query, status, fault, publicationId, msg }))).toEqual([
      { method: 'GET', path: '/v1/posts/feed', query: '', status: 503, fault: 'flaky', publicationId: null, msg: faulted.body.msg },
      { method: 'GET', path: '/v1/nothing/here', query: 'x=1', status: 404, fault: null, publicationId: demo, msg: unknown.body.msg },
    ]);
    expect(unknown.body.msg).toEqual(expect.any(String));
  });

  it('a URL too long to read: 414, answered as /v1 is (the grant, the journal)', async () => {
    const t = await server();
    const res = await headersRequest(t.url, 'GET', `/v1/${'a'.repeat(9000)}`, { Origin: 'http://app.test' });
    expect(res.status).toBe(414);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(t.server.reference.journal.list({ limit: 10 }).map((entry) => entry.status)).toEqual([414]);
  });

  it("a publication's custom domain reaches its site, not the control API", async () => {
    const t = await server();
    const host = { Host: 'demo-dispatch.example.com' };
    expect((await headersRequest(t.url, 'GET', '/', host)).status).toBe(200);
    expect((await headersRequest(t.url, 'GET', '/_control/publications', host)).status).toBe(421);
    expect((await headersRequest(t.url, 'GET', '/', { Host: 'elsewhere.example.com' })).status).toBe(421);
  });

  it('a wrong key on a /v1 route that needs none: 401; on a page, ignored', async () => {
    const t = await server();
    const coin = t.server.reference.state().coins.all()[0]!.id;
    expect((await t.request('GET', `/v1/coins/${coin}`, { key: null })).status).toBe(200);
    expect((await t.request('GET', `/v1/coins/${coin}`, { key: 'pk_wrong_0000' })).status).toBe(401);
    expect((await headersRequest(t.url, 'GET', '/@demo', { Authorization: 'Bearer pk_wrong_0000' })).status).toBe(200);
  });

  it("the rate limit once set: 429 with Retry-After, and the grant beside the answer's own headers", async () => {
    const t = await server();
    t.server.reference.rateLimit.set(1, 60_000);
    const ask = () => headersRequest(t.url, 'GET', '/v1/posts', { ...AUTH, Origin: 'http://app.test' });
    expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['access-control-allow-origin']).toBe('*');
  });

  it('work due before a request runs first, timers or not', async () => {
    const t = await server();
    const { clock } = t.server.reference;
    clock.enableTimers(false);
    const ran = vi.fn();
    clock.schedule(clock.now() + 5, 'app-dispatch-test', ran);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ran).not.toHaveBeenCalled();
    await t.request('GET', '/v1/posts/feed');
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('a write counts for the state file; a cached read does not', async () => {
    const t = await server();
    const writes = () => t.server.reference.persistence.encode().writes;
    await t.request('GET', '/v1/posts');
    expect(writes()).toBe(0);
    await newDraft(t);
    expect(writes()).toBe(1);
  });

  it('a cached post read again after a write, and after scheduled work ran', async () => {
    const t = await server();
    const { id } = (await newDraft(t)).body;
    const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body;
    expect((await read(id)).title).toBe('New');
    expect((await t.request('PUT', `/v1/posts/${id}`, { body: { title: 'Changed' } })).status).toBe(200);
    expect((await read(id)).title).toBe('Changed');
    // Scheduled work run by the clock itself, not by a request: the cache reads the clock's count of tasks run.
    const { clock } = t.server.reference;
    const later = (await t.request('POST', '/v1/posts', { body: { title: 'Later', markdown: 'x', scheduledAt: clock.now() + 60_000 } })).body;
    expect((await read(later.id)).status).toBe('scheduled');
    clock.advance(120_000);
    expect((await read(later.id)).status).toBe('published');
  });

  it('a cached post read while a write waits for its body is read again once the write is done', async () => {
    const t = await server();
    const { id } = (await newDraft(t)).body;
    const read = async () => (await t.request('GET', `/v1/posts/${id}`)).body.title;
    expect(await read()).toBe('New');
    // The write's headers and half its body: it has begun (and dropped the cache) and waits for the rest.
    const body = JSON.stringify({ title: 'Changed' });
    const write = request(`${t.url}/v1/posts/${id}`, { method: 'PUT', headers: { ...AUTH, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } });
    const answered = new Promise<number>((resolve, reject) => write.on('response', (res) => (res.resume(), resolve(res.statusCode!))).on('error', reject));
    const begun = new Promise<void>((resolve) => t.server.server.on('request', (req) => req.method === 'PUT' && resolve()));
    write.write(body.slice(0, 5));
    await begun;
    // Read (and kept by the cache) meanwhile, before the change.
    expect(await read()).toBe('New');
    write.end(body.slice(5));
    expect(await answered).toBe(200);
    expect(await read()).toBe('Changed');
  });
});

