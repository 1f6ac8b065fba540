/**
 * The outbox of the test-control API (DESIGN.md): every email the service
 * would have sent, newest first, filterable; DELETE empties it. Emails are
 * produced by dry-run-free means that email nobody real: owner notifications
 * of new subscribers (the writer's own address on a test target).
 */
import { Publication } from '../../../schemas/publications.js';
import { expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { publicationA, type OutboxEmail } from './emails.js';

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
