/**
 * The unsubscribe pages as a reader meets them: in the public site's frame
 * and the publication's theme, every value escaped, under a strict policy
 * (no script, the stylesheet by hash, no referrer for the token), and a POST
 * another site sent refused without a change while the one-click POST of a
 * mail client still works.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient } from '../testing.support.test.js';

let t: TestClient;
let demoId: string;

beforeAll(async () => {
  t = await startTestServer({ fixtures: 'empty' });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.reset({ empty: true });
  demoId = (await t.publications()).demo.id;
});

/** The path of the unsubscribe link of a custom email to `email`. */
async function linkFor(email: string): Promise<string> {
  expect((await t.request('POST', '/v1/subscribers', { body: { email } })).status).toBe(200);
  expect((await t.request('POST', '/v1/emails/send', { body: { subject: 's', body: 'b', emails: [email] } })).status).toBe(200);
  const [sent] = (await t.request('GET', `/_control/outbox?kind=custom&to=${encodeURIComponent(email)}&limit=1`, { key: null })).body.items;
  return new URL(sent.unsubscribeUrl).pathname;
}
const oneClick = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } });
const suppressed = async () =>
  ((await t.request('GET', `/_control/suppressions?publicationId=${demoId}`, { key: null })).body.items as { email: string }[]).map((s) => s.email);

describe('the unsubscribe pages', () => {
  it("look like the publication's site, escape what they show, and allow no script", async () => {
    expect((await t.request('PATCH', `/v1/publications/${demoId}`, { body: { name: 'Demo <b>Dispatch</b>', themeColor: 'teal-600' } })).status).toBe(200);
    const path = await linkFor('reader@example.com');
    const res = await fetch(`${t.url}${path}`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(`<header class="site"><a class="name" href="${t.url}/@demo">Demo &lt;b&gt;Dispatch&lt;/b&gt;</a></header>`);
    expect(body).toContain('--theme: #0d9488');
    expect(body).toContain('Stop sending emails from Demo &lt;b&gt;Dispatch&lt;/b&gt; to <strong>reader@example.com</strong>?');
    expect(body).not.toContain('<b>');
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; /);
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('script-src');
    // The token in the address goes to this server alone.
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuse a POST another site sent, and change nothing', async () => {
    const path = await linkFor('reader@example.com');
    const foreign: Record<string, string>[] = [{ Origin: 'https://attacker.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'null' }];
    for (const headers of foreign) {
      const res = await oneClick(path, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toContain('Nothing changed: the form was sent from another site');
    }
    expect(await suppressed()).toEqual([]);
  });

  it("take the page's own form and a mail client's one-click POST", async () => {
    const path = await linkFor('reader@example.com');
    const own = await oneClick(path, { Origin: t.url, 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('<strong>reader@example.com</strong> will no longer receive emails from');
    expect(await suppressed()).toEqual(['reader@example.com']);
    const second = await linkFor('second@example.com');
    expect((await oneClick(second)).status).toBe(200);
    expect(await suppressed()).toEqual(expect.arrayContaining(['reader@example.com', 'second@example.com']));
  });

  it('answer an unknown link with a styled 404 page', async () => {
    const res = await fetch(`${t.url}/unsubscribe/not-a-token`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/);
    expect(await res.text()).toContain('<h1>Link not valid</h1>');
  });
});
