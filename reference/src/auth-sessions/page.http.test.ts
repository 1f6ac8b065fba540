/**
 * The approval page over plain HTTP: states, escaping, CSP and the
 * cross-site request forgery checks (the browser test covers the real flow).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, type TestClient } from '../testing.support.test.js';
import { CSRF_COOKIE, CSRF_FIELD, tokenFor } from '../http/csrf.js';

let t: TestClient;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.request('POST', '/_control/clock', { key: null, body: { frozen: true } });
});

const create = async (body: unknown = {}) =>
  (await t.request('POST', '/v1/api/auth/sessions', { key: null, body })).body as { sessionId: string; verificationUrl: string };

/** Open the page like a browser: keep its cookie and hidden token. */
async function open(url: string) {
  const res = await fetch(url);
  const html = await res.text();
  const setCookie = res.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  const token = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(html)?.[1] ?? '';
  const publicationId = /<option value="([^"]+)" selected>/.exec(html)?.[1] ?? '';
  return { res, html, setCookie, cookie, token, publicationId };
}

function submit(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(url).origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const poll = (id: string) => t.request('GET', `/v1/api/auth/sessions/${id}`, { key: null });

describe('the approval page', () => {
  it('shows the device name escaped, with a strict CSP and a SameSite=Strict HttpOnly cookie', async () => {
    const name = '<script>alert("x")</script> & co';
    const { verificationUrl } = await create({ deviceName: name, callbackUrl: 'https://cb.example.com/done' });
    const page = await open(verificationUrl);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(page.html).not.toContain('<script');
    const csp = page.res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/form-action 'self' https:\/\/cb\.example\.com(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(page.res.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.setCookie).toMatch(new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9]{24}; Path=/auth/sessions/[A-Za-z0-9]+;.*HttpOnly; SameSite=Strict`));
    expect(page.html).toContain('https://cb.example.com');
  });

  it('approves with a valid form and redirects 303 to the page when there is no callback', async () => {
    const { sessionId, verificationUrl } = await create({ deviceName: 'laptop' });
    const page = await open(verificationUrl);
    const res = await submit(verificationUrl, { [CSRF_FIELD]: page.token, decision: 'approve', publication_id: page.publicationId }, { Cookie: page.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/auth/sessions/${sessionId}`);
    const done = await open(verificationUrl);
    expect(done.html).toContain('You can close this window and return to <span class="device">laptop</span>');
    expect((await poll(sessionId)).body.status).toBe('completed');
    const used = await open(verificationUrl);
    expect(used.html).toContain('already approved');
    expect(used.html).not.toContain('<form');
  });

  it('redirects to the callback with session added to its query, keeping the rest', async () => {
    const { sessionId, verificationUrl } = await create({ callbackUrl: 'https://cb.example.com/done?state=a%20b&session=old#frag' });
    const page = await open(verificationUrl);
    const res = await submit(verificationUrl, { [CSRF_FIELD]: page.token, decision: 'approve', publication_id: page.publicationId }, { Cookie: page.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`https://cb.example.com/done?state=a%20b&session=${sessionId}#frag`);
  });

  it('denies: the page says so, the poll answers 404, and a second decision is refused with 409', async () => {
    const { sessionId, verificationUrl } = await create({ deviceName: 'phone' });
    const page = await open(verificationUrl);
    const res = await submit(verificationUrl, { [CSRF_FIELD]: page.token, decision: 'deny' }, { Cookie: page.cookie });
    expect(res.status).toBe(303);
    expect((await open(verificationUrl)).html).toContain('Request denied');
    expect((await poll(sessionId)).status).toBe(404);
    const again = await submit(verificationUrl, { [CSRF_FIELD]: page.token, decision: 'approve', publication_id: page.publicationId }, { Cookie: page.cookie });
    expect(again.status).toBe(409);
  });

  it('says so when expired, and unknown sessions get a 404 page', async () => {
    const { verificationUrl } = await create();
    await t.request('POST', '/_control/clock', { key: null, body: { advanceMs: 5 * 60_000 } });
    const page = await open(verificationUrl);
    expect(page.html).toContain('has expired');
    expect(page.html).not.toContain('<form');
    const missing = await fetch(`${t.url}/auth/sessions/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No such sign-in request');
  });
});

describe('cross-site request forgery', () => {
  async function setup() {
    const { sessionId, verificationUrl } = await create({ deviceName: 'victim laptop' });
    const page = await open(verificationUrl);
    const fields = { [CSRF_FIELD]: page.token, decision: 'approve', publication_id: page.publicationId };
    return { sessionId, verificationUrl, page, fields };
  }

  it('refuses a post from another origin with 403, even with the right cookie and token', async () => {
    const { sessionId, verificationUrl, page, fields } = await setup();
    const res = await submit(verificationUrl, fields, { Cookie: page.cookie, Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('another site');
    expect((await poll(sessionId)).body.status).toBe('pending');
  });

  it('refuses Sec-Fetch-Site: cross-site and same-site', async () => {
    const { verificationUrl, page, fields } = await setup();
    for (const site of ['cross-site', 'same-site']) {
      const res = await submit(verificationUrl, fields, { Cookie: page.cookie, 'Sec-Fetch-Site': site });
      expect(res.status).toBe(403);
    }
  });

  it('refuses a post without the cookie (what SameSite=Strict gives a cross-site form)', async () => {
    const { sessionId, verificationUrl, fields } = await setup();
    expect((await submit(verificationUrl, fields)).status).toBe(403);
    expect((await poll(sessionId)).body.status).toBe('pending');
  });

  it("refuses the attacker's own cookie/token pair against the victim's cookie, and a missing token", async () => {
    const { verificationUrl, page, fields } = await setup();
    const attacker = await open(verificationUrl);
    expect(attacker.token).not.toBe(page.token);
    expect((await submit(verificationUrl, { ...fields, [CSRF_FIELD]: attacker.token }, { Cookie: page.cookie })).status).toBe(403);
    const { [CSRF_FIELD]: _omit, ...noToken } = fields;
    expect((await submit(verificationUrl, noToken, { Cookie: page.cookie })).status).toBe(403);
  });

  it('binds the token to the session: a token of another session does not fit', async () => {
    const one = await setup();
    const two = await create();
    const nonce = one.page.cookie.split('=')[1];
    const res = await submit(two.verificationUrl, { ...one.fields, [CSRF_FIELD]: tokenFor(one.sessionId, nonce) }, { Cookie: `${CSRF_COOKIE}=${nonce}` });
    expect(res.status).toBe(403);
  });

  it('says on the 403 page which check refused the form', async () => {
    const { verificationUrl, page, fields } = await setup();
    const { [CSRF_FIELD]: _omit, ...noToken } = fields;
    const cases: Array<[Record<string, string>, Record<string, string>, string]> = [
      [fields, { Cookie: page.cookie, Origin: 'https://evil.example' }, 'the form was sent from another site (https://evil.example)'],
      [fields, { Cookie: page.cookie, 'Sec-Fetch-Site': 'same-site' }, 'the form was sent from another site (Sec-Fetch-Site: same-site)'],
      [fields, {}, 'the browser did not send the cookie of this page (are cookies blocked?)'],
      [noToken, { Cookie: page.cookie }, 'the form has no security token'],
      [{ ...fields, [CSRF_FIELD]: `${page.token}x` }, { Cookie: page.cookie }, 'the security token does not match this browser'],
    ];
    for (const [form, headers, reason] of cases) {
      const res = await submit(verificationUrl, form, headers);
      expect(res.status, reason).toBe(403);
      expect(await res.text(), reason).toContain(reason);
    }
  });

  it('sets a new cookie when the one the browser sends is not a nonce of the page (24 letters and digits)', async () => {
    const { verificationUrl } = await create();
    for (const nonce of ['short', 'a'.repeat(25), `${'a'.repeat(23)}-`, `-${'a'.repeat(23)}`]) {
      const res = await fetch(verificationUrl, { headers: { Cookie: `${CSRF_COOKIE}=${nonce}` } });
      expect(res.headers.get('set-cookie'), nonce).toMatch(new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9]{24};`));
    }
    expect((await fetch(verificationUrl, { headers: { Cookie: `${CSRF_COOKIE}=${'aB3'.repeat(8)}` } })).headers.get('set-cookie')).toBeNull();
  });

  it("finds the page's cookie among others, past a cookie that has no value", async () => {
    const { sessionId, verificationUrl, page, fields } = await setup();
    const res = await submit(verificationUrl, { ...fields, decision: 'deny' }, { Cookie: `${CSRF_COOKIE}X; =empty-name; ${page.cookie}` });
    expect(res.status).toBe(303);
    expect((await poll(sessionId)).status).toBe(404);
  });

  it('a request without Host (HTTP/1.0; no browser sends one) has no Host to add to the allowed origins', async () => {
    const { sessionId, verificationUrl, page, fields } = await setup();
    const body = new URLSearchParams(fields).toString();
    const request =
      `POST ${new URL(verificationUrl).pathname} HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` +
      `Origin: http://undefined\r\nCookie: ${page.cookie}\r\n\r\n${body}`;
    expect(await rawRequest(verificationUrl, request)).toMatch(/^HTTP\/1\.1 403 /);
    expect((await poll(sessionId)).body.status).toBe('pending');
  });

  it('refuses a form that is not url-encoded with 415', async () => {
    const { verificationUrl, page } = await setup();
    const res = await fetch(verificationUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: page.cookie },
      body: '{}',
    });
    expect(res.status).toBe(415);
  });
});
