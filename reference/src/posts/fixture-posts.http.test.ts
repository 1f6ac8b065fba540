/**
 * The fixtures' posts behave as posts created through the API: their preview
 * was generated, so it follows a new body. The suite leaves the seeded posts
 * alone (other rules read them), so only this test edits one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("a fixture post's preview", () => {
  it('was generated from its body, so a new body brings a new preview', async () => {
    const page = await t.request('GET', '/v1/posts?limit=1', { key: DEMO_KEYS.demo });
    expect(page.status).toBe(200);
    const id = page.body.items[0].id as string;
    const before = (await t.request('GET', `/v1/posts/${id}`, { key: DEMO_KEYS.demo })).body.postPreview as string;
    const updated = await t.request('PUT', `/v1/posts/${id}`, { key: DEMO_KEYS.demo, body: { markdown: 'A wholly new opening sentence.' } });
    expect(updated.status).toBe(200);
    const after = (await t.request('GET', `/v1/posts/${id}`, { key: DEMO_KEYS.demo })).body.postPreview as string;
    expect(after).not.toBe(before);
    expect(after).toContain('A wholly new opening sentence.');
  });
});
