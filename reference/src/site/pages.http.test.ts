/**
 * What the public site's pages show, piece by piece (docs/spec-gaps.md, "The
 * public site"): a post's head, byline, subtitle and table of contents; the
 * home's limits, its most-popular widget and featured post by views; the
 * theme's colors and fonts; the 404 and notice texts; the page headers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../../../schemas/publications.js';
import { rawRequest, startTestServer, type TestClient } from '../testing.support.test.js';
import { siteClient } from './site.support.test.js';

let t: TestClient;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.reset({ empty: true });
});

const { createPost, page, setSettings } = siteClient(() => t);
const text = async (path: string) => (await page(path)).text();
/** Views come from readers, whom no request of a test plays: the record is set as a restored state would hold it. */
const setViews = (id: string, views: number) => {
  t.server.reference.state().posts.get(id)!.views = views;
};
const section = (body: string, label: string) => new RegExp(`<(?:section|aside)[^>]*aria-label="${label}">[\\s\\S]*?</(?:section|aside)>`).exec(body)?.[0] ?? '';
const titlesIn = (html: string) => [...html.matchAll(/<a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);

describe('a post page', () => {
  it('heads the page with its title, description and cover, and names the publication', async () => {
    const { demo } = await t.publications();
    await createPost({ title: 'Head <check>', slug: 'head-check', subtitle: 'Sub <title>', postPreview: 'A preview & more', imageUrl: 'https://images.example.com/c.png' });
    const body = await text('/@demo/head-check');
    const name = (await t.request('GET', `/v1/publications/${demo.id}`)).body.name as string;
    expect(body).toContain(`<title>Head &lt;check&gt; | ${name}</title>`);
    expect(body).toContain('<meta property="og:title" content="Head &lt;check&gt;">');
    expect(body).toContain('<meta name="description" content="A preview &amp; more">');
    expect(body).toMatch(/<meta property="og:image" content="[^"]+\/media\/[^"]+">/);
    expect(body).toContain('<p class="subtitle muted">Sub &lt;title&gt;</p>');
    expect(body).toContain(`<header class="site"><a class="name" href="${t.url}/@demo">${name}</a></header>`);
    expect(body).toMatch(/<span class="author">[^<]+<\/span> · <time datetime="[^"]+">\d{4}-\d\d-\d\d<\/time>/);
    // No cover alt text: an empty alt, not a missing one.
    expect(body).toMatch(/<img class="cover" src="[^"]+" alt="">/);
  });

  it('leaves out what the post does not have: subtitle, cover, categories, authors', async () => {
    await createPost({ title: 'Bare', slug: 'bare' });
    const body = await text('/@demo/bare');
    expect(body).not.toContain('og:image');
    expect(body).not.toContain('class="subtitle');
    expect(body).not.toContain('class="cover"');
    expect(body).not.toContain('class="categories"');
  });

  it('lists two authors with a comma between them', async () => {
    const { demo } = await t.publications();
    const authorIds = [demo.ownerUserId, ...demo.teamMemberIds].slice(0, 2);
    expect(authorIds).toHaveLength(2);
    await createPost({ title: 'Two authors', slug: 'two-authors', authorIds });
    expect(await text('/@demo/two-authors')).toMatch(/<p class="muted byline"><span class="author">[^<]+<\/span>, <span class="author">[^<]+<\/span> · <time/);
  });

  it('has a table of contents of its h2 and h3 headings when enableTableOfContents, each a link to its heading', async () => {
    await createPost({ title: 'Sections', slug: 'sections', markdown: '## First *part*\n\ntext\n\n### Detail\n\nmore\n\n#### Deeper\n\n## Second' });
    expect((await setSettings({ enableTableOfContents: true })).status).toBe(200);
    const body = await text('/@demo/sections');
    expect(body).toContain(
      '<nav class="toc" aria-label="Table of contents"><h2>Contents</h2><ol>' +
        '<li class="level-2"><a href="#section-1">First part</a></li><li class="level-3"><a href="#section-2">Detail</a></li>' +
        '<li class="level-2"><a href="#section-3">Second</a></li></ol></nav>',
    );
    expect(body).toContain('<h2 id="section-1">First <em>part</em></h2>');
    expect(body).toContain('<h3 id="section-2">Detail</h3>');
    expect(body).toContain('<h2 id="section-3">Second</h2>');
    expect(body).not.toMatch(/<h4 id=/);
    expect((await setSettings({ enableTableOfContents: false })).status).toBe(200);
    expect(await text('/@demo/sections')).not.toContain('class="toc"');
  });

  it('has no table of contents without headings', async () => {
    await createPost({ title: 'Flat', slug: 'flat', markdown: 'just text' });
    expect((await setSettings({ enableTableOfContents: true })).status).toBe(200);
    expect(await text('/@demo/flat')).not.toContain('class="toc"');
  });

  it('says which publication or post is not there', async () => {
    const { demo } = await t.publications();
    const name = (await t.request('GET', `/v1/publications/${demo.id}`)).body.name as string;
    expect(await text('/@nobody')).toContain('<p>There is no publication @nobody.</p>');
    expect(await text('/@nobody/post')).toContain('<p>There is no publication @nobody.</p>');
    expect(await text('/@demo/missing')).toContain(`<p>${name} has no published post &quot;missing&quot;.</p>`);
    const notFound = await page('/@nobody');
    expect(notFound.headers.get('cache-control')).toBe('no-store');
    const notFoundBody = await notFound.text();
    expect(notFoundBody).toContain('<header class="site"></header>');
    expect(notFoundBody).toContain('<title>Not found</title>');
    expect(notFoundBody).toContain('<footer class="site muted">Served by the Publishing API reference server, a local mock.</footer>');
    // The reference's own page, in the default theme.
    expect(notFoundBody).toContain('--theme: #1f2937; --header-font: system-ui');
  });
});

describe('the home', () => {
  it('says there are no posts yet, and shows the summary as its description', async () => {
    expect((await setSettings({ summary: 'All about <things>' })).status).toBe(200);
    const body = await text('/@demo');
    expect(body).toContain('<p class="muted">No posts yet.</p>');
    expect(body).toContain('<p class="summary">All about &lt;things&gt;</p>');
    expect(body).toContain('<meta name="description" content="All about &lt;things&gt;">');
    expect(body).toContain(`<link rel="canonical" href="${t.url}/@demo">`);
  });

  it('lists the 20 newest posts, with covers and previews in a feed', async () => {
    for (let i = 1; i <= 21; i++) await createPost({ title: `Post ${i}`, slug: `post-${i}`, postPreview: `Preview ${i}`, imageUrl: 'https://images.example.com/c.png' });
    expect((await setSettings({ postListType: 'feed', featuredPost: 'disabled', showMostPopular: false })).status).toBe(200);
    const feed = section(await text('/@demo'), 'Posts');
    expect(feed).toContain('<ol class="posts feed">');
    expect(titlesIn(feed)).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${21 - i}`));
    expect(feed).toMatch(/<li>\n<img class="cover" src="[^"]+" alt="">\n<h3><a href="[^"]+\/@demo\/post-21">Post 21<\/a><\/h3>/);
    expect(feed).toContain('<p>Preview 21</p>');
  });

  it('shows the 5 most viewed posts, most viewed first, and features the most viewed with featuredPost popular', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await createPost({ title: `Viewed ${i}`, slug: `viewed-${i}` }));
    const pinned = await createPost({ title: 'Pinned most', slug: 'pinned-most' });
    [40, 10, 70, 0, 20, 60, 30].forEach((views, i) => setViews(ids[i]!, views));
    setViews(pinned, 50);
    expect((await setSettings({ showMostPopular: true, featuredPost: 'popular', pinnedPostIds: [pinned] })).status).toBe(200);
    const body = await text('/@demo');
    expect(titlesIn(section(body, 'Most popular'))).toEqual(['Viewed 3', 'Viewed 6', 'Pinned most', 'Viewed 1', 'Viewed 7']);
    expect(titlesIn(section(body, 'Featured post'))).toEqual(['Viewed 3']);
    setViews(pinned, 90);
    expect(titlesIn(section(await text('/@demo'), 'Featured post'))).toEqual(['Pinned most']);
  });

  it('features, among posts of equal views, the one the most-popular widget lists first', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) ids.push(await createPost({ title: `Tied ${i}`, slug: `tied-${i}` }));
    [30, 30, 10].forEach((views, i) => setViews(ids[i]!, views));
    expect((await setSettings({ showMostPopular: true, featuredPost: 'popular' })).status).toBe(200);
    const body = await text('/@demo');
    const widget = titlesIn(section(body, 'Most popular'));
    expect(widget.slice(2)).toEqual(['Tied 3']);
    expect(titlesIn(section(body, 'Featured post'))).toEqual([widget[0]]);
  });

  it('lists pinned and featured posts as a feed does (cover and preview), and opens no scroll popup on the home', async () => {
    const pinned = await createPost({ title: 'Pinned one', slug: 'pinned-one', postPreview: 'Pinned preview', imageUrl: 'https://images.example.com/c.png' });
    await createPost({ title: 'Featured one', slug: 'featured-one', postPreview: 'Featured preview' });
    expect((await setSettings({ pinnedPostIds: [pinned], featuredPost: 'latest', postListType: 'full-post', enableSubscribePopup: true, enableSubscribeScroll: true })).status).toBe(200);
    const body = await text('/@demo');
    const pinnedSection = section(body, 'Pinned posts');
    expect(pinnedSection).toMatch(/<img class="cover"[^>]*>\n<h3><a href="[^"]+">Pinned one<\/a><\/h3>/);
    expect(pinnedSection).toContain('<p>Pinned preview</p>');
    expect(section(body, 'Featured post')).toContain('<p>Featured preview</p>');
    expect(body).not.toContain('data-trigger="scroll"');
    expect(body).toContain('<label for="subscribe-email">Subscribe to');
    expect(body).toContain('<input id="subscribe-email" type="email"');
    expect(body).toContain('<label for="subscribe-external-link-email">');
    expect(await text('/@demo/pinned-one')).toContain('<input id="subscribe-email" type="email"');
  });

  it('shows no most-popular widget without posts, and no featured post when the one named is not public', async () => {
    expect((await setSettings({ showMostPopular: true, featuredPost: 'popular' })).status).toBe(200);
    let body = await text('/@demo');
    expect(body).not.toContain('aria-label="Most popular"');
    expect(body).not.toContain('class="featured"');
    const draft = await createPost({ title: 'Draft one', slug: 'draft-one', status: 'draft' });
    expect((await setSettings({ featuredPost: draft, pinnedPostIds: [draft] })).status).toBe(200);
    const res = await page('/@demo');
    expect(res.status).toBe(200);
    body = await res.text();
    expect(body).toContain('aria-label="Posts"');
    expect(body).not.toContain('class="featured"');
    expect(body).not.toContain('class="pinned"');
  });

  it('shows the notice of a subscribe attempt, and no notice for another query value', async () => {
    expect(await text('/@demo?subscribed=1')).toContain('<p class="notice ok" role="status">You are subscribed. Thank you!</p>');
    expect(await text('/@demo?subscribed=yes')).not.toContain('class="notice');
    const refused = await fetch(`${t.url}/@demo/subscribe`, { method: 'POST', body: 'email=x', headers: { 'Content-Type': 'text/plain' } });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain('<p class="notice error" role="status">The subscribe form must be sent as an HTML form.</p>');
    const forged = await fetch(`${t.url}/@demo/subscribe`, { method: 'POST', body: 'email=a%40example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toMatch(/<p class="notice error" role="status">Not subscribed: [^<]+\. Reload the page and try again\.<\/p>/);
    const home = await page('/@demo');
    const cookie = home.headers.get('set-cookie')!.split(';')[0]!;
    const token = /name="csrf_token" value="([^"]+)"/.exec(await home.text())![1];
    const invalid = await fetch(`${t.url}/@demo/subscribe`, {
      method: 'POST',
      body: `email=not-an-address&csrf_token=${token}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: t.url },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toMatch(/<p class="notice error" role="status">Not subscribed: [^<]*email/);
    const unknown = await fetch(`${t.url}/@nobody/subscribe`, { method: 'POST', body: 'email=a%40example.com', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('There is no publication @nobody.');
  });
});

describe('the theme and the headers', () => {
  it('gives every theme color its own hex color', async () => {
    const seen = new Set<string>();
    for (const themeColor of THEME_COLORS) {
      expect((await setSettings({ themeColor })).status).toBe(200);
      const color = /--theme: (#[0-9a-f]{6});/.exec(await text('/@demo'))?.[1];
      expect(color, themeColor).toBeDefined();
      seen.add(color!);
    }
    expect(seen.size).toBe(THEME_COLORS.length);
  });

  it('sets the header and body fonts to the stacks the settings name', async () => {
    const stacks: Record<string, string> = { default: 'system-ui', serif: 'Georgia', mono: 'ui-monospace' };
    for (const [headerFont, bodyFont] of [['serif', 'default'], ['mono', 'serif'], ['default', 'mono']] as const) {
      expect((await setSettings({ headerFont, bodyFont })).status).toBe(200);
      const body = await text('/@demo');
      expect(body).toContain(`--header-font: ${stacks[headerFont]}`);
      expect(body).toContain(`--body-font: ${stacks[bodyFont]}`);
    }
  });

  it('serves the one stylesheet its policy allows by hash, with the headers of a reader\'s page', async () => {
    const res = await page('/@demo');
    const style = /<style>([\s\S]*?)<\/style>/.exec(await res.text())![1]!;
    expect(style).toContain('.subscribe-popup[hidden] { display: none; }');
    const { createHash } = await import('node:crypto');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; img-src 'self' ${t.url} data: https:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('answers a request without Host (HTTP/1.0) as one under the server\'s own name: no custom domain', async () => {
    expect(await rawRequest(t.url, 'GET /@demo HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 [\s\S]*<a class="name" href="http:\/\/[^"]+\/@demo">/);
    expect(await rawRequest(t.url, 'GET / HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 404 [\s\S]*a publication is at \/@\{slug\}/);
  });

  it('marks the form cookie Secure on an https base URL, and keeps a cookie the browser already has', async () => {
    const res = await page('/@demo');
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    expect((await page('/@demo', { Cookie: cookie })).headers.get('set-cookie')).toBeNull();
    t.server.reference.setBaseUrl('https://site.example.com');
    try {
      expect((await page('/@demo')).headers.get('set-cookie')).toMatch(/; Secure$/);
    } finally {
      t.server.reference.setBaseUrl(t.url);
    }
  });
});
