/**
 * A saved state that is well-formed JSON but holds broken records is refused
 * at start and at restore, with the record and the field named, and the file
 * is never overwritten; the running state stays as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../testing.support.test.js';
import { StateFileError } from './format.js';
import { startFrozen } from './round-trip.support.test.js';

const dir = mkdtempSync(join(tmpdir(), 'broken-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open: TestClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A saved document of a fresh server, to break. */
async function savedDocument(): Promise<any> {
  const a = await startFrozen();
  open.push(a);
  return JSON.parse(a.server.reference.persistence.encode().text);
}

type Breakage = [name: string, breakIt: (state: any) => void, message: RegExp];

const BREAKAGES: Breakage[] = [
  ['a post whose title is null', (s) => (s.posts[2].title = null), /state\.posts\[2\] \(record "[A-Za-z0-9]{20}"\)\.title: .*string/],
  ['a post whose document is not a doc', (s) => (s.posts[2].doc = { type: 'paragraph', content: [] }), /state\.posts\[2\] \(record "[A-Za-z0-9]{20}"\)\.doc\.type/],
  ['a clock offset that is a string', (s) => (s.clock.offsetMs = '5'), /state\.clock\.offsetMs: .*number/],
  ['a frozen time no date can hold', (s) => (s.clock.frozenAt = 8.64e15), /state\.clock\.frozenAt/],
  ['a missing list', (s) => delete s.subscribers.records, /state\.subscribers\.records: is required/],
  ['a subscriber of no known origin', (s) => (s.subscribers.records[0].source = 'guessed'), /state\.subscribers\.records\[0\].*\.source/],
  ['a suppression with no time', (s) => delete s.suppressions[0].suppressedAt, /state\.suppressions\[0\].*\.suppressedAt: is required/],
  ['an API key of no known origin', (s) => (s.keys[0].source = 'guessed'), /state\.keys\[0\] \(record "pk_demo_[0-9a-f]+"\)\.source/],
  ['an unsubscribe secret that is not hex', (s) => (s.emails.tokens.secret = 42), /state\.emails\.tokens\.secret/],
  ['an unsubscribe link of no known purpose', (s) => (s.emails.tokens.issued = [{ token: 'x'.repeat(32), purpose: 'reader', publicationId: s.publications[0].id, email: 'a@example.com' }]), /state\.emails\.tokens\.issued\[0\] \(record "x{32}"\)\.purpose/],
  ['an unsubscribe secret with more than its 64 hex digits after them', (s) => (s.emails.tokens.secret += 'z'), /state\.emails\.tokens\.secret/],
  ['an unsubscribe secret with more than its 64 hex digits before them', (s) => (s.emails.tokens.secret = `z${s.emails.tokens.secret}`), /state\.emails\.tokens\.secret/],
  ['an outbox counter that is negative', (s) => (s.emails.outbox.seq = -1), /state\.emails\.outbox\.seq/],
  ['a fault stream of three numbers', (s) => (s.emails.faults.random = s.emails.faults.random.slice(0, 3)), /state\.emails\.faults\.random/],
  ['a user with no wallet address', (s) => delete s.users[0].walletAddress, /state\.users\[0\] \(record "[A-Za-z0-9]{20}"\)\.walletAddress: is required/],
  ['a publication with no team', (s) => delete s.publications[0].team, /state\.publications\[0\] \(record "[A-Za-z0-9]{20}"\)\.team: is required/],
  ['a team member of no known status', (s) => (s.publications[0].team[0].status = 'owner'), /state\.publications\[0\] \(record "[A-Za-z0-9]{20}"\)\.team\[0\]\.status/],
  ['a new-subscriber notice that is not a boolean', (s) => (s.publications[0].emailNotifications.newSubscriber = 'yes'), /state\.publications\[0\] \(record "[A-Za-z0-9]{20}"\)\.emailNotifications\.newSubscriber/],
  ['a content piece with no title', (s) => delete s.content[0].title, /state\.content\[0\].*\.title: is required/],
  ['a tweet with neither text nor a thread', (s) => (s.content.find((p: any) => p.kind === 'tweet').body = {}), /state\.content\[\d+\] \(record "[^"]+"\)\.body: a tweet body needs text \(one post\) or tweets \(a thread\)/],
  ['a newsletter subject of two lines', (s) => (s.content.find((p: any) => p.kind === 'newsletter').body.subject = 'Two\nlines'), /state\.content\[\d+\].*\.body: the subject \(body\.subject\) must be one line/],
  ['an article field in a LinkedIn post', (s) => (s.content.find((p: any) => p.kind === 'linkedin').body.canonicalUrl = 'https://a.example/'), /state\.content\[\d+\].*\.body: canonicalUrl is a x_article field/],
  ['attached media with no address', (s) => delete s.content.find((p: any) => p.media.length > 0).media[0].url, /state\.content\[\d+\].*\.media\[0\]\.url: is required/],
  ['a content send of no known state', (s) => (s.content[0].send = { state: 'sending', at: null }), /state\.content\[0\].*\.send\.state/],
  ['a suggestion with no status', (s) => delete s.suggestions[0].status, /state\.suggestions\[0\].*\.status/],
  ['a content group with no seeding post', (s) => delete s.buckets[0].postId, /state\.buckets\[0\].*\.postId: is required/],
  ['a group member with no joining time', (s) => delete s.buckets[0].members[0].joinedAt, /state\.buckets\[0\].*\.members\[0\]\.joinedAt: is required/],
  ['a segment with no availability', (s) => delete s.publications[0].communities[0].available, /state\.publications\[0\] \(record "[A-Za-z0-9]{20}"\)\.communities\[0\] \(record "com_[A-Za-z0-9]{12}"\)\.available/],
  ['a post of a publication the state does not hold', (s) => (s.posts[2].publicationId = 'gone'), /state\.posts\[2\] \(record "[A-Za-z0-9]{20}"\)\.publicationId: names no publication of the state \("gone"\)/],
  ['two posts with one id', (s) => s.posts.push({ ...s.posts[2], slug: 'another-slug' }), /state\.posts\[\d+\] \(record "[A-Za-z0-9]{20}"\)\.id: repeats the id of state\.posts\[2\]/],
  ['an auth session with an empty id', (s) => s.authSessions.push(authSession({ id: '' })), /state\.authSessions\[0\].*\.id/],
  ['an auth session of no known state', (s) => s.authSessions.push(authSession({ state: 'approved' })), /state\.authSessions\[0\].*\.state/],
];

/** A well-formed pending auth session record, with `change` applied (a fresh server has none to break). */
function authSession(change: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'A'.repeat(32), deviceName: null, callbackUrl: null, supportsDeliveryAcknowledgement: false, createdAt: 0, expiresAt: 300_000,
    state: 'pending', publicationId: null, apiKey: null, approvedAt: null, deniedAt: null, deliveredAt: null, handedOutAt: null, ...change,
  };
}

describe('broken records', () => {
  it.each(BREAKAGES)('%s: the start is refused, naming the record and field, and the file is left as it was', async (_name, breakIt, message) => {
    const doc = await savedDocument();
    breakIt(doc.state);
    const file = join(dir, `${_name.replace(/\W+/g, '-')}.json`);
    const text = JSON.stringify(doc);
    writeFileSync(file, text);
    const start = startFrozen({ stateFile: file });
    await expect(start).rejects.toThrow(StateFileError);
    await expect(start).rejects.toThrow(message);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it.each(BREAKAGES)('%s: a named snapshot is refused at restore with 409, and the state is unchanged', async (_name, breakIt, message) => {
    const file = join(dir, `snap-${_name.replace(/\W+/g, '-')}.json`);
    const a = await startFrozen({ stateFile: file });
    open.push(a);
    expect((await a.request('POST', '/_control/snapshot', { key: null, body: { name: 'broken' } })).status).toBe(200);
    const snapshot = join(`${file}.snapshots`, 'broken.json');
    const doc = JSON.parse(readFileSync(snapshot, 'utf8'));
    breakIt(doc.state);
    writeFileSync(snapshot, JSON.stringify(doc));
    // The file on disk is what a restore reads: a fresh server finds it there.
    const b = await startFrozen({ stateFile: file });
    open.push(b);
    const before = (await b.request('GET', '/v1/posts?status=draft')).body;
    const clock = (await b.request('GET', '/_control/clock', { key: null })).body;
    const res = await b.request('POST', '/_control/restore', { key: null, body: { name: 'broken' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, msg: expect.stringMatching(message) });
    expect((await b.request('GET', '/v1/posts?status=draft')).body).toEqual(before);
    expect((await b.request('GET', '/_control/clock', { key: null })).body).toEqual(clock);
  });

  it('values no write produces but a state may hold (an invited team member, the scale plan, a key from the control API), and references to deleted posts the server keeps, are accepted at start', async () => {
    const doc = await savedDocument();
    doc.state.publications[0].team[0].status = 'invited';
    doc.state.publications[0].plan = 'scale';
    doc.state.keys[0].source = 'control';
    // Kept by the server when their post is deleted: a content group's seeding post, the post a newsletter went out for.
    doc.state.buckets[0].postId = 'deleted-post';
    doc.state.emails.newsletterSent.push('deleted-post');
    const file = join(dir, 'rare-values.json');
    writeFileSync(file, JSON.stringify(doc));
    const b = await startFrozen({ stateFile: file });
    open.push(b);
    const { publications } = (await b.request('GET', '/_control/publications', { key: null })).body;
    expect(publications.find((p: { id: string }) => p.id === doc.state.publications[0].id)).toMatchObject({ plan: 'scale' });
    const { apiKeys } = (await b.request('GET', '/_control/api-keys', { key: null })).body;
    expect(apiKeys.find((k: { key: string }) => k.key === doc.state.keys[0].key)).toMatchObject({ source: 'control' });
  });
});
