/**
 * The inspector in a real browser (headless Chromium through the shared
 * launcher, one browser for the file): each page walked at phone and desktop
 * size, acting only through the UI where a user would: schedule a post with a
 * newsletter (the client's API call), move the clock from the Clock page, see
 * the post publish and its newsletter on Mail; approve a CLI sign-in from
 * State. No page may log an error to the console, and an email whose HTML
 * carries script must not run it. Screenshots go to reports/artifacts/
 * (gitignored); docs/inspector/ holds the README's copies.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_KEYS } from '../testing.support.test.js';
import { ARTIFACTS, browserSuite, hasChromium } from '../chromium.support.test.js';

const e2e = browserSuite('inspector');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 800 };
const openPage = (viewport = DESKTOP) => e2e.open(viewport);
const inspector = (path: string) => `${e2e.t.url}/_inspector/${path}`;
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `inspector-${name}.png`) });

async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await e2e.t.request<T>(method, path, { body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

describe('the inspector in a browser', () => {
  it.skipIf(!hasChromium)('Clock: a scheduled post publishes when the clock moves from the page, and its newsletter shows on Mail', async () => {
    const { now } = await api<{ now: number }>('GET', '/_control/clock');
    const scheduledAt = now + 2 * 60 * 60_000;
    const post = await api<{ id: string }>('POST', '/v1/posts', { title: 'Tour of the inspector', markdown: 'Seen **in the browser**.', scheduledAt, sendNewsletter: true });

    const page = await openPage();
    await page.goto(inspector('clock'));
    await expect.poll(() => page.locator('#queue').textContent()).toContain('Publish “Tour of the inspector” (@demo), with its newsletter to');
    await page.click('#freeze');
    expect(await page.locator('#clock-state').textContent()).toBe('frozen');
    await shot(page, 'clock-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'clock-phone');
    await page.setViewportSize(DESKTOP);

    await page.click('button[name="advanceMs"][value="3600000"]');
    expect(await page.locator('#flash').textContent()).toMatch(/^Now .* UTC: \d+ scheduled items? ran\.$/);
    expect((await api('GET', `/v1/posts/${post.id}`)).status).toBe('scheduled');

    await page.fill('#clock-to', new Date(scheduledAt + 60_000).toISOString().slice(0, 19));
    await page.click('form:has(#clock-to) button[type="submit"]');
    expect(await page.locator('#flash').textContent()).toMatch(/scheduled items? ran/);
    expect((await api('GET', `/v1/posts/${post.id}`)).status).toBe('published');
    // Delivery of the newsletter is due a second after it was queued: the next due item.
    await page.click('#next-due');
    expect(await page.locator('#flash').textContent()).toMatch(/: \d+ scheduled items? ran\./);

    await page.goto(inspector('mail'));
    await page.fill('#f-post', post.id);
    await page.click('form[role="search"] button[type="submit"]');
    const first = page.locator('#mail-list a').first();
    expect(await first.textContent()).toContain('Tour of the inspector');
    await first.click();
    expect(await page.locator('#message-subject').textContent()).toBe('Tour of the inspector');
    const frame = page.frameLocator('#email-frame');
    await expect.poll(() => frame.locator('body').textContent()).toContain('Seen in the browser');
    expect(await page.locator('#email-frame').getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(await page.locator('#email-headers').textContent()).toContain('List-Unsubscribe');
    expect(await page.locator('#email-text').textContent()).toContain('Read online');
    await page.evaluate('window.scrollTo(0, 0)');
    await shot(page, 'mail-desktop');

    // The links work: read online (the public post page) and unsubscribe (its confirmation page).
    const online = page.locator('#email-links a', { hasText: '/@demo/' }).first();
    const [reader] = await Promise.all([page.context().waitForEvent('page'), online.click()]);
    await reader.waitForLoadState('load');
    expect(await reader.title()).toContain('Tour of the inspector');
    const unsubscribe = await page.request.get((await page.locator('#unsubscribe-link').getAttribute('href'))!);
    expect(unsubscribe.status()).toBe(200);
    expect(e2e.errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!hasChromium)('Mail: new mail appears in the open list without a reload', async () => {
    const page = await openPage(PHONE);
    await page.goto(inspector('mail?kind=newsletter'));
    const count = async () => Number((await page.locator('#mail-count').textContent())!.split(' ')[0]);
    const before = await count();
    await api('POST', '/v1/posts', { title: 'Arrives while you look', markdown: 'Live.', sendNewsletter: true });
    await expect.poll(() => page.locator('#mail-list li').first().textContent(), { timeout: 10_000 }).toContain('Arrives while you look');
    expect(await count()).toBeGreaterThan(before);
    expect(await page.locator('#live-status').textContent()).toContain('New mail arrived');
    await shot(page, 'mail-phone');
    expect(e2e.errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!hasChromium)('Mail: script in an email\'s HTML never runs, in the frame or opened on its own', async () => {
    const demo = (await e2e.t.publications()).demo;
    // A word found nowhere else in this fresh server's requests.
    const marker = 'hostile-email-ran';
    const [email] = e2e.t.server.reference.state().emails.outbox.queue([
      {
        kind: 'custom', publicationId: demo.id, postId: null, requestId: null, subscriberId: null, communityId: null,
        to: 'reader@example.com', from: 'demo@newsletter.example.com', replyTo: null, subject: 'Hostile HTML', text: 'Hostile',
        html: `<!doctype html><html><head></head><body><p id="greeting">Hello</p><script>fetch('/v1/posts?${marker}=script');top.document.title='owned'</script><img src="data:," onerror="fetch('/v1/posts?${marker}=onerror')"><a href="javascript:fetch('/v1/posts?${marker}=link')" id="js-link">click</a></body></html>`,
        headers: {}, unsubscribeUrl: `${e2e.t.url}/unsubscribe/none`,
      },
    ]);
    const page = await openPage();
    await page.goto(inspector(`mail?open=${email.id}`));
    const frame = page.frameLocator('#email-frame');
    await expect.poll(() => frame.locator('#greeting').textContent()).toBe('Hello');
    await frame.locator('#js-link').click().catch(() => undefined);
    const direct = await page.context().newPage();
    await direct.goto(inspector(`mail/${email.id}/body`));
    await page.waitForTimeout(500);
    expect(await page.title()).not.toBe('owned');
    const ran = await api<{ requests: { query: string }[] }>('GET', '/_control/requests?path=/v1/posts');
    expect(ran.requests.filter((r) => r.query.includes(marker))).toEqual([]);
    // What Chromium logged is the refusal itself, nothing else.
    expect(e2e.errorsOf(page).length).toBeGreaterThan(0);
    for (const error of e2e.errorsOf(page)) expect(error).toMatch(/sandboxed|Content Security Policy|allow-scripts/);
    await page.context().close();
  });

  it.skipIf(!hasChromium)('State: approve a CLI sign-in, see the new key, and query analytics with the publication key', async () => {
    const res = await fetch(`${e2e.t.url}/v1/api/auth/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ deviceName: 'Tour laptop' }) });
    const { sessionId } = (await res.json()) as { sessionId: string };
    const page = await openPage();
    await page.goto(inspector('state'));
    const row = page.locator('#pending-sign-ins tr', { hasText: 'Tour laptop' });
    expect(await row.count()).toBe(1);
    expect(await page.locator('#posts').textContent()).toContain('published');
    await shot(page, 'state-desktop');
    await row.locator('button[value="approve"]').click();
    expect(await page.locator('#flash').textContent()).toContain('Approved the sign-in of Tour laptop');
    const poll = (await (await fetch(`${e2e.t.url}/v1/api/auth/sessions/${sessionId}`)).json()) as { status: string; apiKey: string };
    expect(poll.status).toBe('completed');
    expect(await page.locator('#keys').textContent()).toContain(poll.apiKey);

    await page.selectOption('#a-key', DEMO_KEYS.demo);
    await page.fill('#a-sql', 'SELECT count(*) AS posts FROM posts');
    await page.click('#analytics-form button[type="submit"]');
    await expect.poll(() => page.locator('#analytics-result').textContent(), { timeout: 90_000 }).toMatch(/1 row|\d{3}:/);
    expect(await page.locator('#analytics-result table th').first().textContent()).toBe('posts');
    expect(e2e.errorsOf(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  it.skipIf(!hasChromium)('Requests: filter the journal and open one request as curl', async () => {
    await api('GET', '/v1/posts?limit=3');
    const page = await openPage(PHONE);
    await page.goto(inspector('requests'));
    await page.selectOption('#r-method', 'GET');
    await page.fill('#r-path', '/v1/posts');
    await page.click('form[role="search"] button[type="submit"]');
    const link = page.locator('#requests a', { hasText: 'limit=3' }).first();
    await link.click();
    expect(await page.locator('#curl').textContent()).toBe(`curl '${e2e.t.url}/v1/posts?limit=3' -H 'Authorization: Bearer ${DEMO_KEYS.demo}'`);
    await shot(page, 'requests-phone');
    expect(e2e.errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!hasChromium)('every page reads on a phone, starts with a skip link for the keyboard and logs no error', async () => {
    const page = await openPage(PHONE);
    for (const section of ['mail', 'clock', 'state', 'requests']) {
      const response = await page.goto(inspector(section));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      // Nothing wider than the screen: tables scroll inside their own box.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
      await shot(page, `walk-${section}-phone`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to content');
      expect(await page.locator(`header.top nav a[aria-current="page"]`).textContent()).toBe(section[0].toUpperCase() + section.slice(1));
      for (const input of await page.locator('main input:not([type=hidden]), main select, main textarea').all()) {
        const id = await input.getAttribute('id');
        expect(id && (await page.locator(`label[for="${id}"]`).count()), `a label for #${id} on ${section}`).toBeTruthy();
      }
    }
    expect(e2e.errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
