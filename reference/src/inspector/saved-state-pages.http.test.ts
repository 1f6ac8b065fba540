/**
 * The State and Mail pages over states no request builds, restored from a
 * named snapshot edited by hand (a saved state is the reference's input
 * too, docs/state-file.md): the publications in another order, none of them
 * named `demo`, or none at all; emails whose HTML has no web link, a head of
 * its own with attributes, or no head; posts whose scheduledAt disagrees
 * with their status.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from './forms.support.test.js';
import { Clock } from '../clock.js';
import { startTestServer, type TestClient } from '../testing.support.test.js';

const T0 = Date.UTC(2026, 0, 5, 9, 30, 0);
const HOUR = 3_600_000;

const dir = mkdtempSync(join(tmpdir(), 'inspector-saved-'));
const stateFile = join(dir, 'state.json');
const snapshotsDir = `${stateFile}.snapshots`;
let t: TestClient;
/** The saved state built below, to edit. */
let base: any;

/** The edited copies of the base state, saved as named snapshots (a server finds the names it has when it starts). */
const EDITS: Record<string, (state: any) => void> = {
  'demo-last': (s) => s.publications.reverse(),
  'no-demo': (s) => {
    s.publications.find((p: any) => p.slug === 'demo').slug = 'dispatch';
  },
  'no-publication': (s) => {
    s.publications = [];
    s.users = [];
    s.keys = [];
    s.posts = [];
    s.authSessions = [];
    s.subscribers.records = [];
    s.emails.outbox.items = [];
    s.emails.tokens.issued = [];
  },
  'odd-times': (s) => {
    s.posts.find((p: any) => p.title === 'Out now').scheduledAt = T0 + 5 * HOUR;
    s.posts.find((p: any) => p.title === 'Later').scheduledAt = null;
  },
  'hand-made-mail': (s) => {
    const [a, b] = s.emails.outbox.items;
    a.html = HEADED;
    b.html = FRAGMENT;
  },
};
const HEADED = '<!DOCTYPE html><html><HEAD lang="en"><title>Hand-made</title></HEAD><body><p>No link here.</p></body></html>';
const FRAGMENT = '<p>Just a fragment, <a href="mailto:owner@example.com">no web link</a>.</p>';

beforeAll(async () => {
  const builder = await startTestServer({ clock: new Clock(() => T0), fixtures: 'empty', stateFile });
  // Two subscribers: the owner is told of each, two emails.
  for (const email of ['first@example.com', 'second@example.com']) await builder.request('POST', '/v1/subscribers', { body: { email } });
  await builder.request('POST', '/v1/posts', { body: { title: 'Out now', markdown: 'x' } });
  await builder.request('POST', '/v1/posts', { body: { title: 'Later', markdown: 'x', scheduledAt: T0 + 2 * HOUR } });
  await builder.request('POST', '/v1/api/auth/sessions', { key: null, body: {} });
  expect((await builder.request('POST', '/_control/snapshot', { key: null, body: { name: 'base' } })).status).toBe(200);
  await builder.close();
  base = JSON.parse(readFileSync(join(snapshotsDir, 'base.json'), 'utf8'));
  for (const [name, edit] of Object.entries(EDITS)) {
    const doc = structuredClone(base);
    edit(doc.state);
    writeFileSync(join(snapshotsDir, `${name}.json`), JSON.stringify(doc));
  }
  t = await startTestServer({ clock: new Clock(() => T0), fixtures: 'empty', stateFile });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Restore one of the edited states. */
async function restore(name: keyof typeof EDITS & string): Promise<void> {
  const res = await t.request('POST', '/_control/restore', { key: null, body: { name } });
  expect(res.status, res.text).toBe(200);
}

const page = (path: string) => visit(t, path);
const idOf = (state: any, slug: string): string => state.publications.find((p: any) => p.slug === slug).id;
/** The options of the pending sign-in's "Give access to" list. */
const grantOptions = (html: string) => /<select id="grant-[^"]+" name="publicationId">([\s\S]*?)<\/select>/.exec(html)![1];

describe('the State page picks a publication when none is asked for', () => {
  it('@demo, wherever it stands in the list; a sign-in is offered to it first', async () => {
    await restore('demo-last');
    const { res, html } = await page('/_inspector/state');
    expect(res.status).toBe(200);
    expect(html).toContain('aria-current="page">@demo</a>');
    expect(html).toContain('<h2 id="publication-name">Demo Dispatch <span class="muted">@demo</span></h2>');
    const demoId = idOf(base.state, 'demo');
    expect(grantOptions(html)).toContain(`<option value="${demoId}" selected>`);
    expect(grantOptions(html).match(/ selected>/g)).toHaveLength(1);
  });

  it('the first, when none is named demo; a sign-in is then offered to none in particular', async () => {
    await restore('no-demo');
    const { res, html } = await page('/_inspector/state');
    expect(res.status).toBe(200);
    expect(html).toContain('aria-current="page">@dispatch</a>');
    expect(grantOptions(html)).not.toContain(' selected');
  });

  it('none, in a state without publications: 404, saying so', async () => {
    await restore('no-publication');
    const { res, html } = await page('/_inspector/state');
    expect(res.status).toBe(404);
    expect(html).toContain('there is no publication (an empty state?)');
  });
});

describe("the State page reads a post's time from its status", () => {
  it('a published post with a scheduledAt left over shows when it was published; a scheduled one without a time, when it was edited', async () => {
    await restore('odd-times');
    const { html } = await page('/_inspector/state');
    const row = (title: string) => new RegExp(`<td class="wrap">(?:<a [^>]*>)?${title}(?:</a>)?</td><td class="mono">([^<]*)</td>`).exec(html)?.[1];
    expect(row('Out now')).toBe('2026-01-05 09:30:00 UTC');
    expect(row('Later')).toBe('edited 2026-01-05 09:30:00 UTC');
  });
});

describe('the Mail page over emails no send writes', () => {
  const ids = () => (base.state.emails.outbox.items as { id: string }[]).map((e) => e.id);

  beforeAll(() => restore('hand-made-mail'));

  it('says an email without web links has none', async () => {
    for (const id of ids()) {
      const { html } = await page(`/_inspector/mail?open=${id}`);
      expect(html).toContain('<h3>Links in this email</h3>\n<p class="muted">None.</p>');
    }
  });

  it("puts the frame's base right after the email's own head, whatever its attributes and letter case, or first when it has none", async () => {
    const body = async (id: string) => (await fetch(`${t.url}/_inspector/mail/${id}/body`)).text();
    expect(await body(ids()[0])).toBe(HEADED.replace('<HEAD lang="en">', '<HEAD lang="en"><base target="_blank">'));
    expect(await body(ids()[1])).toBe(`<base target="_blank">${FRAGMENT}`);
  });
});

describe('the State page asked for a publication, and its subscriber search', () => {
  const WALLET = '0x' + 'cd'.repeat(20);
  const count = (html: string) => /<p class="muted">(\d+ match[^<]*)<\/p>/.exec(html)?.[1];
  const subscribe = (body: object) => t.request('POST', '/v1/subscribers', { body });

  beforeAll(() => restore('base'));

  it('shows the publication asked for, and 404 for one the state does not have', async () => {
    const otherId = idOf(base.state, 'other');
    expect((await page(`/_inspector/state?publication=${otherId}`)).html).toContain('aria-current="page">@other</a>');
    const unknown = await page('/_inspector/state?publication=nope');
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain('no publication nope');
  });

  it('shows a scheduled post with the time it is due', async () => {
    expect((await page('/_inspector/state')).html).toMatch(/<td class="wrap"><a [^>]*>Later<\/a><\/td><td class="mono">due 2026-01-05 11:30:00 UTC<\/td>|<td class="wrap">Later<\/td><td class="mono">due 2026-01-05 11:30:00 UTC<\/td>/);
  });

  it('counts matches in words, trims and lowercases the search, finds a wallet, and nobody by a letter no address or wallet holds', async () => {
    const all = (await page('/_inspector/state')).html;
    expect(count(all)).toBe('2 matches.');
    expect(all).toContain('name="q" type="search" value=""');
    expect(count((await page('/_inspector/state?q=%20FIRST%20')).html)).toBe('1 match.');
    await subscribe({ wallet: WALLET });
    expect(count((await page(`/_inspector/state?q=${WALLET}`)).html)).toBe('1 match.');
    // "y" is in no address here, and a subscriber without email or wallet has no text there.
    expect(count((await page('/_inspector/state?q=y')).html)).toBe('0 matches.');
  });

  it('shows exactly 50 matches without a note, 51 with one, and the first 50 of 51 suppressions', async () => {
    const { demo } = await t.publications();
    const have = Number(/(\d+) match/.exec(count((await page('/_inspector/state')).html)!)![1]);
    for (let i = have; i < 50; i++) await subscribe({ email: `more${i}@example.com` });
    expect(count((await page('/_inspector/state')).html)).toBe('50 matches.');
    await subscribe({ email: 'one.more@example.com' });
    expect(count((await page('/_inspector/state')).html)).toBe('51 matches, the first 50 shown.');
    for (let i = 0; i <= 50; i++) await t.request('POST', '/_control/unsubscribe', { key: null, body: { publicationId: demo.id, email: `gone${i}@example.com` } });
    const html = (await page('/_inspector/state')).html;
    expect(html).toContain('51 suppressed addresses.');
    expect(/<ul id="suppressions">([\s\S]*?)<\/ul>/.exec(html)![1].match(/<li>/g)).toHaveLength(50);
  });
});

describe("the Mail page's stamp and filters", () => {
  beforeAll(() => restore('base'));

  it('changes the stamp when the outbox is emptied and filled again to the same count', async () => {
    const stamp = async () => (await fetch(`${t.url}/_inspector/mail/stamp`)).text();
    const before = await stamp();
    expect((await t.request('DELETE', '/_control/outbox', { key: null })).status).toBe(200);
    for (const email of ['third@example.com', 'fourth@example.com']) await t.request('POST', '/v1/subscribers', { body: { email } });
    expect((await t.request('GET', '/_control/outbox', { key: null })).body.items).toHaveLength(base.state.emails.outbox.items.length);
    expect(await stamp()).not.toBe(before);
  });

  it('leaves the To filter empty when none is given', async () => {
    expect((await page('/_inspector/mail')).html).toContain('name="to" type="email" value=""');
  });
});
