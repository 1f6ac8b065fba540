/**
 * The one owner-side notification (SPEC.md › Events): with
 * emailNotifications.newSubscriber on, a new free subscriber emails the
 * writer; off, nobody. The setting is restored after each test.
 */
import { Publication } from '../../../schemas/publications.js';
import { expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { publicationA, type OutboxEmail } from './emails.js';

async function withNotifications(ctx: RuleContext, on: boolean, fn: () => Promise<void>): Promise<void> {
  const id = publicationA(ctx);
  const before = expectOk(await ctx.api.get(`/v1/publications/${id}`), Publication).emailNotifications?.newSubscriber ?? true;
  expectStatus(await ctx.api.patch(`/v1/publications/${id}`, { emailNotifications: { newSubscriber: on } }), 200);
  try {
    await fn();
  } finally {
    await ctx.api.patch(`/v1/publications/${id}`, { emailNotifications: { newSubscriber: before } });
  }
}

/** Owner notifications queued since `since` (the target's clock) that mention this subscriber address: not the whole outbox of a long-running target. */
async function notificationsAbout(ctx: RuleContext, email: string, since: number): Promise<OutboxEmail[]> {
  const recent = await ctx.control.outboxSince<OutboxEmail>(since, { kind: 'owner_notification' });
  return recent.filter((e) => e.text.includes(email) || e.html.includes(email));
}

rule(['events.new-subscriber.off'], 'with newSubscriber notifications off, a new subscriber emails nobody', async (ctx) => {
  await withNotifications(ctx, false, async () => {
    const email = ctx.names.email('quiet-fan');
    const since = (await ctx.control.clock()).now;
    expectStatus(await addSubscriber(ctx, { email }), 200);
    const sent = await notificationsAbout(ctx, email, since);
    if (sent.length > 0) fail(`${sent.length} notification(s) went out about ${email} with notifications off`);
  });
}, { needs: ['publicationIds', 'control:outbox', 'control:clock'] });

rule(['events.new-subscriber.notify'], 'with newSubscriber notifications on, a new free subscriber emails the writer once', async (ctx) => {
  await withNotifications(ctx, true, async () => {
    const email = ctx.names.email('fan');
    const since = (await ctx.control.clock()).now;
    expectStatus(await addSubscriber(ctx, { email }), 200);
    expectStatus(await addSubscriber(ctx, { email }), 200);
    const sent = await notificationsAbout(ctx, email, since);
    if (sent.length !== 1) fail(`${sent.length} notification(s) went out about ${email}, expected 1 (adding it again is not a new subscriber)`);
  });
}, { profile: 'side-effects', needs: ['publicationIds', 'control:outbox', 'control:clock'] });
