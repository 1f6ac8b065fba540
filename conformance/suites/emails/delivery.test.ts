/**
 * Real custom-email sends (side-effects profile: only to example.com
 * addresses), observed through the outbox of the control API: one email per
 * recipient with an unsubscribe footer, Markdown rendered, nothing to skipped
 * addresses, delivery after acceptance, and the unsubscribe link.
 */
import { CustomEmailResult } from '../../../schemas/emails.js';
import { expectOk, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { DISPOSABLE_DOMAINS, dryRunSplit, outboxTo, publicationA, realSend, type OutboxEmail } from './emails.js';

const SIDE_EFFECTS = { profile: 'side-effects' as const, needs: ['control:outbox' as const] };

const hasUnsubscribeLink = (html: string) => /<a\s[^>]*href="[^"]+"[^>]*>[^<]*unsubscribe/i.test(html) || /href="[^"]*unsubscribe[^"]*"/i.test(html);

rule(
  ['emails.send.individual', 'emails.send.markdown-rendered', 'emails.skip.nothing-delivered'],
  'each accepted recipient gets one email of its own, rendered from Markdown, with an unsubscribe link; skipped ones get nothing',
  async (ctx) => {
    const good = [ctx.names.email('one'), ctx.names.email('two')];
    const skipped = ['not-an-email', `${ctx.runId}@${DISPOSABLE_DOMAINS[0]}`];
    const res = expectOk(
      await realSend(ctx, { subject: ctx.names.title('custom'), body: '# Heading\n\nSome **bold** text and [a link](https://example.com/page).', emails: [...good, ...skipped] }),
      CustomEmailResult,
    );
    if (res.accepted !== 2) fail(`accepted ${res.accepted}, expected 2`);
    for (const to of good) {
      const emails = await outboxTo(ctx, to);
      if (emails.length !== 1) fail(`${to} has ${emails.length} emails in the outbox, expected 1`);
      const [email] = emails;
      if (email.to.toLowerCase() !== to) fail(`the email is addressed to ${email.to}, not only to ${to}`);
      if (!/<strong>bold<\/strong>/.test(email.html)) fail('the Markdown body was not rendered to HTML (no <strong>bold</strong>)');
      if (!/<a [^>]*href="https:\/\/example\.com\/page"/.test(email.html)) fail('the Markdown link was not rendered');
      if (!hasUnsubscribeLink(email.html)) fail('the HTML has no unsubscribe link');
    }
    for (const to of skipped.slice(1)) {
      const emails = await outboxTo(ctx, to);
      if (emails.length > 0) fail(`the skipped address ${to} was sent ${emails.length} email(s)`);
    }
  },
  SIDE_EFFECTS,
);

rule(
  ['emails.send.accepted-not-delivered', 'emails.delivery.on-clock'],
  'an accepted email is queued first and delivered a moment later on the clock',
  async (ctx) => {
    const to = ctx.names.email('later');
    await ctx.control.freezeClock(true);
    try {
      expectOk(await realSend(ctx, { subject: ctx.names.title('later'), body: 'later', emails: [to] }), CustomEmailResult);
      const [queued] = await outboxTo(ctx, to);
      if (!queued) fail('the accepted email is not in the outbox');
      if (queued.status === 'delivered' || (queued.deliveredAt ?? null) !== null) fail('the email was delivered before any time passed');
      await ctx.control.advanceClock(60_000);
      const [delivered] = await outboxTo(ctx, to);
      if (delivered.status !== 'delivered' || typeof delivered.deliveredAt !== 'number') fail(`a minute later the email is ${delivered.status}`);
      if (delivered.deliveredAt < (delivered.createdAt ?? 0)) fail('deliveredAt is before createdAt');
    } finally {
      await ctx.control.freezeClock(false);
    }
  },
  { profile: ['side-effects', 'reference-choices'], needs: ['control:outbox', 'control:clock'] },
);

rule(
  ['emails.unsubscribe.link', 'emails.skip.suppressed'],
  "the email's unsubscribe link opens a page, and POSTing to it (one-click) makes later sends skip the address as suppressed",
  async (ctx) => {
    const publicationId = publicationA(ctx);
    const to = ctx.names.email('unsub');
    ctx.created.add(`lift suppression of ${to}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email: to }));
    expectOk(await realSend(ctx, { subject: ctx.names.title('unsub'), body: 'unsubscribe me', emails: [to] }), CustomEmailResult);
    const [email] = await outboxTo(ctx, to);
    const link = email?.unsubscribeUrl ?? /<([^>]+)>/.exec(email?.headers?.['List-Unsubscribe'] ?? '')?.[1];
    if (!link) fail('the email names no unsubscribe URL');
    if (email.headers?.['List-Unsubscribe-Post'] !== 'List-Unsubscribe=One-Click') fail('the email has no List-Unsubscribe-Post header (RFC 8058)');
    const path = new URL(link).pathname;
    const page = expectStatus(await ctx.api.anonymous.get(path, { headers: { accept: 'text/html' } }), 200);
    if (!/<form|<button/i.test(page.text)) fail('the unsubscribe page has no form or button');
    const stillThere = await dryRunSplit(ctx, [to]);
    if (stillThere.accepted !== 1) fail('opening the page alone unsubscribed the address (link scanners would unsubscribe everyone)');
    expectStatus(
      await ctx.api.anonymous.post(path, undefined, { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' }),
      200,
    );
    const after = await dryRunSplit(ctx, [to]);
    if (after.skipped[0]?.reason !== 'suppressed') fail(`after unsubscribing, the address is ${after.skipped[0] ? `skipped as ${after.skipped[0].reason}` : 'accepted'}`);
  },
  { profile: 'side-effects', needs: ['publicationIds', 'control:outbox'] },
);

rule(
  ['emails.delivery.on-clock', 'control.outbox.list'],
  'a send is delivered as one batch exactly a second of clock time after it was queued (sentAt and deliveredAt that time), as is another queued at the same instant; the outbox filters by request, publication and status',
  async (ctx) => {
    const publicationId = publicationA(ctx);
    const emails = [ctx.names.email('batch-1'), ctx.names.email('batch-2')];
    const { now } = await ctx.control.freezeClock(true);
    try {
      expectOk(await realSend(ctx, { subject: ctx.names.title('batch'), body: 'batch', emails }), CustomEmailResult);
      // A second request at the same instant: its batch is delivered too, not in place of the first.
      const other = ctx.names.email('batch-other');
      expectOk(await realSend(ctx, { subject: ctx.names.title('batch'), body: 'another batch', emails: [other] }), CustomEmailResult);
      const [first] = (await outboxTo(ctx, emails[0])) as (OutboxEmail & { requestId: string; sentAt: number | null })[];
      if (!first) fail('the accepted email is not in the outbox');
      const batch = await ctx.control.outbox<OutboxEmail>({ requestId: first.requestId, limit: 'all' });
      if (batch.length !== 2 || !emails.every((to) => batch.some((e) => e.to.toLowerCase() === to))) fail(`the requestId filter gave ${batch.length} emails, expected the request's 2`);
      if ((await ctx.control.outbox({ requestId: first.requestId, status: 'queued', limit: 'all' })).length !== 2) fail('the status filter does not find the queued emails');
      if ((await ctx.control.outbox({ requestId: first.requestId, publicationId, limit: 'all' })).length !== 2) fail("the publicationId filter leaves out its publication's emails");
      if ((await ctx.control.outbox({ requestId: first.requestId, publicationId: `${publicationId}x`, limit: 'all' })).length !== 0) fail("the publicationId filter lets another publication's emails through");
      await ctx.control.setClock(now + 999);
      if ((await ctx.control.outbox({ requestId: first.requestId, status: 'delivered', limit: 'all' })).length !== 0) fail('an email was delivered before a second had passed');
      await ctx.control.setClock(now + 1_000);
      const delivered = await ctx.control.outbox<OutboxEmail & { sentAt: number | null }>({ requestId: first.requestId, status: 'delivered', limit: 'all' });
      if (delivered.length !== 2) fail(`${delivered.length} of the 2 emails were delivered a second after they were queued`);
      for (const e of delivered) if (e.deliveredAt !== now + 1_000 || e.sentAt !== now + 1_000) fail(`an email was delivered at ${e.deliveredAt} (sent ${e.sentAt}), expected ${now + 1_000}`);
      if ((await ctx.control.outbox({ requestId: first.requestId, status: 'queued', limit: 'all' })).length !== 0) fail('the status filter finds delivered emails as queued');
      const [second] = await outboxTo(ctx, other);
      if (second?.status !== 'delivered') fail(`the email of a second request queued at the same instant is ${second?.status ?? 'missing'} a second later`);
    } finally {
      await ctx.control.freezeClock(false);
    }
  },
  { profile: ['side-effects', 'reference-choices'], needs: ['publicationIds', 'control:outbox', 'control:clock'] },
);
