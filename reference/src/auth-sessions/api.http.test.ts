import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient, type TestResponse } from '../testing.support.test.js';
import { AuthSessionCreated, AuthSessionPoll, ControlApiKeys, ControlAuthSessions } from '../../../schemas/auth-sessions.js';

let t: TestClient;
let demoId: string;
let otherId: string;

const MIN = 60_000;
const HOUR = 60 * MIN;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.request('POST', '/_control/clock', { key: null, body: { frozen: true } });
  ({ demo: { id: demoId }, other: { id: otherId } } = await t.publications());
});

const create = (body: unknown = {}) => t.request('POST', '/v1/api/auth/sessions', { key: null, body });
const poll = (id: string) => t.request('GET', `/v1/api/auth/sessions/${id}`, { key: null });
const discard = (id: string) => t.request('DELETE', `/v1/api/auth/sessions/${id}`, { key: null });
const approve = (id: string, body: unknown = {}) =>
  t.request('POST', `/_control/auth/sessions/${id}/approve`, { key: null, body });
const advance = (ms: number) => t.request('POST', '/_control/clock', { key: null, body: { advanceMs: ms } });

/** The error body; a poll's 404 also carries the message as `message` (production's field there). */
function expectError(res: TestResponse, status: number, msg?: RegExp) {
  expect(res.status).toBe(status);
  const pollNotFound = status === 404 && res.body?.message !== undefined;
  expect(res.body).toEqual({ success: false, msg: expect.any(String), ...(pollNotFound ? { message: res.body.msg } : {}) });
  if (msg) expect(res.body.msg).toMatch(msg);
}

describe('POST /v1/api/auth/sessions', () => {
  it('answers 201 with sessionId, verificationUrl and expiresAt five minutes out, with no body at all', async () => {
    const now = (await t.request('GET', '/_control/clock', { key: null })).body.now;
    const res = await t.request('POST', '/v1/api/auth/sessions', { key: null });
    expect(res.status).toBe(201);
    const body = AuthSessionCreated.parse(res.body);
    expect(Date.parse(body.expiresAt)).toBe(now + 5 * MIN);
    expect(body.verificationUrl).toBe(`${t.url}/auth/sessions/${body.sessionId}`);
    expect(body.sessionId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(AuthSessionPoll.parse((await poll(body.sessionId)).body)).toEqual({ status: 'pending', deviceName: 'Unnamed device' });
  });

  it('ignores an Authorization header and unknown fields', async () => {
    const res = await t.request('POST', '/v1/api/auth/sessions', { key: DEMO_KEYS.demo, body: { deviceName: 'cli', extra: 1 } });
    expect(res.status).toBe(201);
  });

  it('accepts deviceName up to 100 characters and callbackUrl up to 2048', async () => {
    const url = 'https://cb.example.com/' + 'a'.repeat(2048 - 'https://cb.example.com/'.length);
    const res = await create({ deviceName: 'd'.repeat(100), callbackUrl: url, supportsDeliveryAcknowledgement: true });
    expect(res.status).toBe(201);
    expect((await poll(res.body.sessionId)).body).toEqual({ status: 'pending', deviceName: 'd'.repeat(100), callbackUrl: url });
  });

  it.each([
    [{ deviceName: 'd'.repeat(101) }, /deviceName must be at most 100 characters/],
    [{ deviceName: 42 }, /deviceName must be a string/],
    [{ callbackUrl: 'http://cb.example.com/done' }, /callbackUrl must be an HTTPS URL/],
    [{ callbackUrl: 'https://cb.example.com/' + 'a'.repeat(2049 - 23) }, /callbackUrl must be at most 2048 characters/],
    [{ callbackUrl: 'https://user:pw@cb.example.com/' }, /callbackUrl must be an HTTPS URL/],
    [{ callbackUrl: 'not a url' }, /callbackUrl must be an HTTPS URL/],
    [{ supportsDeliveryAcknowledgement: 'true' }, /supportsDeliveryAcknowledgement must be a boolean/],
    [[], /body must be a JSON object/],
  ])('refuses %j with 400', async (body, msg) => {
    expectError(await create(body), 400, msg);
  });
});

describe('polling and the hand-over', () => {
  it('answers 404 in the error shape for an unknown session', async () => {
    expectError(await poll('nope'), 404, /not found/);
    expectError(await discard('nope'), 404);
  });

  it('says the poll\'s 404 also as `message`, the field production documents there', async () => {
    const res = await poll('nope');
    expect(res.body).toEqual({ success: false, msg: expect.stringMatching(/not found/), message: res.body.msg });
  });

  it('without acknowledgement: the first completed answer is the only one', async () => {
    const { sessionId } = (await create({ deviceName: 'laptop' })).body;
    const approved = await approve(sessionId);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'completed', publicationId: demoId });
    const first = await poll(sessionId);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({ status: 'completed', apiKey: approved.body.apiKey });
    expectError(await poll(sessionId), 404);
    const me = await t.request('GET', '/v1/me', { key: first.body.apiKey });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(demoId);
  });

  it('with acknowledgement: completed repeats until DELETE, and the key stays valid after', async () => {
    const { sessionId } = (await create({ supportsDeliveryAcknowledgement: true })).body;
    await approve(sessionId, { publicationId: otherId });
    const a = await poll(sessionId);
    const b = await poll(sessionId);
    expect(a.body).toEqual(b.body);
    expect(a.body.status).toBe('completed');
    const del = await discard(sessionId);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true });
    expectError(await poll(sessionId), 404);
    expectError(await discard(sessionId), 404);
    expect((await t.request('GET', '/v1/me', { key: a.body.apiKey })).body.id).toBe(otherId);
  });

  it('DELETE of a completed session whose key was never handed out revokes the key', async () => {
    const { sessionId } = (await create({ supportsDeliveryAcknowledgement: true })).body;
    const { apiKey } = (await approve(sessionId)).body;
    expect((await discard(sessionId)).status).toBe(200);
    expect((await t.request('GET', '/v1/me', { key: apiKey })).status).toBe(401);
  });

  it('DELETE of a pending session denies it: 404 afterwards, and it can no longer be approved', async () => {
    const { sessionId } = (await create()).body;
    expect((await discard(sessionId)).body).toEqual({ success: true });
    expectError(await poll(sessionId), 404);
    expectError(await approve(sessionId), 409, /denied/);
  });

  it('control deny makes the next poll 404', async () => {
    const { sessionId } = (await create()).body;
    const res = await t.request('POST', `/_control/auth/sessions/${sessionId}/deny`, { key: null });
    expect(res.body.status).toBe('denied');
    expectError(await poll(sessionId), 404);
  });
});

describe('expiry', () => {
  it('is pending until five minutes, expired for one more hour, then 404', async () => {
    const { sessionId } = (await create()).body;
    await advance(5 * MIN - 1);
    expect((await poll(sessionId)).body.status).toBe('pending');
    await advance(1);
    expect((await poll(sessionId)).body).toEqual({ status: 'expired' });
    expectError(await approve(sessionId), 409, /expired/);
    expectError(await discard(sessionId), 404, /expired/);
    await advance(HOUR - 1);
    expect((await poll(sessionId)).body).toEqual({ status: 'expired' });
    await advance(1);
    expectError(await poll(sessionId), 404);
  });

  it('an approved key not yet collected stays collectable until the same hour is over', async () => {
    const { sessionId } = (await create()).body;
    await approve(sessionId);
    await advance(5 * MIN + 30 * MIN);
    expect((await poll(sessionId)).body.status).toBe('completed');
    const late = (await create()).body.sessionId;
    await approve(late);
    await advance(5 * MIN + HOUR);
    expectError(await poll(late), 404);
  });
});

describe('control API', () => {
  it('lists sessions with their status and lists and revokes keys', async () => {
    const a = (await create({ deviceName: 'a' })).body.sessionId;
    const b = (await create({ deviceName: 'b', callbackUrl: 'https://cb.example.com/x' })).body.sessionId;
    const { apiKey } = (await approve(b)).body;
    const list = ControlAuthSessions.parse((await t.request('GET', '/_control/auth/sessions', { key: null })).body);
    expect(list.sessions.map((s) => [s.sessionId, s.status])).toEqual([[b, 'completed'], [a, 'pending']]);

    const keys = ControlApiKeys.parse((await t.request('GET', '/_control/api-keys', { key: null })).body);
    expect(keys.apiKeys.find((k) => k.key === apiKey)).toMatchObject({ publicationId: demoId, source: 'auth-session', revokedAt: null });
    expect(keys.apiKeys.find((k) => k.key === DEMO_KEYS.demo)?.source).toBe('fixture');

    const revoked = await t.request('DELETE', `/_control/api-keys/${apiKey}`, { key: null });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(Number));
    expect((await t.request('GET', '/v1/me', { key: apiKey })).status).toBe(401);
    expectError(await t.request('DELETE', `/_control/api-keys/${apiKey}`, { key: null }), 404);
  });

  it('approve refuses unknown sessions, unknown publications and extra fields', async () => {
    expectError(await approve('nope'), 404);
    const { sessionId } = (await create()).body;
    expectError(await approve(sessionId, { publicationId: 'nope' }), 404, /publication/);
    expectError(await approve(sessionId, { publication: demoId }), 400);
    expect((await poll(sessionId)).body.status).toBe('pending');
  });

  it('announces its capabilities', async () => {
    const info = (await t.request('GET', '/_control', { key: null })).body;
    expect(info.capabilities).toEqual(expect.arrayContaining(['auth-sessions', 'api-keys']));
  });
});
