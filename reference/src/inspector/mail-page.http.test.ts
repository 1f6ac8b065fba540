/**
 * The Mail page at the edges the pinned pages do not reach: an outbox longer
 * than the list shows, each filter and the words of each field the search
 * reads, an email with neither Reply-To nor post, and one delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from './forms.support.test.js';
import { Clock } from '../clock.js';
import { startTestServer, type TestClient } from '../testing.support.test.js';

const T0 = Date.UTC(2026, 0, 5, 9, 30, 0);
const SHOWN = 200;

let t: TestClient;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer({ clock: new Clock(() => T0), fixtures: 'empty' });
  ({ cookie } = (await visit(t, '/_inspector/clock')) as { cookie: string });
});
afterAll(() => t?.close());

const page = async (path: string) => (await visit(t, path, cookie)).html;
const heading = (html: string) => /<h2 id="mail-count">([^<]*)<\/h2>/.exec(html)?.[1];
const subjects = (html: string) => [...html.matchAll(/<span class="subject">([^<]*)<\/span>/g)].map((m) => m[1]);
const outbox = async () => (await t.request('GET', '/_control/outbox?limit=1000', { key: null })).body.items as { id: string; kind: string; to: string }[];

describe('the list', () => {
  it(`shows every email up to ${SHOWN}, then the newest ${SHOWN} and says so`, async () => {
    const emails = Array.from({ length: SHOWN }, (_, i) => `r${String(i).padStart(3, '0')}@example.com`);
    expect((await t.request('POST', '/v1/emails/send', { body: { subject: 'Weekly digest', body: 'Nothing but words.', emails } })).status).toBe(200);
    const full = await page('/_inspector/mail');
    expect(heading(full)).toBe(`${SHOWN} emails`);
    expect(subjects(full)).toHaveLength(SHOWN);

    // A new subscriber: the owner is told, one email more.
    await t.request('POST', '/v1/subscribers', { body: { email: 'solo.reader@example.com' } });
    const over = await page('/_inspector/mail');
    expect(heading(over)).toBe(`${SHOWN + 1} emails (the newest ${SHOWN} shown)`);
    expect(subjects(over)).toHaveLength(SHOWN);
    expect(subjects(over)[0]).toBe('New subscriber to Demo Dispatch');
  });

  it('filters by address, publication and post, trimming what was typed', async () => {
    const { other } = await t.publications();
    const post = (await t.request('POST', '/v1/posts', { body: { title: 'Mailed post', markdown: 'x', sendNewsletter: true } })).body;
    const toOne = await page('/_inspector/mail?to=%20r007@example.com%20');
    expect(heading(toOne)).toBe('1 email');
    expect(toOne).toContain('name="to" type="email" value="r007@example.com"');
    const none = await page(`/_inspector/mail?publication=${other.id}`);
    expect(heading(none)).toBe('0 emails');
    expect(none).toContain(`<option value="${other.id}" selected>`);
    expect(none).toContain('<p class="muted">No email yet.');
    const ofPost = await page(`/_inspector/mail?post=${post.id}`);
    expect(subjects(ofPost)).toEqual(['Mailed post']);
    expect(ofPost).toContain(`name="post" value="${post.id}"`);
  });

  it.each([
    ['the subject', 'NEW Subscriber', ['New subscriber to Demo Dispatch']],
    ['the address', 'R007@', ['Weekly digest']],
    ['the text', 'nothing BUT words', Array(SHOWN).fill('Weekly digest')],
  ])('searches %s, in any letter case', async (_field, q, expected) => {
    expect(subjects(await page(`/_inspector/mail?q=${encodeURIComponent(q)}`))).toEqual(expected);
  });

  it('searches the sender, and reads blank words as no search', async () => {
    const all = (await outbox()).length;
    expect(heading(await page('/_inspector/mail?q=demo@newsletter.example.com&to=solo.reader@example.com'))).toBe('1 email');
    expect(heading(await page('/_inspector/mail?q=%20%20'))).toBe(`${all} email${all === 1 ? '' : 's'}${all > SHOWN ? ` (the newest ${SHOWN} shown)` : ''}`);
  });
});

describe('one email opened', () => {
  it('leaves out the Reply-To and post it does not have, and says when it was delivered (the list noticing)', async () => {
    const notice = (await outbox()).find((e) => e.kind === 'owner_notification')!;
    const queued = /<dl class="facts">[\s\S]*?<\/dl>/.exec(await page(`/_inspector/mail?open=${notice.id}`))![0];
    expect(queued).not.toContain('Reply-To');
    expect(queued).not.toContain('<dt>Post</dt>');
    expect(queued).toContain('<dt>Status</dt><dd>queued</dd>');
    const stamp = async () => (await fetch(`${t.url}/_inspector/mail/stamp`, { headers: { Cookie: cookie } })).text();
    const before = await stamp();
    await t.request('POST', '/_control/clock', { key: null, body: { advanceMs: 60_000 } });
    // Delivery adds no email, yet the list's queued marks change: the stamp the page's script polls changes too.
    expect(await stamp()).not.toBe(before);
    const html = await page(`/_inspector/mail?open=${notice.id}`);
    expect(html).toMatch(/<dt>Status<\/dt><dd>delivered, delivered 2026-01-05 09:3\d:\d\d UTC<\/dd>/);
    expect(html).not.toContain(' · queued</span>');
  });
});
