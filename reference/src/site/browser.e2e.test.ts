/**
 * The public site in a real browser (headless Chromium at /usr/bin/chromium,
 * driven by playwright-core): a post page and the home page load without any
 * console error (a blocked stylesheet or image under the page's CSP would log
 * one), and a reader subscribes through the home page's form; demo's custom
 * domain (resolved to this machine by a Chromium flag) serves its home at the
 * root, and the unsubscribe pages of an email work in the site's style.
 * Screenshots go to reports/artifacts/ (gitignored) for a person to look at.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, browserSuite, hasChromium } from '../chromium.support.test.js';

const DEMO_DOMAIN = 'demo-dispatch.example.com';
// demo's custom domain in the fixtures, pointed at this machine.
const e2e = browserSuite('site', [`--host-resolver-rules=MAP ${DEMO_DOMAIN} 127.0.0.1`]);
const newPage = () => e2e.open({ width: 900, height: 900 });

describe('the public site in a real browser', () => {
  it.skipIf(!hasChromium)('shows a post and the home page without errors, and subscribes a reader', async () => {
    await e2e.t.reset();
    const { demo } = await e2e.t.publications();
    const created = await e2e.t.request('POST', '/v1/posts', {
      body: {
        title: 'A post for readers',
        slug: 'for-readers',
        subtitle: 'Seen in a browser',
        markdown: '## Why\n\nBecause **emails** link here.\n\n## How\n\nServer-rendered HTML.',
        categories: ['guides'],
        imageUrl: 'https://images.example.com/cover.png',
        imageAlt: 'A cover',
      },
    });
    expect(created.status, created.text).toBe(200);
    const settings = { pinnedPostIds: [created.body.id], themeColor: 'teal-600', showMostPopular: true, enableTableOfContents: true, postListType: 'grid' };
    expect((await e2e.t.request('PATCH', `/v1/publications/${demo.id}`, { body: settings })).status).toBe(200);

    const page = await newPage();
    const post = await page.goto(`${e2e.t.url}/@demo/for-readers`);
    expect(post?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('A post for readers');
    expect(await page.locator('img.cover').getAttribute('alt')).toBe('A cover');
    // The cover is re-hosted here: the browser loaded it.
    expect(await page.locator('img.cover').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${e2e.t.url}/@demo/for-readers`);
    expect(await page.locator('nav.toc li').allTextContents()).toEqual(['Why', 'How']);
    // Each entry links to its heading in the body.
    await page.locator('nav.toc a', { hasText: 'How' }).click();
    expect(new URL(page.url()).hash).toBe('#section-2');
    expect(await page.locator('.content h2#section-2, .content h3#section-2').textContent()).toBe('How');
    await page.screenshot({ path: join(ARTIFACTS, 'site-post.png'), fullPage: true });

    const home = await page.goto(`${e2e.t.url}/@demo`);
    expect(home?.status()).toBe(200);
    expect(await page.locator('section.pinned').textContent()).toContain('A post for readers');
    // The popup's markup is there for a script of the real site to open; without one it stays hidden.
    expect(await page.locator('.subscribe-popup').isHidden()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'site-home.png'), fullPage: true });

    await page.fill('#subscribe-email', 'browser-reader@example.com');
    await Promise.all([page.waitForURL(/subscribed=1/), page.click('form.subscribe button')]);
    expect(await page.locator('.notice').textContent()).toContain('You are subscribed');
    const subscribers = await e2e.t.request('GET', '/v1/subscribers?limit=100');
    expect(subscribers.body.items.map((s: { email?: string }) => s.email)).toContain('browser-reader@example.com');
    expect(e2e.errorsOf(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it.skipIf(!hasChromium)("serves the custom domain's root and a post with its popups hidden, subscribes there, and unsubscribes from an email", async () => {
    await e2e.t.reset();
    const { demo } = await e2e.t.publications();
    const created = await e2e.t.request('POST', '/v1/posts', {
      body: { title: 'On the custom domain', slug: 'on-the-domain', markdown: 'Read me **here**.', imageUrl: 'https://images.example.com/domain.png', imageAlt: 'A domain cover' },
    });
    expect(created.status, created.text).toBe(200);
    const settings = { featuredPost: created.body.id, themeColor: 'indigo-600', headerFont: 'serif', bodyFont: 'serif', enableSubscribePopup: true, enableSubscribeScroll: true, postListType: 'feed' };
    expect((await e2e.t.request('PATCH', `/v1/publications/${demo.id}`, { body: settings })).status).toBe(200);

    const page = await newPage();
    const origin = `http://${DEMO_DOMAIN}:${e2e.t.server.port}`;
    const home = await page.goto(`${origin}/`);
    expect(home?.status()).toBe(200);
    expect(await page.locator('header.site a.name').getAttribute('href')).toBe('/');
    expect(await page.locator('section.featured').textContent()).toContain('On the custom domain');
    // Run in the page: the browser's getComputedStyle (this file is typed for Node).
    const bodyFont = await page.locator('body').evaluate((b) => (globalThis as unknown as { getComputedStyle(e: unknown): { fontFamily: string } }).getComputedStyle(b).fontFamily);
    expect(bodyFont).toContain('Georgia');
    await page.screenshot({ path: join(ARTIFACTS, 'site-custom-domain.png'), fullPage: true });

    await Promise.all([page.waitForURL(`${origin}/@demo/on-the-domain`), page.locator('section.featured a').click()]);
    // The cover comes from the base URL, another origin here: the page's policy lets it load.
    expect(await page.locator('img.cover').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    expect(await page.locator('.subscribe-popup').count()).toBe(2);
    for (const popup of await page.locator('.subscribe-popup').all()) expect(await popup.isHidden()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'site-post-custom-domain.png'), fullPage: true });

    await page.fill('#subscribe-email', 'domain-reader@example.com');
    await Promise.all([page.waitForURL(`${origin}/?subscribed=1`), page.click('article + form.subscribe button')]);
    expect(await page.locator('.notice').textContent()).toContain('You are subscribed');
    expect(e2e.t.server.reference.state().subscribers.findByEmail(demo.id, 'domain-reader@example.com')?.source).toBe('site');

    const sent = await e2e.t.request('POST', '/v1/emails/send', { body: { subject: 'Hello', body: 'A custom email.', emails: ['domain-reader@example.com'] } });
    expect(sent.status, sent.text).toBe(200);
    const [email] = (await e2e.t.request('GET', '/_control/outbox?kind=custom&to=domain-reader@example.com&limit=1', { key: null })).body.items;
    const confirm = await page.goto(email.unsubscribeUrl.replace(/^https?:\/\/[^/]+/, e2e.t.url));
    expect(confirm?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Unsubscribe');
    await page.screenshot({ path: join(ARTIFACTS, 'unsubscribe-confirm.png'), fullPage: true });
    await page.click('form.unsubscribe button');
    await page.waitForSelector('h1:text("Unsubscribed")');
    expect(await page.locator('main').textContent()).toContain('domain-reader@example.com will no longer receive emails from');
    await page.screenshot({ path: join(ARTIFACTS, 'unsubscribe-done.png'), fullPage: true });
    expect(e2e.errorsOf(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
