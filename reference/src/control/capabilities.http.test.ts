/**
 * GET /_control names what the control API can do. The suite reads the list
 * to decide what to test: a capability left out has the tests that need it
 * skipped, not failed, so only this test notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestServer({ analytics: { mode: 'off' } });
});
afterAll(() => t?.close());

describe('GET /_control', () => {
  it('lists reset, clock and publications (the routes of the protocol every implementation offers) and no empty name', async () => {
    const { capabilities } = (await t.request('GET', '/_control', { key: null })).body as { capabilities: string[] };
    expect(capabilities).toEqual(expect.arrayContaining(['reset', 'clock', 'publications', 'outbox']));
    expect(capabilities).not.toContain('');
    expect(new Set(capabilities).size).toBe(capabilities.length);
    expect((await t.request('GET', '/_control/clock', { key: null })).status).toBe(200);
    expect((await t.request('GET', '/_control/publications', { key: null })).status).toBe(200);
  });
});
