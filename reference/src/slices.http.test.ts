/**
 * A large CSV import, a large custom email and a newsletter to many
 * subscribers must not stall other requests: their rows and recipients are
 * applied over many turns of the event loop (slices.ts), and a GET sent over
 * and over meanwhile is answered between those turns. Counted in turns of
 * the loop, not timed, so a busy machine cannot fail it; how long the GETs
 * take meanwhile is a figure of `npm run bench` (import). The request that
 * publishes answers once its newsletter is queued whole, and the state file
 * is never saved between two slices. A 10 MB row of commas is refused
 * quickly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from './testing.support.test.js';

let c: TestClient;
const dir = mkdtempSync(join(tmpdir(), 'slices-'));

beforeAll(async () => {
  c = await startTestServer();
});
afterAll(async () => {
  await c.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The multipart body built beforehand: the client shares this process, and its own encoding must not be what is measured. */
function multipart(csv: string): { body: Buffer; type: string } {
  const boundary = 'latency-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="subscribers.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return { body: Buffer.from(`${head}${csv}\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: { body: Buffer; type: string }, to: TestClient = c) {
  const res = await fetch(`${to.url}/v1/subscribers/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_KEYS.demo}`, 'Content-Type': file.type },
    body: file.body,
  });
  return { status: res.status, body: (await res.json()) as { success?: boolean; msg?: string } };
}

/** Wraps `object[method]` so that each call first calls `record`; gives back the undo. */
function onEachCall<T extends object>(object: T, method: keyof T & string, record: () => void): () => void {
  const original = object[method] as (...args: unknown[]) => unknown;
  const wrapped = vi.spyOn(object as Record<string, (...args: unknown[]) => unknown>, method).mockImplementation(function (this: unknown, ...args) {
    record();
    return original.apply(this, args);
  });
  return () => wrapped.mockRestore();
}

/**
 * Runs `big` while sending GET /v1/posts?limit=1 to server `t` one after
 * another, counting turns of the event loop; `watch` wraps the function that
 * does the big request's work so that each call notes its turn. Gives the
 * turns that work was spread over, the GETs answered strictly between its
 * first and last turn, and the saves of the state taken while a loop was
 * between two slices.
 */
async function whileRunning(
  big: () => Promise<unknown>,
  watch: (record: () => void) => () => void,
  t: TestClient = c,
): Promise<{ workTurns: number; getsBetween: number; savesInSlices: number }> {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const workTurns = new Set<number>();
  const unwatch = watch(() => workTurns.add(turn));
  let savesInSlices = 0;
  const unwatchSaves = onEachCall(t.server.reference.persistence, 'encode', () => {
    if (t.server.reference.state().work.busy) savesInSlices++;
  });
  const result = big().finally(() => (running = false));
  const getTurns: number[] = [];
  try {
    while (running) {
      await t.request('GET', '/v1/posts?limit=1');
      getTurns.push(turn);
    }
    await result;
  } finally {
    unwatch();
    unwatchSaves();
  }
  const first = Math.min(...workTurns);
  const last = Math.max(...workTurns);
  return { workTurns: workTurns.size, getsBetween: getTurns.filter((t) => t > first && t < last).length, savesInSlices };
}

describe('big requests share the event loop', () => {
  it('200,000 imported CSV rows are applied over many turns of the event loop, GETs answered between', async () => {
    const csv = 'email,created_at\n' + Array.from({ length: 200_000 }, (_, i) => `latency${i}@example.com,2024-01-01`).join('\n');
    const file = multipart(csv);
    let status = 0;
    const m = await whileRunning(async () => {
      status = (await upload(file)).status;
    }, (record) => onEachCall(c.server.reference.state().subscribers, 'add', record));
    expect(status).toBe(200);
    expect(m.workTurns, JSON.stringify(m)).toBeGreaterThan(2);
    expect(m.getsBetween, JSON.stringify(m)).toBeGreaterThan(0);
  }, 120_000);

  it('a 10 MB row of commas is refused at once, naming the row', async () => {
    const started = performance.now();
    const res = await upload(multipart('email\n' + ','.repeat(10_000_000)));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/row at line 2 has more than 1000 columns/);
    // Refused at the first chunk past the limit, not after parsing ten million fields (seconds).
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it('a custom email to 10,000 addresses is queued over several turns of the event loop', async () => {
    const publication = c.server.reference.state().publications.all().find((p) => p.slug === 'demo')!;
    expect((await c.request('POST', `/_control/publications/${publication.id}/custom-email`, { body: { approved: true } })).status).toBe(200);
    const emails = Array.from({ length: 10_000 }, (_, i) => `reader${i}@example.com`);
    let accepted = 0;
    const m = await whileRunning(async () => {
      const res = await c.request('POST', '/v1/emails/send', { body: { subject: 'News', body: 'Hello **all**.', emails } });
      expect(res.status, res.text).toBe(200);
      accepted = res.body.accepted;
    }, (record) => onEachCall(c.server.reference.state().emails.outbox, 'add', record));
    expect(accepted).toBe(10_000);
    // Fewer turns than the import's on a quiet machine: how many GETs fit between them is not counted.
    expect(m.workTurns, JSON.stringify(m)).toBeGreaterThan(1);
  }, 120_000);

  it('a newsletter to 20,000 subscribers is queued over several turns, GETs answered between, and the publishing request answers once it is queued whole', async () => {
    const n = await startTestServer({ scale: { posts: 0, subscribers: 20_000 } });
    try {
      const state = n.server.reference.state();
      const publication = state.publications.all().find((p) => p.slug === 'demo')!;
      const recipients = state.subscribers.newsletterRecipients(publication.id).length;
      expect(recipients).toBeGreaterThan(20_000);
      let queuedAtAnswer = 0;
      const m = await whileRunning(
        async () => {
          const res = await n.request('POST', '/v1/posts', { body: { title: 'To everyone', markdown: 'Hello **all**.', sendNewsletter: true } });
          expect(res.status, res.text).toBe(200);
          queuedAtAnswer = n.server.reference.state().emails.outbox.list({ postId: res.body.id, kind: 'newsletter' }).length;
        },
        (record) => onEachCall(n.server.reference.state().emails.outbox, 'add', record),
        n,
      );
      expect(queuedAtAnswer).toBe(recipients);
      expect(m.workTurns, JSON.stringify(m)).toBeGreaterThan(1);
      expect(m.getsBetween, JSON.stringify(m)).toBeGreaterThan(0);

      // Published by the clock: every email carries the scheduled time, though the clock has moved on by the later slices,
      // and each batch is delivered a second after it (all of them, the advance having gone past).
      const { now } = (await n.request('POST', '/_control/clock', { key: null, body: { frozen: true } })).body;
      const scheduledAt = now + 3_600_000;
      const scheduled = await n.request('POST', '/v1/posts', { body: { title: 'Later, to everyone', markdown: 'Later.', scheduledAt, sendNewsletter: true } });
      expect(scheduled.status, scheduled.text).toBe(200);
      expect((await n.request('POST', '/_control/clock', { key: null, body: { advanceMs: 86_400_000 } })).status).toBe(200);
      const emails = n.server.reference.state().emails.outbox.list({ postId: scheduled.body.id, kind: 'newsletter' });
      expect(emails.length).toBe(recipients);
      expect(new Set(emails.map((e) => e.createdAt))).toEqual(new Set([scheduledAt]));
      expect(new Set(emails.map((e) => `${e.status} ${e.deliveredAt}`))).toEqual(new Set([`delivered ${scheduledAt + 1000}`]));
    } finally {
      await n.close();
    }
  }, 120_000);

  it('the state file is never saved while a loop is between two slices: a save holds an import whole or not at all', async () => {
    const s = await startTestServer({ fixtures: 'empty', stateFile: join(dir, 'state.json'), snapshotIntervalMs: 5 });
    try {
      const csv = 'email\n' + Array.from({ length: 50_000 }, (_, i) => `saved${i}@example.com`).join('\n');
      let status = 0;
      const m = await whileRunning(
        async () => {
          status = (await upload(multipart(csv), s)).status;
        },
        (record) => onEachCall(s.server.reference.state().subscribers, 'add', record),
        s,
      );
      expect(status).toBe(200);
      expect(m.workTurns, JSON.stringify(m)).toBeGreaterThan(2);
      expect(m.savesInSlices, JSON.stringify(m)).toBe(0);
    } finally {
      await s.close();
    }
  }, 120_000);
});
