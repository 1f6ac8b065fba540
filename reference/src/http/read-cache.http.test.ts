import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

// A kept answer must never outlive a change: each test reads a post (so its
// answer is kept), changes the state by one path, and reads it again.
describe('the read cache at the HTTP edge (GET /v1/posts/{id})', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await startTestServer();
  });
  afterAll(() => client.close());
  beforeEach(() => client.reset());

  const create = async (body: Record<string, unknown>) => {
    const res = await client.request('POST', '/v1/posts', { body: { markdown: 'Body.', ...body } });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  it('answers a repeated read with the same bytes, and an update with the new post', async () => {
    const id = await create({ title: 'First title' });
    const first = await client.request('GET', `/v1/posts/${id}`);
    const again = await client.request('GET', `/v1/posts/${id}`);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect((await client.request('PUT', `/v1/posts/${id}`, { body: { title: 'Second title' } })).status).toBe(200);
    expect((await client.request('GET', `/v1/posts/${id}`)).body.title).toBe('Second title');
  });

  it('forgets what was read while a write was still on its way', async () => {
    const id = await create({ title: 'Old title' });
    // The update's body arrives in two parts; a read answered in between is kept.
    const body = JSON.stringify({ title: 'New title' });
    const put = request(`${client.url}/v1/posts/${id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${DEMO_KEYS.demo}`, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      put.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode!)));
      put.on('error', reject);
    });
    put.write(body.slice(0, 5));
    expect((await client.request('GET', `/v1/posts/${id}`)).body.title).toBe('Old title');
    put.end(body.slice(5));
    expect(await answered).toBe(200);
    expect((await client.request('GET', `/v1/posts/${id}`)).body.title).toBe('New title');
  });

  it('keeps the own view and the public view apart, and the query too', async () => {
    const id = await create({ title: 'Seen two ways' });
    const own = await client.request('GET', `/v1/posts/${id}`);
    const anonymous = await client.request('GET', `/v1/posts/${id}`, { key: null });
    const other = await client.request('GET', `/v1/posts/${id}`, { key: DEMO_KEYS.other });
    const withContent = await client.request('GET', `/v1/posts/${id}?includeContent=true`);
    expect(own.body.status).toBe('published');
    expect(anonymous.body.status).toBeUndefined();
    expect(other.body.status).toBeUndefined();
    expect(withContent.body.markdown).toContain('Body.');
    expect(own.body.markdown).toBeUndefined();
    expect((await client.request('GET', `/v1/posts/${id}`)).body.status).toBe('published');
  });

  it('shows what a scheduled task did, though no request changed anything', async () => {
    const now = client.server.reference.clock.now();
    const id = await create({ title: 'Later', scheduledAt: now + 60_000 });
    expect((await client.request('GET', `/v1/posts/${id}`)).body.status).toBe('scheduled');
    // In-process, as a timer would: no request passes through the server.
    client.server.reference.clock.advance(61_000);
    expect((await client.request('GET', `/v1/posts/${id}`)).body.status).toBe('published');
  });

  it('forgets everything on a restore and a reset made in-process', async () => {
    const id = await create({ title: 'Before' });
    // A snapshot holds live records until serialised (as persistence does at once).
    const saved = JSON.parse(JSON.stringify(client.server.reference.snapshot()));
    await client.request('PUT', `/v1/posts/${id}`, { body: { title: 'After' } });
    expect((await client.request('GET', `/v1/posts/${id}`)).body.title).toBe('After');
    client.server.reference.restore(saved);
    expect((await client.request('GET', `/v1/posts/${id}`)).body.title).toBe('Before');
    client.server.reference.reset();
    expect((await client.request('GET', `/v1/posts/${id}`)).status).toBe(404);
  });

  it('sends a kept answer with the CORS header a browser origin needs, and only then', async () => {
    const id = await create({ title: 'Cross-origin' });
    await client.request('GET', `/v1/posts/${id}`);
    const browser = await client.request('GET', `/v1/posts/${id}`, { headers: { Origin: 'https://app.example' } });
    expect(browser.headers.get('access-control-allow-origin')).toBe('*');
    expect((await client.request('GET', `/v1/posts/${id}`)).headers.get('access-control-allow-origin')).toBeNull();
  });
});
