/**
 * The whole CLI sign-in in a real browser: headless Chromium (Debian's
 * /usr/bin/chromium, driven by playwright-core) opens verificationUrl, the
 * "writer" clicks Approve, the browser follows the 303 to the HTTPS callback,
 * and a polling client (plain fetch) collects the key and uses it.
 *
 * The callback is https://callback.example.invalid, which cannot resolve. The
 * observation is the browser's request to it, made while following the 303:
 * Chromium only makes it when the page's CSP form-action lets the redirect
 * through, and it carries exactly the URL the browser was sent to. (Playwright
 * cannot fulfil a request reached by a redirect, by design:
 * microsoft/playwright#2617, so the navigation itself ends on a DNS error.)
 *
 * Screenshots go to reports/artifacts/ (gitignored) for a person to look at.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, hasChromium } from '../chromium.support.test.js';

const CALLBACK = 'https://callback.example.invalid/done?state=xyz';

const e2e = browserSuite('auth-sessions');
const newPage = () => e2e.open({ width: 900, height: 820 });
/** What the page tried against its Content-Security-Policy (Chromium logs each as a console error). */
const violationsOf = (page: Page) => e2e.errorsOf(page).filter((text) => /Content Security Policy/i.test(text));
const isCallback = (url: string) => url.startsWith('https://callback.example.invalid/');

async function createSession(body: Record<string, unknown>) {
  const res = await fetch(`${e2e.t.url}/v1/api/auth/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { sessionId: string; verificationUrl: string; expiresAt: string };
}

async function poll(sessionId: string) {
  const res = await fetch(`${e2e.t.url}/v1/api/auth/sessions/${sessionId}`);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('CLI sign-in in a real browser', () => {
  it.skipIf(!hasChromium)('approve: the browser is redirected to the callback, the client gets a key that works', async () => {
    const session = await createSession({ deviceName: 'Ada\'s laptop <CLI>', callbackUrl: CALLBACK, supportsDeliveryAcknowledgement: true });
    const page = await newPage();
    const response = await page.goto(session.verificationUrl);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('#device-name').textContent()).toBe("Ada's laptop <CLI>");
    expect(await page.locator('#publication option:checked').textContent()).toContain('(@demo)');
    expect(await page.locator('#approve').textContent()).toContain('Approve');
    await page.screenshot({ path: join(ARTIFACTS, 'auth-session-approval.png'), fullPage: true });

    expect((await poll(session.sessionId)).body.status).toBe('pending');
    const [callback] = await Promise.all([page.waitForRequest((r) => isCallback(r.url())), page.click('#approve')]);
    // Reached by following the 303 answer to the form's POST.
    expect(callback.redirectedFrom()?.method()).toBe('POST');
    expect(callback.redirectedFrom()?.url()).toBe(session.verificationUrl);
    const landed = new URL(callback.url());
    expect(landed.origin + landed.pathname).toBe('https://callback.example.invalid/done');
    expect(landed.searchParams.get('state')).toBe('xyz');
    expect(landed.searchParams.get('session')).toBe(session.sessionId);
    expect(violationsOf(page)).toEqual([]);

    // The polling client: the key, repeated until acknowledged.
    const first = await poll(session.sessionId);
    expect(first.body).toEqual({ status: 'completed', apiKey: expect.stringMatching(/^para_/) });
    const apiKey = first.body.apiKey;
    expect((await poll(session.sessionId)).body.apiKey).toBe(apiKey);
    const ack = await fetch(`${e2e.t.url}/v1/api/auth/sessions/${session.sessionId}`, { method: 'DELETE' });
    expect(ack.status).toBe(200);
    expect((await poll(session.sessionId)).status).toBe(404);

    const auth = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    const me = await fetch(`${e2e.t.url}/v1/me`, { headers: auth });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { slug: string }).slug).toBe('demo');
    const draft = await fetch(`${e2e.t.url}/v1/posts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Written from the CLI', markdown: 'Hello from a **browser-approved** key.', status: 'draft' }),
    });
    expect(draft.status).toBe(200);
    expect(await draft.json()).toMatchObject({ id: expect.any(String), status: 'draft' });

    // Back on the approval page: it now says the request was used.
    await page.goto(session.verificationUrl);
    expect(await page.locator('h1').textContent()).toContain('already approved');
    expect(await page.locator('form').count()).toBe(0);
    await page.context().close();
  });

  it.skipIf(!hasChromium)('approve without a callback: the done page says to return to the device', async () => {
    const session = await createSession({ deviceName: 'build server' });
    const page = await newPage();
    await page.goto(session.verificationUrl);
    await page.selectOption('#publication', { label: (await page.locator('#publication option').nth(1).textContent())! });
    await Promise.all([page.waitForURL(session.verificationUrl), page.click('#approve')]);
    expect(await page.locator('#close-hint').textContent()).toBe('You can close this window and return to build server.');
    await page.screenshot({ path: join(ARTIFACTS, 'auth-session-done.png'), fullPage: true });
    const { body } = await poll(session.sessionId);
    expect(body.status).toBe('completed');
    const me = await fetch(`${e2e.t.url}/v1/me`, { headers: { Authorization: `Bearer ${body.apiKey}` } });
    expect(((await me.json()) as { slug: string }).slug).not.toBe('demo');
    expect(violationsOf(page)).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!hasChromium)('deny: the page says denied and the next poll answers 404', async () => {
    const session = await createSession({ deviceName: 'unknown tablet', callbackUrl: CALLBACK });
    const page = await newPage();
    const toCallback: string[] = [];
    page.on('request', (r) => {
      if (isCallback(r.url())) toCallback.push(r.url());
    });
    await page.goto(session.verificationUrl);
    await Promise.all([page.waitForURL(session.verificationUrl), page.click('#deny')]);
    expect(await page.locator('h1').textContent()).toBe('Request denied');
    await page.screenshot({ path: join(ARTIFACTS, 'auth-session-denied.png'), fullPage: true });
    const res = await poll(session.sessionId);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, msg: expect.any(String), message: res.body.msg });
    expect(toCallback).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!hasChromium)('a form posted from another site is refused with 403 and changes nothing', async () => {
    const session = await createSession({ deviceName: 'victim laptop' });
    const page = await newPage();
    // The victim has the approval page open (so the browser holds its cookie)...
    await page.goto(session.verificationUrl);
    const token = await page.locator('input[name="csrf_token"]').getAttribute('value');
    // ...and an attacker page elsewhere auto-submits a copy of the form.
    await page.route('https://attacker.example.invalid/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><form id="f" method="post" action="${session.verificationUrl}">
          <input name="csrf_token" value="${token}"><input name="decision" value="approve"></form>
          <script>document.getElementById('f').submit()</script>`,
      }),
    );
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === session.verificationUrl && r.request().method() === 'POST'),
      page.goto('https://attacker.example.invalid/'),
    ]);
    expect(response.status()).toBe(403);
    expect((await poll(session.sessionId)).body.status).toBe('pending');
    await page.context().close();
  });
});
