/**
 * The State page at the edges the pinned pages do not reach: lists longer
 * than they show, newest first, posts in every status (a newsletter-only
 * one, an archived one), a piece queued to send and one in a group, a
 * subscriber by wallet and one suppressed, a revoked key, a decided sign-in.
 * Each item is made a second after the one before, so the order shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from './forms.support.test.js';
import { Clock } from '../clock.js';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

const T0 = Date.UTC(2026, 0, 5, 9, 30, 0);
const SHOWN = 50;
const WALLET = '0x' + 'ab'.repeat(20);

let t: TestClient;
let cookie: string;
let html: string;

/** A request, then the clock a second on. */
async function step(method: string, path: string, body?: unknown, key?: string | null) {
  const res = await t.request(method, path, { body, ...(key === undefined ? {} : { key }) });
  await t.request('POST', '/_control/clock', { key: null, body: { advanceMs: 1000 } });
  return res.body;
}

beforeAll(async () => {
  t = await startTestServer({ clock: new Clock(() => T0), fixtures: 'empty' });
  const { demo } = await t.publications();
  for (let i = 0; i <= SHOWN; i++) await step('POST', '/v1/posts', { title: `Draft ${i}`, markdown: 'x', status: 'draft' });
  const mailOnly = await step('POST', '/v1/posts', { title: 'Mail only', markdown: 'x', publishOnline: false });
  const archived = await step('POST', '/v1/posts', { title: 'Put away', markdown: 'x' });
  await step('PUT', `/v1/posts/${archived.id}`, { status: 'archived' });
  const { bucketId } = await step('POST', `/v1/posts/${archived.id}/bucket`, {});
  const single = (await step('POST', `/v1/posts/${mailOnly.id}/bucket`, {})).bucketId;
  for (let i = 0; i <= SHOWN; i++) await step('POST', '/v1/content', { kind: 'tweet', title: `Piece ${i}`, body: { text: 'hi' } });
  await step('POST', '/v1/content', { kind: 'tweet', title: 'Alone', body: { text: 'hi' }, bucketId: single });
  await step('POST', '/v1/content', { kind: 'tweet', title: 'Grouped too', body: { text: 'hi' }, bucketId });
  await step('POST', '/v1/content', { kind: 'tweet', title: 'Grouped', body: { text: 'hi' }, bucketId });
  const queued = await step('POST', '/v1/content', { kind: 'tweet', title: 'To send', body: { text: 'hi' } });
  await step('POST', `/_control/content/${queued.id}/send`, { at: T0 + 24 * 3_600_000 }, null);
  for (let i = 0; i <= SHOWN; i++) await step('POST', '/v1/subscribers', { email: `reader${i}@example.com` });
  await step('POST', '/v1/subscribers', { wallet: WALLET });
  await step('POST', '/_control/unsubscribe', { publicationId: demo.id, email: 'reader3@example.com' }, null);
  await step('POST', '/_control/unsubscribe', { publicationId: demo.id, email: 'never.subscribed@example.com' }, null);
  const session = (await step('POST', '/v1/api/auth/sessions', {}, null)).sessionId;
  await step('POST', `/_control/auth/sessions/${session}/approve`, { publicationId: demo.id }, null);
  const keys = (await t.request('GET', `/_control/api-keys?publicationId=${demo.id}`, { key: null })).body.apiKeys as { key: string }[];
  await step('DELETE', `/_control/api-keys/${keys.at(-1)!.key}`, undefined, null);
  ({ cookie } = (await visit(t, '/_inspector/clock')) as { cookie: string });
  html = (await visit(t, '/_inspector/state', cookie)).html;
});
afterAll(() => t?.close());

/** The rows of the table that follows a marker, as their text. */
function rows(marker: string, of = html): string[] {
  const table = /<tbody>([\s\S]*?)<\/tbody>/.exec(of.slice(of.indexOf(marker)))![1];
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1].replace(/<[^>]+>/g, '|').replace(/\|+/g, '|'));
}

describe('posts', () => {
  it(`shows the ${SHOWN} last edited of a status, newest first, with the whole count`, () => {
    expect(html).toContain(`<summary>draft (${SHOWN + 1})</summary>`);
    const drafts = rows('<summary>draft');
    expect(drafts).toHaveLength(SHOWN);
    expect(drafts[0]).toMatch(/^\|Draft 50\|edited 2026-01-05 09:30:50 UTC\|\w+\|$/);
    expect(drafts.at(-1)).toMatch(/^\|Draft 1\|/);
  });

  it('marks a newsletter-only post, not linked, and shows an archived one when it was published', () => {
    expect(rows('<summary>published')).toEqual([expect.stringMatching(/^\|Mail only \|newsletter only\|2026-01-05 09:30:51 UTC\|\w+\|$/)]);
    expect(rows('<summary>archived')).toEqual([expect.stringMatching(/^\|Put away\|2026-01-05 09:30:52 UTC\|\w+\|$/)]);
  });
});

describe('content', () => {
  it(`shows the ${SHOWN} last edited pieces, newest first, a queued send, a group and its size`, () => {
    expect(html).toContain(`Content pieces (${SHOWN + 5}) and groups (2)`);
    const pieces = rows('id="content"');
    expect(pieces).toHaveLength(SHOWN);
    expect(pieces[0]).toMatch(/^\|To send\|tweet\|draft \|\(send queued\)\|[\w-]+\|$/);
    expect(pieces[1]).toMatch(/^\|Grouped\|tweet\|draft\|[\w-]+\|[\w-]+\|$/);
    expect(pieces.at(-1)).toMatch(/^\|Piece 5\|/);
    const groups = [...html.matchAll(/<li><span class="wrap">([^<]*)<\/span> <span class="muted mono">[^<]*<\/span>: ([^<]*)<\/li>/g)].map((m) => `${m[1]}: ${m[2]}`);
    expect(groups.sort()).toEqual(['Mail only: 1 piece', 'Put away: 2 pieces']);
  });
});

describe('subscribers', () => {
  it(`counts, shows the first ${SHOWN} and the suppressed ones`, () => {
    expect(html).toContain(`<strong id="subscriber-count">${SHOWN + 1}</strong> active of ${SHOWN + 2}; 2 suppressed addresses.`);
    expect(html).toContain(`<p class="muted">${SHOWN + 2} matches, the first ${SHOWN} shown.</p>`);
    const list = rows('id="subscriber-list"');
    expect(list).toHaveLength(SHOWN);
    expect(list.find((r) => r.startsWith('|reader3@'))).toMatch(/\|suppressed\|/);
    expect(html).toMatch(/<ul id="suppressions"><li>(reader3|never\.subscribed)@example\.com <span class="muted">since 2026-01-05 09:3\d:\d\d UTC<\/span><\/li><li>/);
  });

  it('searches by wallet as well as email, in any letter case', async () => {
    const found = (await visit(t, `/_inspector/state?q=${WALLET.toUpperCase().replace('0X', '0x')}`, cookie)).html;
    expect(found).toContain('<p class="muted">1 match.</p>');
    expect(rows('id="subscriber-list"', found)).toEqual([expect.stringMatching(new RegExp(`^\\|${WALLET}\\|api\\|active\\|`))]);
    // What was typed is trimmed, as the Mail page's filters are.
    const padded = (await visit(t, `/_inspector/state?q=%20${WALLET}%20`, cookie)).html;
    expect(padded).toContain('<p class="muted">1 match.</p>');
    expect(padded).toContain(`name="q" type="search" value="${WALLET}"`);
    const none = (await visit(t, '/_inspector/state?q=nobody-at-all', cookie)).html;
    expect(none).toContain('<p class="muted">0 matches.</p>');
    expect(none).not.toContain('id="subscriber-list"');
  });

  it('finds nobody by a letter no address or wallet holds (a subscriber without email or wallet has no text there)', async () => {
    // Every subscriber here is readerN@example.com or the wallet: none holds a "y".
    const html = (await visit(t, '/_inspector/state?q=y', cookie)).html;
    expect(html).toContain('<p class="muted">0 matches.</p>');
  });

  it(`shows exactly ${SHOWN} matches without a note, and the first ${SHOWN} suppressions of a longer list`, async () => {
    const { other } = await t.publications();
    for (let i = 0; i < SHOWN; i++) await t.request('POST', '/v1/subscribers', { key: DEMO_KEYS.other, body: { email: `other${i}@example.com` } });
    for (let i = 0; i <= SHOWN; i++) await t.request('POST', '/_control/unsubscribe', { key: null, body: { publicationId: other.id, email: `gone${i}@example.com` } });
    const html = (await visit(t, `/_inspector/state?publication=${other.id}`, cookie)).html;
    expect(html).toContain(`<p class="muted">${SHOWN} matches.</p>`);
    expect(html).toContain(`${SHOWN + 1} suppressed addresses.`);
    const listed = /<ul id="suppressions">([\s\S]*?)<\/ul>/.exec(html)![1];
    expect(listed.match(/<li>/g)).toHaveLength(SHOWN);
  });
});

describe('keys and sign-ins', () => {
  it('shows a revoked key as revoked, and a decided sign-in no longer pending', () => {
    expect(rows('id="keys"').at(-1)).toMatch(/\|revoked 2026-01-05 09:3\d:\d\d UTC\|$/);
    expect(html).toContain('Pending CLI sign-ins (0)');
    expect(html).toContain('<p class="muted">None. A CLI starts one with');
  });
});
