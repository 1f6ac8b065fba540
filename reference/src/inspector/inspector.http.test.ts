/**
 * The inspector's protections over HTTP: served only with the control API,
 * behind its Host check and token, no cross-origin reads, a strict policy on
 * every page, and every state change refused without the session's CSRF
 * token or from another site.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit, post } from './forms.support.test.js';
import { startTestServer, type TestClient } from '../testing.support.test.js';
import { curlOf } from './requests.js';
import type { State } from '../state.js';

const TOKEN = 'inspector-test-token-0123456789';

let open: TestClient;
let guarded: TestClient;
let off: TestClient;

beforeAll(async () => {
  [open, guarded, off] = await Promise.all([startTestServer(), startTestServer({ controlToken: TOKEN }), startTestServer({ control: false })]);
});
afterAll(async () => {
  await Promise.all([open?.close(), guarded?.close(), off?.close()]);
});

/** A browser's first visit: the session cookie and the page's CSRF token. */
describe('the inspector is part of the control API', () => {
  it('is not served when the control API is off', async () => {
    expect((await fetch(`${off.url}/_inspector/mail`)).status).toBe(404);
  });

  it('answers 421 to a Host that is not the server\'s, like /_control (a DNS-rebinding page)', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) =>
      httpRequest(`${open.url}/_inspector/mail`, { headers: { Host: 'rebind.attacker.example' } }, (res) => resolve(res.resume().statusCode)).on('error', reject).end(),
    );
    expect(status).toBe(421);
  });

  it('sends a strict policy, no CORS grant and a session cookie only this path gets', async () => {
    const { res } = await visit(open, '/_inspector/mail');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'sha256-[^' ]+'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('set-cookie')).toMatch(/^inspector_session=\w{32}; Path=\/_inspector; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const preflight = await fetch(`${open.url}/_inspector/clock`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves an email\'s HTML with a policy and sandbox that allow no script', async () => {
    await open.request('POST', '/v1/posts', { body: { title: 'Framed', markdown: 'x', sendNewsletter: true } });
    const id = (await open.request('GET', '/_control/outbox?limit=1', { key: null })).body.items[0].id;
    const { cookie } = await visit(open);
    const res = await fetch(`${open.url}/_inspector/mail/${id}/body`, { headers: { Cookie: cookie! } });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/sandbox allow-popups allow-popups-to-escape-sandbox$/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await res.text()).toContain('<base target="_blank">');
  });
});

describe('the pages read the stores', () => {
  it('State: subscriber search and suppressions of the chosen publication', async () => {
    const demo = (await open.publications()).demo;
    await open.request('POST', '/v1/subscribers', { body: { email: 'Findable.Reader@example.com' } });
    await open.request('POST', '/_control/unsubscribe', { key: null, body: { publicationId: demo.id, email: 'gone.reader@example.com' } });
    const { cookie } = await visit(open);
    const { html } = await visit(open, `/_inspector/state?publication=${demo.id}&q=findable`, cookie);
    expect(html).toContain('1 match.');
    expect(html).toContain('Findable.Reader@example.com');
    expect(html).toMatch(/<ul id="suppressions"><li>gone.reader@example.com/);
  });

  it('Mail: an unknown kind is a 400 page saying which kinds there are', async () => {
    const { cookie } = await visit(open);
    const { res, html } = await visit(open, '/_inspector/mail?kind=fax', cookie);
    expect(res.status).toBe(400);
    expect(html).toContain('kind must be one of newsletter, custom, test, owner_notification');
  });
});

describe('state changes need the session, its CSRF token and this origin', () => {
  it('moves the clock with the page\'s token, and redirects back with what happened', async () => {
    const { cookie, csrf } = await visit(open);
    const before = (await open.request('GET', '/_control/clock', { key: null })).body.now;
    const res = await post(open, '/_inspector/clock', { csrf_token: csrf!, do: 'advance', advanceMs: '3600000' }, { Cookie: cookie!, Origin: open.url });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_inspector/clock');
    expect((await open.request('GET', '/_control/clock', { key: null })).body.now).toBeGreaterThanOrEqual(before + 3_600_000);
    expect((await visit(open, '/_inspector/clock', cookie)).html).toMatch(/id="flash">Now .* UTC: \d+ scheduled items? ran\./);
  });

  it.each([
    ['no token', (csrf: string) => ({ do: 'freeze' }), {}, 403],
    ['another session\'s token', () => ({ csrf_token: 'x'.repeat(32), do: 'freeze' }), {}, 403],
    ['a foreign Origin', (csrf: string) => ({ csrf_token: csrf, do: 'freeze' }), { Origin: 'https://evil.example' }, 403],
    ['Sec-Fetch-Site: same-site (another port)', (csrf: string) => ({ csrf_token: csrf, do: 'freeze' }), { 'Sec-Fetch-Site': 'same-site' }, 403],
  ])('refuses a form with %s, and changes nothing', async (_name, form, headers, status) => {
    const { cookie, csrf } = await visit(open);
    const res = await post(open, '/_inspector/clock', form(csrf!), { Cookie: cookie!, ...headers });
    expect(res.status).toBe(status);
    expect(await res.text()).toContain('nothing was changed');
    expect((await open.request('GET', '/_control/clock', { key: null })).body.frozen).toBe(false);
  });

  it('refuses a form without the session cookie, and a body that is not a form', async () => {
    const { csrf, cookie } = await visit(open);
    expect((await post(open, '/_inspector/clock', { csrf_token: csrf!, do: 'freeze' })).status).toBe(403);
    const json = await fetch(`${open.url}/_inspector/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie! }, body: JSON.stringify({ csrf_token: csrf, do: 'freeze' }) });
    expect(json.status).toBe(415);
    expect((await open.request('GET', '/_control/clock', { key: null })).body.frozen).toBe(false);
  });

  it('answers a bad clock move with 400 and the reason, changing nothing', async () => {
    const { cookie, csrf } = await visit(open);
    const before = (await open.request('GET', '/_control/clock', { key: null })).body.now;
    const res = await post(open, '/_inspector/clock', { csrf_token: csrf!, do: 'advance', advanceMs: '-5' }, { Cookie: cookie! });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('advanceMs');
    expect((await open.request('GET', '/_control/clock', { key: null })).body.now).toBeLessThan(before + 60_000);
  });
});

describe('with a control token', () => {
  it('shows the sign-in form until the token is typed in, then a session cookie replaces it', async () => {
    const first = await fetch(`${guarded.url}/_inspector/state`);
    expect(first.status).toBe(401);
    expect(first.headers.get('set-cookie')).toBeNull();
    const html = await first.text();
    expect(html).toContain('name="token"');
    expect(html).not.toContain('pk_demo');

    const wrong = await post(guarded, '/_inspector/sign-in', { token: 'not-the-token-at-all', next: '/_inspector/state' });
    expect(wrong.status).toBe(401);
    const right = await post(guarded, '/_inspector/sign-in', { token: TOKEN, next: '/_inspector/state' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/_inspector/state');
    const cookie = right.headers.get('set-cookie')!.split(';')[0];
    const page = await visit(guarded, '/_inspector/state', cookie);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('pk_demo');

    // The cookie opens the inspector, not the control API.
    expect((await fetch(`${guarded.url}/_control/publications`, { headers: { Cookie: cookie } })).status).toBe(401);

    const out = await post(guarded, '/_inspector/sign-out', { csrf_token: page.csrf! }, { Cookie: cookie });
    expect(out.status).toBe(303);
    expect((await fetch(`${guarded.url}/_inspector/state`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('never redirects a sign-in to another site', async () => {
    const res = await post(guarded, '/_inspector/sign-in', { token: TOKEN, next: '//evil.example/x' });
    expect(res.headers.get('location')).toBe('/_inspector/mail');
  });
});

describe('curlOf', () => {
  const state = { keys: { activeKeysOf: () => ["pk_it's"] } } as unknown as State;
  const entry = { seq: 1, at: '', method: 'PUT', path: '/v1/posts/a', query: "q=it's", status: 200, durationMs: 1, publicationId: 'p', msg: null, outcome: 'answered' as const, fault: null };

  it('quotes for the shell and reads a write\'s body from a file', () => {
    expect(curlOf(state, 'http://h', entry)).toBe(`curl -X PUT 'http://h/v1/posts/a?q=it'\\''s' -H 'Authorization: Bearer pk_it'\\''s' -H 'Content-Type: application/json' --data @body.json`);
  });
});
