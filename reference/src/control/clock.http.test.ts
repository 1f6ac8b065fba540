/** POST /_control/clock keeps the clock a date every client can read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';
import { MAX_CLOCK_MS } from '../../../schemas/control.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestServer({ analytics: { mode: 'off' } });
});
afterAll(() => t.close());

const clock = (body: unknown) => t.request('POST', '/_control/clock', { key: null, body });

describe('POST /_control/clock bounds', () => {
  it('refuses a time past the end of year 9999 or one JavaScript dates cannot hold, and an advance that would pass it, changing nothing', async () => {
    await clock({ frozen: true, to: Date.UTC(2026, 0, 1) });
    const past = { advanceMs: MAX_CLOCK_MS - Date.UTC(2026, 0, 1) + 1 };
    for (const body of [{ to: 8.64e15 + 1 }, { to: 8.64e15 }, { to: MAX_CLOCK_MS + 1 }, { advanceMs: 8.64e15 }, past]) {
      const res = await clock(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, msg: expect.any(String) });
      expect((await t.request('GET', '/_control/clock', { key: null })).body.now).toBe(Date.UTC(2026, 0, 1));
    }
    expect((await clock(past)).body.msg).toMatch(/past .*9999-12-31T23:59:59\.999Z.*nothing was changed/);
  });

  it('takes an advance that reaches the last allowed time exactly', async () => {
    await clock({ frozen: true, to: Date.UTC(2026, 0, 1) });
    const res = await clock({ advanceMs: MAX_CLOCK_MS - Date.UTC(2026, 0, 1) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.now).toBe(MAX_CLOCK_MS);
    await clock({ to: Date.UTC(2026, 0, 1) });
  });

  it('takes the last allowed time, and dated answers still work there', async () => {
    expect((await clock({ frozen: true, to: MAX_CLOCK_MS })).body.now).toBe(MAX_CLOCK_MS);
    const session = await t.request('POST', '/v1/api/auth/sessions', { key: null, body: {} });
    expect(session.status).toBe(201);
    expect((await t.request('GET', '/v1/posts')).status).toBe(200);
    await clock({ to: Date.UTC(2026, 0, 1) });
  });
});
