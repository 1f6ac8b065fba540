/**
 * A large CSV import and a large custom email must not stall other requests:
 * a GET sent over and over while each runs is answered within a small part
 * of the big request's own duration (a ratio, not an absolute time, so a
 * busy machine slows both alike). A 10 MB row of commas is refused quickly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let c: TestClient;

beforeAll(async () => {
  c = await startTestServer();
});
afterAll(() => c.close());

/** The multipart body built beforehand: the client shares this process, and its own encoding must not be what is measured. */
function multipart(csv: string): { body: Buffer; type: string } {
  const boundary = 'latency-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="subscribers.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return { body: Buffer.from(`${head}${csv}\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: { body: Buffer; type: string }) {
  const res = await fetch(`${c.url}/v1/subscribers/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_KEYS.demo}`, 'Content-Type': file.type },
    body: file.body,
  });
  return { status: res.status, body: (await res.json()) as { success?: boolean; msg?: string } };
}

/** Runs `big`, sending GET /v1/posts?limit=1 one after another meanwhile; the big request's time and the slowest GET's. */
async function whileRunning(big: () => Promise<unknown>): Promise<{ bigMs: number; slowestGetMs: number; gets: number }> {
  let running = true;
  const started = performance.now();
  const result = big().finally(() => (running = false));
  const times: number[] = [];
  while (running) {
    const t = performance.now();
    await c.request('GET', '/v1/posts?limit=1');
    times.push(performance.now() - t);
  }
  await result;
  return { bigMs: performance.now() - started, slowestGetMs: Math.max(...times), gets: times.length };
}

describe('big requests share the event loop', () => {
  it('a GET stays fast while 200,000 CSV rows are imported', async () => {
    const csv = 'email,created_at\n' + Array.from({ length: 200_000 }, (_, i) => `latency${i}@example.com,2024-01-01`).join('\n');
    const file = multipart(csv);
    let status = 0;
    const m = await whileRunning(async () => {
      status = (await upload(file)).status;
    });
    expect(status).toBe(200);
    expect(m.gets, JSON.stringify(m)).toBeGreaterThan(5);
    expect(m.slowestGetMs, JSON.stringify(m)).toBeLessThan(m.bigMs / 5);
  }, 120_000);

  it('a 10 MB row of commas is refused at once, naming the row', async () => {
    const started = performance.now();
    const res = await upload(multipart('email\n' + ','.repeat(10_000_000)));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/row at line 2 has more than 1000 columns/);
    // Refused at the first chunk past the limit, not after parsing ten million fields (seconds).
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it('a GET stays fast while a custom email goes to 10,000 addresses', async () => {
    const publication = c.server.reference.state().publications.all().find((p) => p.slug === 'demo')!;
    expect((await c.request('POST', `/_control/publications/${publication.id}/custom-email`, { body: { approved: true } })).status).toBe(200);
    const emails = Array.from({ length: 10_000 }, (_, i) => `reader${i}@example.com`);
    let accepted = 0;
    const m = await whileRunning(async () => {
      const res = await c.request('POST', '/v1/emails/send', { body: { subject: 'News', body: 'Hello **all**.', emails } });
      expect(res.status, res.text).toBe(200);
      accepted = res.body.accepted;
    });
    expect(accepted).toBe(10_000);
    expect(m.slowestGetMs, JSON.stringify(m)).toBeLessThan(m.bigMs / 5);
  }, 120_000);
});
