/**
 * ControlClient.outboxSince: the emails queued from a point of the target's
 * clock on, read page by page newest first, and no page past the first
 * older email (a long-running target's outbox holds megabytes of mail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../reference/src/server.js';
import { ApiClient } from './api-client.js';
import { ControlClient } from './control-client.js';
import { createThrottle } from './throttle.js';
import { Transcript } from './transcript.js';

const KEY = 'pk_demo_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, analytics: { mode: 'off' } });
});
afterAll(() => server.close());

function clients() {
  const transcript = new Transcript();
  const api = new ApiClient(
    {
      baseUrl: server.url,
      keys: { a: KEY },
      secrets: [],
      throttle: createThrottle(undefined),
      transcript,
      profiles: ['core', 'control', 'side-effects'],
      timeoutMs: 10_000,
      missingKey: () => {
        throw new Error('no key');
      },
    },
    'a',
  );
  return { api, control: new ControlClient(api.anonymous, () => {}), transcript };
}

const outboxReads = (transcript: Transcript) => transcript.snapshot().exchanges.filter((e) => e.method === 'GET' && e.url.includes('/_control/outbox'));

async function send(api: ApiClient, prefix: string, count: number): Promise<void> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  expect((await api.post('/v1/emails/send', { subject: prefix, body: 'outbox since', emails })).status).toBe(200);
}

describe('outboxSince', () => {
  it('answers exactly the emails queued from `since` on, reading only up to the first older one', async () => {
    const { api, control, transcript } = clients();
    await control.freezeClock(true);
    await send(api, 'older', 45);
    const since = (await control.advanceClock(1_000)).now;
    await send(api, 'newer', 3);
    await control.advanceClock(1_000);
    await send(api, 'newest', 2);

    const emails = await control.outboxSince<{ id: string; to: string; createdAt: number }>(since, { kind: 'custom' });
    expect(emails.map((e) => e.to.split('-')[0]).sort()).toEqual(['newer', 'newer', 'newer', 'newest', 'newest']);
    expect(emails.every((e) => e.createdAt >= since)).toBe(true);
    // The five newer emails and fifteen older ones fill the first page: no second page is read.
    expect(outboxReads(transcript)).toHaveLength(1);
  });

  it('reads on, page after page, while every email of a page is newer', async () => {
    const { api, control, transcript } = clients();
    await send(api, 'many', 45);
    const all = await control.outbox<{ id: string }>({ kind: 'custom', limit: 'all' });
    const emails = await control.outboxSince<{ id: string; createdAt: number }>(0, { kind: 'custom' });
    expect(emails.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(outboxReads(transcript).length).toBeGreaterThan(2);
  });
});
