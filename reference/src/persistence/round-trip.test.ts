/**
 * Snapshot -> restore gives the same server: the same answers to reads over
 * every area, the same next ids, and the work that was scheduled still
 * happens (a scheduled post publishes and sends its newsletter, a queued
 * content send delivers, queued emails are delivered) when the clock passes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../testing.support.test.js';
import { decodeState, encodeState, STATE_FORMAT_VERSION, StateFileError } from './format.js';
import { HOUR, T0, readEverything, startFrozen, writeEverywhere } from './round-trip.support.test.js';

const open: TestClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function server(): Promise<TestClient> {
  const client = await startFrozen();
  open.push(client);
  return client;
}

/** Through the text of the file, as a restart would. */
function copyState(from: TestClient, to: TestClient): void {
  const text = from.server.reference.persistence.encode().text;
  to.server.reference.restore(decodeState(text, 'test').state);
}

const advance = (client: TestClient, advanceMs: number) => client.request('POST', '/_control/clock', { body: { advanceMs }, key: null });

describe('snapshot and restore', () => {
  it('a restored copy answers every read alike, draws the same next ids and runs the scheduled work', async () => {
    const a = await server();
    const written = await writeEverywhere(a);
    const b = await server();
    copyState(a, b);
    expect(await readEverything(b, written)).toEqual(await readEverything(a, written));

    // The random sources continue where they were: the same next post id, content id, key.
    const next = { title: 'After the restore', markdown: 'Same id?', status: 'draft' };
    const [postA, postB] = [await a.request('POST', '/v1/posts', { body: next }), await b.request('POST', '/v1/posts', { body: next })];
    expect(postB.body).toEqual(postA.body);
    const send = { subject: 'Again', body: 'Faults draw from their own stream.', emails: ['e@example.org', 'f@example.org', 'g@example.org'] };
    expect((await b.request('POST', '/v1/emails/send', { body: send })).body).toEqual((await a.request('POST', '/v1/emails/send', { body: send })).body);

    // The scheduled post (T0 + 1 h, with newsletter) and the queued content send (T0 + 2 h).
    for (const c of [a, b]) expect((await advance(c, 3 * HOUR)).status).toBe(200);
    const post = await b.request('GET', `/v1/posts/${written.scheduledId}`);
    expect(post.body.status).toBe('published');
    const piece = await b.request('GET', `/_control/content/${written.queuedContentId}`, { key: null });
    expect(piece.body.status).toBe('published');
    expect(piece.body.send).toBeNull();
    const newsletters = await b.request('GET', `/_control/outbox?kind=newsletter&postId=${written.scheduledId}`, { key: null });
    expect(newsletters.body.items.length).toBeGreaterThan(0);
    const queued = await b.request('GET', '/_control/outbox?status=queued', { key: null });
    expect(queued.body.items).toEqual([]);
    expect(await readEverything(b, written)).toEqual(await readEverything(a, written));
  });

  it('emails still queued at the save are delivered after the restore at their own time, each batch', async () => {
    const a = await server();
    const send = (to: string) => a.request('POST', '/v1/emails/send', { body: { subject: 'Queued', body: 'At the save.', emails: [to] } });
    expect((await send('first@example.org')).status).toBe(200);
    expect((await advance(a, 500)).status).toBe(200);
    expect((await send('second@example.org')).status).toBe(200);
    const b = await server();
    copyState(a, b);
    // A batch queued after the restore takes a label of its own: it replaces none of the restored ones.
    expect((await b.request('POST', '/v1/emails/send', { body: { subject: 'After', body: 'After the restore.', emails: ['third@example.org'] } })).status).toBe(200);
    const statusOf = async (to: string) => (await b.request('GET', `/_control/outbox?to=${to}`, { key: null })).body.items[0];
    expect((await statusOf('first@example.org')).status).toBe('queued');
    // Delivery is due a second after queuing (T0 + 1 s and T0 + 1.5 s): not earlier after a restore.
    expect((await advance(b, 999 - 500)).status).toBe(200);
    expect((await statusOf('first@example.org')).status).toBe('queued');
    expect((await advance(b, 1)).status).toBe(200);
    expect(await statusOf('first@example.org')).toMatchObject({ status: 'delivered', deliveredAt: T0 + 1000 });
    expect((await statusOf('second@example.org')).status).toBe('queued');
    expect((await advance(b, 500)).status).toBe(200);
    expect(await statusOf('second@example.org')).toMatchObject({ status: 'delivered', deliveredAt: T0 + 1500 });
    expect((await statusOf('third@example.org')).status).toBe('delivered');
  });

  it('a newsletter that went out before the save does not go out again after the restore', async () => {
    const a = await server();
    const created = await a.request('POST', '/v1/posts', { body: { title: 'Sent once', markdown: 'Once.', sendNewsletter: true } });
    expect(created.status).toBe(200);
    const postId = created.body.id as string;
    const newsletters = async (c: TestClient) => (await c.request('GET', `/_control/outbox?kind=newsletter&postId=${postId}&limit=all`, { key: null })).body.items.length;
    const sent = await newsletters(a);
    expect(sent).toBeGreaterThan(0);
    const b = await server();
    copyState(a, b);
    for (const status of ['draft', 'published']) expect((await b.request('PUT', `/v1/posts/${postId}`, { body: { status, sendNewsletter: true } })).status).toBe(200);
    expect(await newsletters(b)).toBe(sent);
  });

  it('a scheduled post publishes after a restore even when the clock was already past its time', async () => {
    const a = await server();
    const written = await writeEverywhere(a);
    const text = a.server.reference.persistence.encode().text;
    // The server was "down" across the scheduled time: the saved clock is behind; move it past first.
    const doc = decodeState(text, 'test');
    doc.state.clock = { offsetMs: 0, frozenAt: T0 + 90 * 60_000 };
    a.server.reference.restore(doc.state);
    const post = await a.request('GET', `/v1/posts/${written.scheduledId}`);
    expect(post.body.status).toBe('published');
    // With its scheduled time, not the time of the restore.
    expect(post.body.publishedAt).toBe(String(T0 + HOUR));
  });

  it('a content send running at the save is still running after the restore', async () => {
    const a = await server();
    const created = await a.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'Running', body: { text: 'Being sent' } } });
    const path = `/_control/content/${created.body.id}`;
    for (const step of ['send', 'send/start']) expect((await a.request('POST', `${path}/${step}`, { body: {}, key: null })).status).toBe(200);
    const b = await server();
    copyState(a, b);
    expect((await b.request('GET', path, { key: null })).body.send).toEqual({ state: 'in_progress', at: null });
  });

  it('after the restore, a content send queued without a time waits for its start however far the clock moves', async () => {
    const a = await server();
    const created = await a.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'Waiting', body: { text: 'Not yet' } } });
    const path = `/_control/content/${created.body.id}`;
    expect((await a.request('POST', `${path}/send`, { body: {}, key: null })).status).toBe(200);
    const b = await server();
    copyState(a, b);
    expect((await advance(b, 3 * HOUR)).status).toBe(200);
    expect((await b.request('GET', path, { key: null })).body).toMatchObject({ status: 'draft', send: { state: 'queued', at: null } });
  });

  it('a timed content send started by hand before the save is delivered at its time after the restore, as it is without one', async () => {
    const a = await server();
    const created = await a.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'Started early', body: { text: 'Timed' } } });
    const path = `/_control/content/${created.body.id}`;
    expect((await a.request('POST', `${path}/send`, { body: { at: T0 + HOUR }, key: null })).status).toBe(200);
    expect((await a.request('POST', `${path}/send/start`, { body: {}, key: null })).status).toBe(200);
    const b = await server();
    copyState(a, b);
    expect((await b.request('GET', path, { key: null })).body.send).toEqual({ state: 'in_progress', at: T0 + HOUR });
    for (const c of [a, b]) {
      expect((await advance(c, 2 * HOUR)).status).toBe(200);
      expect((await c.request('GET', path, { key: null })).body).toMatchObject({ status: 'published', publishedAt: new Date(T0 + HOUR).toISOString(), send: null });
    }
  });

  it('named snapshots: save, change, restore gives the saved answers back; listed; unknown 404; bad name 400', async () => {
    const a = await server();
    const written = await writeEverywhere(a);
    const control = (method: string, path: string, body?: unknown) => a.request(method, path, { body, key: null });
    const saved = await control('POST', '/_control/snapshot', { name: 'after-writes' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'after-writes', savedAt: T0, persisted: false });
    const before = await readEverything(a, written);

    await a.request('DELETE', `/v1/posts/${written.draftId}`);
    await a.request('POST', '/v1/subscribers', { body: { email: 'later@example.org' } });
    await advance(a, 3 * HOUR);
    expect(await readEverything(a, written)).not.toEqual(before);

    const restored = await control('POST', '/_control/restore', { name: 'after-writes' });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ name: 'after-writes', seed: 1, now: T0 });
    expect(await readEverything(a, written)).toEqual(before);
    // Twice: the snapshot is not consumed or changed by the first restore.
    await a.request('POST', '/v1/posts', { body: { title: 'x', markdown: 'y' } });
    await control('POST', '/_control/restore', { name: 'after-writes' });
    expect(await readEverything(a, written)).toEqual(before);

    const list = await control('GET', '/_control/snapshots');
    expect(list.body.snapshots.map((s: { name: string }) => s.name)).toEqual(['after-writes']);
    expect(list.body.stateFile).toBeNull();
    expect((await control('GET', '/_control')).body.capabilities).toContain('snapshots');
    expect((await control('POST', '/_control/restore', { name: 'nope' })).status).toBe(404);
    expect((await control('POST', '/_control/snapshot', { name: '../escape' })).status).toBe(400);
    expect((await control('POST', '/_control/snapshot', {})).status).toBe(400);
  });

  it('refuses a snapshot of another format version, a foreign document and damaged JSON', async () => {
    const a = await server();
    const text = a.server.reference.persistence.encode().text;
    const other = JSON.stringify({ ...JSON.parse(text), version: STATE_FORMAT_VERSION + 1 });
    expect(() => decodeState(other, 'old.json')).toThrow(StateFileError);
    expect(() => decodeState(other, 'old.json')).toThrow(new RegExp(`version ${STATE_FORMAT_VERSION + 1}; this server reads version ${STATE_FORMAT_VERSION} only`));
    expect(() => decodeState('{"hello":1}', 'x.json')).toThrow(/not a state file of this server/);
    expect(() => decodeState(text.slice(0, -10), 'cut.json')).toThrow(/not valid JSON/);
    const missing = JSON.parse(text);
    delete missing.state.posts;
    expect(() => decodeState(JSON.stringify(missing), 'm.json')).toThrow(/m\.json is damaged: state\.posts: is required/);
    // Round trip of the encoder itself.
    const doc = decodeState(text, 'ok');
    expect(encodeState(doc)).toBe(text);
  });
});
