/**
 * The pages behind an email's unsubscribe link, as the register describes
 * them (docs/spec-gaps-subscribers-emails.md › Unsubscribe pages): what the
 * page names, a POST another site sent refused, an unknown link, a page that
 * says it is done, the owner notification's link, and the control API's
 * way of following a link. The pages are the reference's design, so these
 * are reference-choices rules.
 */
import { Publication } from '../../../schemas/publications.js';
import { CustomEmailResult } from '../../../schemas/emails.js';
import { expectOk, expectStatus, fail, rule, type ApiResponse, type RuleContext, type RuleOptions } from '../../src/authoring/index.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { dryRunSplit, outboxTo, publicationA, realSend, type OutboxEmail } from './emails.js';

/** Real sends (side-effects) read back from the outbox; the pages are the reference's choices. */
const SENDS_AND_READS_THE_OUTBOX: RuleOptions = { profile: ['side-effects', 'reference-choices'], needs: ['publicationIds', 'control:outbox'] };

/** The path of the unsubscribe link of one email; fails when it names none or points at another origin. */
function linkPath(ctx: RuleContext, email: OutboxEmail | undefined): string {
  const link = email?.unsubscribeUrl ?? /<([^>]+)>/.exec(email?.headers?.['List-Unsubscribe'] ?? '')?.[1];
  if (!link) fail('the email names no unsubscribe URL');
  const url = new URL(link);
  if (url.origin !== new URL(ctx.target.url).origin) ctx.skip(`the unsubscribe link is on another origin (${url.origin}) than the target`);
  return url.pathname;
}

/** Sends a custom email to a fresh address and answers the address and its link's path; a test that unsubscribes it has the suppression lifted afterwards. */
async function customEmailLink(ctx: RuleContext, label: string, { unsubscribes }: { unsubscribes: boolean }): Promise<{ to: string; path: string }> {
  const publicationId = publicationA(ctx);
  const to = ctx.names.email(label);
  if (unsubscribes) ctx.created.add(`lift suppression of ${to}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email: to }));
  expectOk(await realSend(ctx, { subject: ctx.names.title(label), body: 'unsubscribe page', emails: [to] }), CustomEmailResult);
  const [email] = await outboxTo(ctx, to);
  return { to, path: linkPath(ctx, email) };
}

interface ControlUnsubscribed {
  changed: boolean;
  purpose: string;
  publicationId: string;
  email: string;
}

const openPage = (ctx: RuleContext, path: string) => ctx.api.anonymous.get(path, { headers: { accept: 'text/html' } });

function oneClick(ctx: RuleContext, path: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return ctx.api.anonymous.post(path, undefined, { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded', headers });
}

/** The page's heading (its h1), or undefined. */
const headingOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/i.exec(html)?.[1]?.trim();

function expectHeading(page: ApiResponse, expected: string, what: string): void {
  const heading = headingOf(page.text);
  if (heading !== expected) fail(`the ${what} page's heading is ${JSON.stringify(heading)}, expected ${JSON.stringify(expected)}`);
}

async function isSuppressed(ctx: RuleContext, to: string): Promise<boolean> {
  return (await dryRunSplit(ctx, [to])).skipped[0]?.reason === 'suppressed';
}

rule(
  ['emails.unsubscribe.page-names'],
  "the unsubscribe page names the address and the publication, escaped, links to the publication's page and has the form",
  async (ctx) => {
    const publication = expectOk(await ctx.api.get(`/v1/publications/${encodeURIComponent(publicationA(ctx))}`), Publication);
    const { to, path } = await customEmailLink(ctx, 'unsub-names', { unsubscribes: false });
    const token = path.slice(path.lastIndexOf('/') + 1);
    if (!/^[A-Za-z0-9_-]{32}$/.test(token)) fail(`the link's token ${token} is not 32 url-safe characters`);
    // A public page: it needs no API key and reads none (a stale one in the browser changes nothing).
    const withStaleKey = await ctx.api.anonymous.get(path, { headers: { accept: 'text/html', authorization: 'Bearer not-a-key-of-this-server' } });
    if (withStaleKey.status !== 200) fail(`the page opened with a stale Authorization header answered ${withStaleKey.status}`);
    const page = expectStatus(await openPage(ctx, path), 200);
    if (!/^text\/html/.test(page.headers['content-type'] ?? '')) fail(`the page is ${page.headers['content-type']}, not HTML`);
    expectHeading(page, 'Unsubscribe', 'confirmation');
    const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    if (!page.text.includes(escaped(to))) fail(`the page does not name the address ${to}`);
    if (!page.text.includes(`emails from ${escaped(publication.name)}`)) fail(`the page does not say it stops emails from ${publication.name}`);
    if (!page.text.includes(`/@${encodeURIComponent(publication.slug)}"`)) fail(`the page does not link to the publication's page /@${publication.slug}`);
    if (!/<form[^>]*method="post"[^>]*action="([^"]*)"/i.test(page.text)) fail('the page has no form that posts');
    const action = /<form[^>]*action="([^"]*)"/i.exec(page.text)?.[1];
    if (action !== path) fail(`the form posts to ${action}, not to the link's own path ${path}`);
  },
  SENDS_AND_READS_THE_OUTBOX,
);

rule(
  ['emails.unsubscribe.one-link-any-case'],
  'an address emailed again in other letter case gets the same link, whose page names the address as first written',
  async (ctx) => {
    const { to, path } = await customEmailLink(ctx, 'unsub-case', { unsubscribes: false });
    const shouted = to.toUpperCase();
    expectOk(await realSend(ctx, { subject: ctx.names.title('unsub-case again'), body: 'unsubscribe page', emails: [shouted] }), CustomEmailResult);
    const again = (await outboxTo(ctx, shouted)).find((email) => email.to === shouted);
    if (!again) fail(`no email to ${shouted} is in the outbox`);
    const pathAgain = linkPath(ctx, again);
    if (pathAgain !== path) fail(`the email to ${shouted} links to ${pathAgain}, the one to ${to} to ${path}: one address, two links`);
    const page = expectStatus(await openPage(ctx, path), 200);
    if (!page.text.includes(to)) fail(`the page does not name the address as first written, ${to}`);
    if (page.text.includes(shouted)) fail(`the page names the address as written the second time, ${shouted}`);
  },
  SENDS_AND_READS_THE_OUTBOX,
);

rule(
  ['emails.unsubscribe.cross-site'],
  "a POST to the link that a browser says another site sent is refused with 403 and changes nothing; the page's own form and a mail client's POST are taken",
  async (ctx) => {
    const { to, path } = await customEmailLink(ctx, 'unsub-csrf', { unsubscribes: true });
    const origin = new URL(ctx.target.url).origin;
    const foreign: Record<string, string>[] = [
      { origin: 'https://attacker.example.com' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const res = await oneClick(ctx, path, headers);
      if (res.status !== 403) fail(`a POST with ${JSON.stringify(headers)} answered ${res.status}, expected 403`);
      if (!/nothing changed/i.test(res.text)) fail(`the refusal of a POST with ${JSON.stringify(headers)} does not say nothing changed`);
      expectHeading(res, 'Not unsubscribed', 'refusal');
      if (await isSuppressed(ctx, to)) fail(`a POST with ${JSON.stringify(headers)} unsubscribed the address`);
    }
    // The page's own form, from a browser that also holds a stale API key: the page reads none.
    const own = expectStatus(await oneClick(ctx, path, { origin, 'sec-fetch-site': 'same-origin', authorization: 'Bearer not-a-key-of-this-server' }), 200);
    if (!own.text.includes(to)) fail('the result page does not name the address');
    expectHeading(own, 'Unsubscribed', 'result');
    if (!(await isSuppressed(ctx, to))) fail("the page's own form (same origin) did not unsubscribe the address");
  },
  SENDS_AND_READS_THE_OUTBOX,
);

rule(
  ['emails.unsubscribe.done'],
  'once unsubscribed, the page says so and offers no form, and posting again changes nothing',
  async (ctx) => {
    const { to, path } = await customEmailLink(ctx, 'unsub-done', { unsubscribes: true });
    const before = expectStatus(await openPage(ctx, path), 200);
    if (/already unsubscribed/i.test(before.text)) fail('the page says the address is already unsubscribed before it was');
    expectStatus(await oneClick(ctx, path), 200);
    const after = expectStatus(await openPage(ctx, path), 200);
    if (!/already unsubscribed/i.test(after.text)) fail('after unsubscribing, the page does not say the address is already unsubscribed');
    if (/<form/i.test(after.text)) fail('after unsubscribing, the page still offers the form');
    if (!after.text.includes(to)) fail('the page does not name the address');
    expectStatus(await oneClick(ctx, path), 200);
    if (!(await isSuppressed(ctx, to))) fail('posting the link again lifted the suppression');
  },
  SENDS_AND_READS_THE_OUTBOX,
);

rule(
  ['emails.unsubscribe.unknown-404'],
  'a link with an unknown token answers 404 on GET and POST, with a page saying the link is not valid',
  async (ctx) => {
    const { path } = await customEmailLink(ctx, 'unsub-unknown', { unsubscribes: false });
    const unknown = `${path.slice(0, path.lastIndexOf('/') + 1)}${'x'.repeat(32)}`;
    for (const res of [await openPage(ctx, unknown), await oneClick(ctx, unknown)]) {
      expectStatus(res, 404);
      expectHeading(res, 'Link not valid', 'unknown link');
      if (!/<title>[^<]*Link not valid/i.test(res.text)) fail('the unknown-link page is not titled "Link not valid"');
      if (!/not valid/i.test(res.text.replace(/<h1[^>]*>[^<]*<\/h1>/i, ''))) fail('the unknown-link page does not say the link is not valid below its heading');
    }
  },
  SENDS_AND_READS_THE_OUTBOX,
);

rule(
  ['emails.unsubscribe.owner-notification', 'emails.unsubscribe.control'],
  "the owner notification's unsubscribe link turns emailNotifications.newSubscriber off",
  async (ctx) => {
    const id = publicationA(ctx);
    const setting = async () => expectOk(await ctx.api.get(`/v1/publications/${encodeURIComponent(id)}`), Publication).emailNotifications?.newSubscriber;
    const before = (await setting()) ?? true;
    ctx.created.add('restore newSubscriber notifications', () => ctx.api.patch(`/v1/publications/${encodeURIComponent(id)}`, { emailNotifications: { newSubscriber: before } }));
    expectStatus(await ctx.api.patch(`/v1/publications/${encodeURIComponent(id)}`, { emailNotifications: { newSubscriber: true } }), 200);
    const fan = ctx.names.email('unsub-owner-fan');
    expectStatus(await addSubscriber(ctx, { email: fan }), 200);
    const notifications = await ctx.control.outbox<OutboxEmail>({ kind: 'owner_notification', limit: 'all' });
    const notification = notifications.find((e) => e.text.includes(fan) || e.html.includes(fan));
    if (!notification) return ctx.skip('no owner notification went out (the owner may have no email address)');
    const path = linkPath(ctx, notification);
    const page = expectStatus(await openPage(ctx, path), 200);
    if (!/new-subscriber notifications/i.test(page.text)) fail('the page does not say it stops new-subscriber notifications');
    expectStatus(await oneClick(ctx, path), 200);
    if ((await setting()) !== false) fail("after following the owner notification's link, newSubscriber is still on");
    if (!/already unsubscribed/i.test(expectStatus(await openPage(ctx, path), 200).text)) fail('with notifications off, the page does not say so');
    if (ctx.target.control.capabilities.includes('unsubscribe')) {
      const follow = () => ctx.control.call<ControlUnsubscribed>('POST', '/_control/unsubscribe', { token: path.slice(path.lastIndexOf('/') + 1) });
      const again = await follow();
      if (again.purpose !== 'owner' || again.changed !== false) fail(`following the link again through the control API answered ${JSON.stringify(again)}, expected purpose owner, changed false`);
      expectStatus(await ctx.api.patch(`/v1/publications/${encodeURIComponent(id)}`, { emailNotifications: { newSubscriber: true } }), 200);
      const turnedOff = await follow();
      if (turnedOff.changed !== true || (await setting()) !== false) fail(`following the link with notifications back on answered ${JSON.stringify(turnedOff)} and left them ${String(await setting())}`);
    }
  },
  SENDS_AND_READS_THE_OUTBOX,
);

rule(
  ['emails.unsubscribe.control'],
  "POST /_control/unsubscribe follows a link's token, or unsubscribes an address; it says what it stopped and whether anything changed",
  async (ctx) => {
    const publicationId = publicationA(ctx);
    const { to, path } = await customEmailLink(ctx, 'unsub-control', { unsubscribes: true });
    const token = path.slice(path.lastIndexOf('/') + 1);
    const follow = () => ctx.control.call<ControlUnsubscribed>('POST', '/_control/unsubscribe', { token });
    const first = await follow();
    const expected = { changed: true, purpose: 'subscriber', publicationId, email: to };
    for (const [key, value] of Object.entries(expected))
      if (first[key as keyof ControlUnsubscribed] !== value) fail(`following the token answered ${key} ${JSON.stringify(first[key as keyof ControlUnsubscribed])}, expected ${JSON.stringify(value)}`);
    if (!(await isSuppressed(ctx, to))) fail('following the token did not unsubscribe the address');
    if ((await follow()).changed !== false) fail('following the token again answered changed: true');
    const byAddress = await ctx.control.call<ControlUnsubscribed>('POST', '/_control/unsubscribe', { publicationId, email: to });
    if (byAddress.changed !== false) fail('unsubscribing an unsubscribed address answered changed: true');
  },
  { ...SENDS_AND_READS_THE_OUTBOX, needs: ['publicationIds', 'control:outbox', 'control:unsubscribe'] },
);
