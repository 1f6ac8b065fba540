/**
 * The outbox of the test-control API (DESIGN.md): every email the service
 * would have sent, newest first, filterable, in pages or whole, one email by
 * its id; DELETE empties it and counts what went; and the custom-email
 * approval switch. The emails email nobody real: owner notifications of
 * new subscribers (the writer's own address on a test target) and custom
 * emails to example.com addresses.
 */
import { Publication } from '../../../schemas/publications.js';
import { expectError, expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { CustomEmailResult } from '../../../schemas/emails.js';
import { publicationA, realSend, type OutboxEmail } from './emails.js';

async function notificationsOn(ctx: RuleContext): Promise<void> {
  const id = publicationA(ctx);
  const before = expectOk(await ctx.api.get(`/v1/publications/${id}`), Publication).emailNotifications?.newSubscriber ?? true;
  expectStatus(await ctx.api.patch(`/v1/publications/${id}`, { emailNotifications: { newSubscriber: true } }), 200);
  ctx.created.add('restore emailNotifications.newSubscriber', () => ctx.api.patch(`/v1/publications/${id}`, { emailNotifications: { newSubscriber: before } }));
}

rule(['control.outbox.list'], 'GET /_control/outbox lists the emails newest first and filters by recipient and kind', async (ctx) => {
  await notificationsOn(ctx);
  const [first, second] = [ctx.names.email('ob1'), ctx.names.email('ob2')];
  expectStatus(await addSubscriber(ctx, { email: first }), 200);
  await ctx.control.advanceClock(1_000);
  expectStatus(await addSubscriber(ctx, { email: second }), 200);
  const all = await ctx.control.outbox<OutboxEmail>({ kind: 'owner_notification', limit: 'all' });
  const i1 = all.findIndex((e) => e.text.includes(first));
  const i2 = all.findIndex((e) => e.text.includes(second));
  if (i1 < 0 || i2 < 0) return ctx.skip('adding subscribers produced no owner notifications (the owner may have no address)');
  if (i2 > i1) fail('the outbox lists the older email first');
  for (let i = 1; i < all.length; i++)
    if ((all[i - 1].createdAt ?? 0) < (all[i].createdAt ?? 0)) fail(`outbox item ${i} is newer than the one before it`);
  if (all.some((e) => e.kind !== 'owner_notification')) fail('the kind filter let other kinds through');
  const owner = all[i1].to;
  const toOwner = await ctx.control.outbox<OutboxEmail>({ to: owner.toUpperCase(), limit: 'all' });
  if (toOwner.length === 0 || toOwner.some((e) => e.to.toLowerCase() !== owner.toLowerCase())) fail('the to filter does not select the recipient');
}, { needs: ['publicationIds', 'control:outbox', 'control:clock'] });

rule(['control.outbox.clear'], 'DELETE /_control/outbox empties the outbox', async (ctx) => {
  await notificationsOn(ctx);
  expectStatus(await addSubscriber(ctx, { email: ctx.names.email('ob-clear') }), 200);
  await ctx.control.clearOutbox();
  const left = await ctx.control.outbox({ limit: 'all' });
  if (left.length > 0) fail(`${left.length} email(s) are left after DELETE /_control/outbox`);
}, { needs: ['publicationIds', 'control:outbox'] });

interface OutboxPage {
  items: OutboxEmail[];
  pagination: { cursor: string; hasMore: boolean; total?: number };
}

rule(
  ['control.outbox.pages', 'control.outbox.one'],
  'GET /_control/outbox pages 100 by default, takes limit 1..10000 or all and a cursor of the same filters only; GET /_control/outbox/{emailId} answers one email, 404 for an unknown id',
  async (ctx) => {
    const emails = Array.from({ length: 101 }, (_, i) => ctx.names.email(`page-${i}`));
    // An older custom email, a second before: a page must be newest first across instants too.
    expectOk(await realSend(ctx, { subject: ctx.names.title('older'), body: 'older', emails: [ctx.names.email('page-older')] }), CustomEmailResult);
    await ctx.control.advanceClock(1_000);
    const sent = expectOk(await realSend(ctx, { subject: ctx.names.title('pages'), body: 'pages', emails }), CustomEmailResult);
    if (sent.accepted !== emails.length) fail(`the send accepted ${sent.accepted} of ${emails.length}`);
    const page = (query: Record<string, string | number>) => ctx.api.anonymous.get('/_control/outbox', { query });
    const first = expectStatus(await page({ kind: 'custom' }), 200).body as OutboxPage;
    if (first.items.length !== 100 || !first.pagination.hasMore || !first.pagination.cursor) fail(`a page without a limit holds ${first.items.length} emails (hasMore ${first.pagination.hasMore}), expected 100 and more to come`);
    const [oneEmail] = first.items;
    const whole = expectStatus(await page({ kind: 'custom', limit: 'all' }), 200).body as OutboxPage;
    if (first.items.some((e, i) => e.id !== whole.items[i]?.id)) fail('a page is not in the order of the whole list (newest first, then by id, descending)');
    const ofOneInstant = whole.items.filter((e) => e.createdAt === whole.items[0].createdAt).map((e) => e.id);
    if (ofOneInstant.length < emails.length || ofOneInstant.join() !== [...ofOneInstant].sort().reverse().join())
      fail(`the ${ofOneInstant.length} emails of one instant are not listed by id, descending: ${ofOneInstant.slice(0, 5).join(', ')}, ...`);
    const single = expectStatus(await page({ kind: 'custom', limit: 1 }), 200).body as OutboxPage;
    if (single.items.length !== 1 || single.items[0].id !== oneEmail.id) fail('limit 1 does not answer the newest email alone');
    const next = expectStatus(await page({ kind: 'custom', limit: 1, cursor: single.pagination.cursor }), 200).body as OutboxPage;
    if (next.items[0]?.id !== first.items[1].id) fail("the cursor does not lead to the list's next email");
    expectError(await page({ kind: 'newsletter', limit: 1, cursor: single.pagination.cursor }), 400);
    // Past the last email of one instant, the cursor leads to the next older one.
    const batch = expectStatus(await page({ kind: 'custom', limit: emails.length }), 200).body as OutboxPage;
    const after = expectStatus(await page({ kind: 'custom', limit: 1, cursor: batch.pagination.cursor }), 200).body as OutboxPage;
    if (after.items[0]?.id !== whole.items[emails.length]?.id) fail("past a page's last email, the cursor does not lead to the next older email");
    expectStatus(await page({ kind: 'custom', limit: 10_000 }), 200);
    for (const limit of [0, 10_001, 'some']) expectError(await page({ limit }), 400);
    const all = expectStatus(await page({ kind: 'custom', limit: 'all' }), 200).body as OutboxPage;
    const { pagination } = all;
    if (all.items.length <= 100 || pagination.hasMore || pagination.cursor !== '' || pagination.total !== all.items.length)
      fail(`limit=all answered ${all.items.length} emails with ${JSON.stringify(pagination)}, expected every custom email, no more to come, total ${all.items.length}`);

    // Queued after the clock was set back, an email is older than those queued before it: createdAt decides, not the order of queuing.
    const { now } = await ctx.control.clock();
    await ctx.control.setClock(now - 60_000);
    const setBack = ctx.names.email('page-set-back');
    expectOk(await realSend(ctx, { subject: ctx.names.title('set back'), body: 'set back', emails: [setBack] }), CustomEmailResult);
    await ctx.control.advanceClock(60_000);
    const listed = (expectStatus(await page({ kind: 'custom', limit: 'all' }), 200).body as OutboxPage).items;
    if (listed.findIndex((e) => e.to === setBack) < listed.findIndex((e) => e.to === emails[0]))
      fail('an email queued after the clock was set back a minute is listed above the newer emails queued before it');

    const one = expectStatus(await ctx.api.anonymous.get(`/_control/outbox/${oneEmail.id}`), 200).body as OutboxEmail;
    if (one.id !== oneEmail.id || one.to !== oneEmail.to || one.subject !== oneEmail.subject) fail(`GET /_control/outbox/${oneEmail.id} answered another email: ${one.id}`);
    expectError(await ctx.api.anonymous.get('/_control/outbox/em_99999999x'), 404);
  },
  { profile: ['side-effects'], needs: ['control:outbox', 'control:clock'], timeout: 60_000 },
);

rule(['control.outbox.clear'], 'DELETE /_control/outbox answers {success: true, deleted} with the number of emails it removed', async (ctx) => {
  await notificationsOn(ctx);
  expectStatus(await addSubscriber(ctx, { email: ctx.names.email('ob-count') }), 200);
  const held = (await ctx.control.outbox({ limit: 'all' })).length;
  const res = expectStatus(await ctx.api.anonymous.delete('/_control/outbox'), 200);
  if (JSON.stringify(res.body) !== JSON.stringify({ success: true, deleted: held })) fail(`DELETE /_control/outbox answered ${res.text}, expected {"success":true,"deleted":${held}}`);
}, { needs: ['publicationIds', 'control:outbox'] });

rule(
  ['emails.control.approval'],
  'POST /_control/publications/{id}/custom-email {approved} answers {publicationId, customEmailApproved} and sets it; an unknown publication answers 404',
  async (ctx) => {
    const publicationId = publicationA(ctx);
    const set = (id: string, approved: boolean) => ctx.api.anonymous.post(`/_control/publications/${id}/custom-email`, { approved });
    const answered = expectStatus(await set(publicationId, false), 200);
    try {
      if (JSON.stringify(answered.body) !== JSON.stringify({ publicationId, customEmailApproved: false })) fail(`the approval answered ${answered.text}`);
      // The refusal says what to do (a message, not an empty one).
      expectError(await ctx.api.post('/v1/emails/send', { subject: 's', body: 'b', emails: [ctx.names.email('appr')], dryRun: true }), 403);
    } finally {
      expectStatus(await set(publicationId, true), 200);
    }
    expectError(await set(`${publicationId}x`, true), 404);
  },
  { needs: ['publicationIds', 'control:custom-email-approval'] },
);

rule(['emails.unsubscribe.control'], 'POST /_control/unsubscribe with an unknown token, or an address of an unknown publication, answers 404 and changes nothing', async (ctx) => {
  const publicationId = publicationA(ctx);
  const email = ctx.names.email('unsub-unknown');
  const unsubscribe = (body: unknown) => ctx.api.anonymous.post('/_control/unsubscribe', body);
  expectError(await unsubscribe({ token: 'A'.repeat(32) }), 404);
  expectError(await unsubscribe({ publicationId: `${publicationId}x`, email }), 404);
  const suppressed = await ctx.control.call<{ items: { email: string }[] }>('GET', '/_control/suppressions');
  if (suppressed.items.some((s) => s.email === email)) fail(`${email} was suppressed by a refused unsubscribe`);
}, { needs: ['publicationIds', 'control:unsubscribe', 'control:suppressions'] });

rule(['emails.unsubscribe.control'], "POST /_control/unsubscribe by address answers success and purpose subscriber; GET /_control/suppressions?publicationId lists the address for that publication only", async (ctx) => {
  const publicationId = publicationA(ctx);
  const other = ctx.target.publications.b?.id;
  if (!other) return ctx.skip('the id of publication B is unknown');
  const email = ctx.names.email('unsub-address');
  ctx.created.add(`lift suppression of ${email}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email }));
  const answer = await ctx.control.call<{ success: boolean; changed: boolean; purpose: string }>('POST', '/_control/unsubscribe', { publicationId, email });
  if (answer.success !== true || answer.changed !== true || answer.purpose !== 'subscriber') fail(`unsubscribing ${email} answered ${JSON.stringify(answer)}`);
  const listed = async (id: string) =>
    (await ctx.control.call<{ items: { email: string; publicationId: string }[] }>('GET', `/_control/suppressions?publicationId=${encodeURIComponent(id)}`)).items;
  if (!(await listed(publicationId)).some((s) => s.email === email)) fail(`GET /_control/suppressions?publicationId=${publicationId} does not list ${email}`);
  const elsewhere = await listed(other);
  if (elsewhere.some((s) => s.publicationId !== other)) fail("GET /_control/suppressions?publicationId lists another publication's suppressions");
}, { needs: ['publicationIds', 'secondKey', 'control:unsubscribe', 'control:suppressions'] });
