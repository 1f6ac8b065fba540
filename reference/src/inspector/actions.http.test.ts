/**
 * What the inspector's forms do, over HTTP: the clock's moves, CLI sign-ins
 * approved or denied, signing in and out, and what each answers (the
 * redirect, its headers, the flash message on the next page). The server's
 * clock reads a fixed time, so every message is known in advance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit, post } from './forms.support.test.js';
import { Clock } from '../clock.js';
import { startTestServer, type TestClient } from '../testing.support.test.js';

const T0 = Date.UTC(2026, 0, 5, 9, 30, 0);
const HOUR = 3_600_000;
const TOKEN = 'inspector-actions-token-0123456789';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
/** A page as answered: a redirect is not followed. */
const visitAsIs = (server: TestClient, path: string, cookie?: string) => visit(server, path, cookie, 'manual');

let t: TestClient;
let guarded: TestClient;
let secure: TestClient;

beforeAll(async () => {
  [t, guarded, secure] = await Promise.all([
    startTestServer({ clock: new Clock(() => T0), fixtures: 'empty' }),
    startTestServer({ clock: new Clock(() => T0), fixtures: 'empty', controlToken: TOKEN }),
    startTestServer({ fixtures: 'empty', controlToken: TOKEN, publicUrl: 'https://inspector.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), guarded?.close(), secure?.close()]);
});

/** A form sent from the Clock page, and the flash message of the page it leads to. */
async function clockMove(form: Record<string, string>) {
  const { cookie, csrf } = await visitAsIs(t, '/_inspector/clock');
  const res = await post(t, '/_inspector/clock', { csrf_token: csrf!, ...form }, { Cookie: cookie!, Origin: t.url });
  const next = await visitAsIs(t, res.headers.get('location') ?? '/_inspector/clock', cookie);
  return { res, html: next.html, flash: /<p class="flash[^"]*" role="\w+" id="flash">[^<]*<\/p>/.exec(next.html)?.[0] };
}

describe('the Clock page moves the clock', () => {
  it('advances, running what fell due, and says so once', async () => {
    await t.request('POST', '/v1/subscribers', { body: { email: 'reader@example.com' } });
    await t.request('POST', '/v1/posts', { body: { title: 'Soon', markdown: 'x', scheduledAt: T0 + 2 * HOUR } });
    const { res, html, flash } = await clockMove({ do: 'advance', advanceMs: String(HOUR) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_inspector/clock');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(flash).toBe('<p class="flash" role="status" id="flash">Now 2026-01-05 10:30:00 UTC: 1 scheduled item ran.</p>');
    expect(html).toContain('<span class="now" id="clock-now">2026-01-05 10:30:00 UTC</span>');
    expect(html).toContain('<td>60 min</td>');
    // Shown once.
    expect((await visitAsIs(t, '/_inspector/clock', /inspector_session=\w+/.exec(res.headers.get('set-cookie') ?? '')?.[0])).html).not.toContain('id="flash"');
  });

  it('goes to the next due item, freezes, sets a time, unfreezes', async () => {
    expect((await clockMove({ do: 'next' })).flash).toBe('<p class="flash" role="status" id="flash">Now 2026-01-05 11:30:00 UTC: 1 scheduled item ran.</p>');
    const frozen = await clockMove({ do: 'freeze' });
    expect(frozen.flash).toBe('<p class="flash" role="status" id="flash">Frozen at 2026-01-05 11:30:00 UTC: 0 scheduled items ran.</p>');
    expect(frozen.html).toContain('<span class="now" id="clock-now">2026-01-05 11:30:00 UTC (frozen)</span>');
    expect(frozen.html).toContain('<span class="badge info" id="clock-state">frozen</span>');
    expect(frozen.html).toContain('<input type="hidden" name="do" value="unfreeze"><button type="submit" id="freeze">Unfreeze (run with real time)</button>');
    expect(frozen.html).toContain('<button type="submit" id="next-due" disabled>');
    expect((await clockMove({ do: 'to', to: '2026-01-06T08:00:05' })).flash).toBe('<p class="flash" role="status" id="flash">Now 2026-01-06 08:00:05 UTC: 0 scheduled items ran.</p>');
    expect((await clockMove({ do: 'unfreeze' })).flash).toBe('<p class="flash" role="status" id="flash">Running from 2026-01-06 08:00:05 UTC: 0 scheduled items ran.</p>');
  });

  it.each([
    [{ do: 'next' }, 'nothing is scheduled'],
    [{ do: 'to', to: 'tomorrow' }, 'give the time as YYYY-MM-DDTHH:MM(:SS), in UTC'],
    [{ do: 'rewind' }, 'unknown clock action: advance, to, next, freeze or unfreeze'],
  ])('refuses %j: %s', async (form, reason) => {
    const { cookie, csrf } = await visitAsIs(t, '/_inspector/clock');
    const res = await post(t, '/_inspector/clock', { csrf_token: csrf!, ...form }, { Cookie: cookie! });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`<p class="flash error" role="alert">${reason}. Nothing was changed.</p><p><a href="/_inspector/clock">Back</a></p>`);
  });

  it('refuses a body that is not a form, saying why', async () => {
    const { cookie, csrf } = await visitAsIs(t, '/_inspector/clock');
    const res = await fetch(`${t.url}/_inspector/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie! }, body: JSON.stringify({ csrf_token: csrf, do: 'freeze' }) });
    expect(res.status).toBe(415);
    expect(await res.text()).toContain('For your safety nothing was changed: inspector forms are sent as HTML forms (application/x-www-form-urlencoded).');
  });
});

describe('the State page decides CLI sign-ins', () => {
  it('approves one for the chosen publication, denies another', async () => {
    const { other } = await t.publications();
    const approved = (await t.request('POST', '/v1/api/auth/sessions', { key: null, body: { deviceName: 'Laptop' } })).body.sessionId;
    const denied = (await t.request('POST', '/v1/api/auth/sessions', { key: null, body: { deviceName: 'Phone' } })).body.sessionId;
    const { cookie, csrf } = await visitAsIs(t, '/_inspector/state');
    const approve = await post(t, `/_inspector/state/sign-ins/${approved}`, { csrf_token: csrf!, decision: 'approve', publicationId: other.id }, { Cookie: cookie! });
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toBe(`/_inspector/state?publication=${other.id}`);
    expect((await visitAsIs(t, approve.headers.get('location')!, cookie)).html).toContain('id="flash">Approved the sign-in of Laptop: it gets a new key for @other.</p>');
    expect((await t.request('GET', `/v1/api/auth/sessions/${approved}`, { key: null })).body.status).not.toBe('pending');

    const deny = await post(t, `/_inspector/state/sign-ins/${denied}`, { csrf_token: csrf!, decision: 'deny' }, { Cookie: cookie! });
    expect(deny.headers.get('location')).toBe('/_inspector/state');
    const after = (await visitAsIs(t, '/_inspector/state', cookie)).html;
    expect(after).toContain('id="flash">Denied the sign-in of Phone.</p>');
    expect(after).toContain('Pending CLI sign-ins (0)');
  });

  it('answers an unknown session 404, no decision 400 and an approval without publication 404, back on the State page', async () => {
    const pending = (await t.request('POST', '/v1/api/auth/sessions', { key: null, body: {} })).body.sessionId;
    const { cookie, csrf } = await visitAsIs(t, '/_inspector/state');
    const unknown = await post(t, '/_inspector/state/sign-ins/nope', { csrf_token: csrf!, decision: 'deny' }, { Cookie: cookie! });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('no such sign-in session (it ended more than an hour ago, or the state was reset). Nothing was changed.</p><p><a href="/_inspector/state">Back</a>');
    const undecided = await post(t, `/_inspector/state/sign-ins/${pending}`, { csrf_token: csrf!, decision: 'maybe' }, { Cookie: cookie! });
    expect(undecided.status).toBe(400);
    expect(await undecided.text()).toContain('choose Approve or Deny. Nothing was changed.');
    // An approval names its publication: the form always sends one, a hand-made request may not.
    const unnamed = await post(t, `/_inspector/state/sign-ins/${pending}`, { csrf_token: csrf!, decision: 'approve' }, { Cookie: cookie! });
    expect(unnamed.status).toBe(404);
    expect(await unnamed.text()).toContain('publication  not found. Nothing was changed.');
    expect((await t.request('GET', `/v1/api/auth/sessions/${pending}`, { key: null })).body.status).toBe('pending');
  });
});

describe('the Authorization header', () => {
  // A browser may send one (a password it keeps for this host): the inspector goes by its cookie, not by the header.
  it('is not read by any inspector route', async () => {
    const { cookie, csrf } = await visitAsIs(t, '/_inspector/clock');
    const headers = { Cookie: cookie!, Authorization: 'Basic dXNlcjpwYXNz' };
    for (const path of ['/_inspector', '/_inspector/mail', '/_inspector/mail/stamp', '/_inspector/mail/em_none/body', '/_inspector/clock', '/_inspector/state', '/_inspector/requests']) {
      const res = await fetch(t.url + path, { redirect: 'manual', headers });
      expect([path, res.status]).toEqual([path, path.endsWith('/body') ? 404 : path === '/_inspector' ? 303 : 200]);
    }
    for (const [path, form] of [
      ['/_inspector/clock', { do: 'advance', advanceMs: '0' }],
      ['/_inspector/state/sign-ins/none', { decision: 'deny' }],
      ['/_inspector/sign-in', { next: '/_inspector/clock' }],
      ['/_inspector/sign-out', {}],
    ] as const) {
      const res = await post(t, path, { csrf_token: csrf!, ...form }, headers);
      expect([path, res.status]).toEqual([path, path.includes('sign-ins') ? 404 : 303]);
    }
  });
});

describe('signing in and out', () => {
  it('without a control token, signing in only goes to the page asked for', async () => {
    const res = await post(t, '/_inspector/sign-in', { next: '/_inspector/state' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_inspector/state');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('keeps any page of the inspector as next, whatever its query', async () => {
    const res = await post(guarded, '/_inspector/sign-in', { token: TOKEN, next: '/_inspector/requests?path=//' });
    expect(res.headers.get('location')).toBe('/_inspector/requests?path=//');
  });

  it.each([[undefined], ['/elsewhere'], ['/_inspector'], ['/_inspector/\\evil.example'], ['https://evil.example/_inspector/']])('sends a sign-in with next %s to Mail', async (next) => {
    const res = await post(guarded, '/_inspector/sign-in', { token: TOKEN, ...(next === undefined ? {} : { next }) });
    expect(res.headers.get('location')).toBe('/_inspector/mail');
  });

  it('hands out a new session on sign-in, shows the sign-out button, and signs out', async () => {
    const asked = await visitAsIs(guarded, '/_inspector/clock');
    expect(asked.res.status).toBe(401);
    expect(asked.html).toContain('<input type="hidden" name="next" value="/_inspector/clock">');
    const first = await post(guarded, '/_inspector/sign-in', { token: TOKEN, next: '/_inspector/clock' });
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('set-cookie')).toMatch(/^inspector_session=\w{32}; Path=\/_inspector; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    const page = await visitAsIs(guarded, '/_inspector/clock', cookie);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`<form method="post" action="/_inspector/sign-out"><input type="hidden" name="csrf_token" value="${page.csrf}"><button type="submit">Sign out</button></form>`);

    // Signing in again replaces the session the browser had.
    const again = await post(guarded, '/_inspector/sign-in', { token: TOKEN, next: '/_inspector/clock' }, { Cookie: cookie });
    const renewed = again.headers.get('set-cookie')!.split(';')[0];
    expect(renewed).not.toBe(cookie);
    expect((await visitAsIs(guarded, '/_inspector/clock', cookie)).res.status).toBe(401);
    const current = await visitAsIs(guarded, '/_inspector/clock', renewed);

    const out = await post(guarded, '/_inspector/sign-out', { csrf_token: current.csrf! }, { Cookie: renewed });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/_inspector');
    expect(out.headers.get('cache-control')).toBe('no-store');
    expect(out.headers.get('set-cookie')).toBe('inspector_session=; Path=/_inspector; Max-Age=0; HttpOnly; SameSite=Strict');
    expect((await visitAsIs(guarded, '/_inspector/clock', renewed)).res.status).toBe(401);
  });

  it('over https the cookie is Secure, on sign-in and on a first visit without a token', async () => {
    // The server's URL is the public one; the test reaches it on loopback.
    const local = (server: TestClient) => `http://127.0.0.1:${server.server.port}`;
    const res = await fetch(`${local(secure)}/_inspector/sign-in`, { method: 'POST', redirect: 'manual', headers: FORM, body: new URLSearchParams({ token: TOKEN, next: '/_inspector/clock' }).toString() });
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(/; SameSite=Strict; Secure$/);
    const open = await startTestServer({ fixtures: 'empty', publicUrl: 'https://inspector.example' });
    try {
      expect((await fetch(`${local(open)}/_inspector/clock`)).headers.get('set-cookie')).toMatch(/; SameSite=Strict; Secure$/);
    } finally {
      await open.close();
    }
  });
});
