/**
 * The approval page behind an https public URL: its cookie is Secure. The
 * conformance suite's in-process target is http, so it sees only the other
 * half (no Secure on http).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';

describe('behind an https public URL', () => {
  let secure: TestClient;
  beforeAll(async () => {
    secure = await startTestServer({ publicUrl: 'https://reference.example.com' });
  });
  afterAll(() => secure.close());

  it('sets the cookie Secure', async () => {
    // The public URL names no real host: talk to the listening port (an IP address is always the server's own).
    const local = `http://127.0.0.1:${secure.server.port}`;
    const created = await fetch(`${local}/v1/api/auth/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const { sessionId } = (await created.json()) as { sessionId: string };
    const res = await fetch(`${local}/auth/sessions/${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie') ?? '').toMatch(/; Secure(;|$)/);
  });
});
