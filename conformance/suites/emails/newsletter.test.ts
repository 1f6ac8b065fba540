/**
 * Newsletters on publish, counted through the outbox of the control API:
 * none without sendNewsletter; with it, exactly one per active subscriber
 * with an email address (none to suppressed addresses, wallet-only
 * subscribers get nothing), at once or when the clock reaches scheduledAt,
 * and never a second time for the same post.
 */
import { PostCreated } from '../../../schemas/posts.js';
import { SuccessBody } from '../../../schemas/common.js';
import { expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { createPublished, postCreate } from '../posts/support/posts-api.js';
import { addSubscriber, listAll } from '../subscribers/subscribers.js';
import { publicationA, type OutboxEmail } from './emails.js';

const newsletters = (ctx: RuleContext, postId: string) => ctx.control.outbox<OutboxEmail>({ kind: 'newsletter', postId, limit: 'all' });

/** Adds subscribers of every kind (one unsubscribed) and answers the addresses that should get a newsletter. */
async function audience(ctx: RuleContext): Promise<{ expected: string[]; suppressed: string }> {
  const publicationId = publicationA(ctx);
  const suppressed = ctx.names.email('nl-gone');
  expectStatus(await addSubscriber(ctx, { email: ctx.names.email('nl-a') }), 200);
  expectStatus(await addSubscriber(ctx, { email: ctx.names.email('nl-b'), wallet: ctx.names.wallet() }), 200);
  expectStatus(await addSubscriber(ctx, { wallet: ctx.names.wallet() }), 200);
  expectStatus(await addSubscriber(ctx, { email: suppressed }), 200);
  await ctx.control.call('POST', '/_control/unsubscribe', { publicationId, email: suppressed });
  ctx.created.add(`lift suppression of ${suppressed}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email: suppressed }));
  const expected = (await listAll(ctx)).flatMap((s) => (s.email ? [s.email.toLowerCase()] : []));
  return { expected, suppressed };
}

function expectExactlyOnce(letters: OutboxEmail[], expected: string[], suppressed: string): void {
  const to = letters.map((l) => l.to.toLowerCase());
  const counts = new Map<string, number>();
  for (const t of to) counts.set(t, (counts.get(t) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([t]) => t);
  if (twice.length > 0) fail(`${twice.length} subscriber(s) got the newsletter more than once, e.g. ${twice[0]}`);
  if (counts.has(suppressed)) fail(`the unsubscribed address ${suppressed} got the newsletter`);
  const missing = expected.filter((e) => !counts.has(e));
  if (missing.length > 0) fail(`${missing.length} of ${expected.length} active subscribers got no newsletter, e.g. ${missing[0]}`);
  const extra = to.filter((t) => !expected.includes(t));
  if (extra.length > 0) fail(`the newsletter went to ${extra.length} address(es) that are not active subscribers, e.g. ${extra[0]}`);
}

rule(['events.newsletter.not-without-flag'], 'a post published without sendNewsletter sends no newsletter', async (ctx) => {
  const postId = await createPublished(ctx, 'no newsletter');
  const letters = await newsletters(ctx, postId);
  if (letters.length > 0) fail(`${letters.length} newsletter email(s) went out for a post published without sendNewsletter`);
}, { needs: ['control:outbox'] });

rule(
  ['events.newsletter.on-publish', 'emails.newsletter.eligible-once'],
  'publishing with sendNewsletter emails each active subscriber with an address exactly once, and publishing again sends nothing more',
  async (ctx) => {
    const { expected, suppressed } = await audience(ctx);
    const postId = await createPublished(ctx, 'newsletter now', { sendNewsletter: true });
    expectExactlyOnce(await newsletters(ctx, postId), expected, suppressed);
    expectOk(await ctx.api.put(`/v1/posts/${postId}`, { status: 'published', sendNewsletter: true }), SuccessBody);
    expectOk(await ctx.api.put(`/v1/posts/${postId}`, { status: 'draft' }), SuccessBody);
    expectOk(await ctx.api.put(`/v1/posts/${postId}`, { status: 'published', sendNewsletter: true }), SuccessBody);
    expectExactlyOnce(await newsletters(ctx, postId), expected, suppressed);
  },
  { profile: ['side-effects', 'extended'], needs: ['control:outbox', 'control:unsubscribe'], timeout: 120_000 },
);

rule(
  ['events.newsletter.on-publish', 'emails.newsletter.eligible-once'],
  'a scheduled post with sendNewsletter emails its subscribers when the clock reaches scheduledAt, once',
  async (ctx) => {
    const { expected, suppressed } = await audience(ctx);
    // Frozen, so that "a millisecond before" stays before while the requests run.
    const { now } = await ctx.control.freezeClock(true);
    try {
      const scheduledAt = now + 3_600_000;
      const res = await postCreate(ctx, { title: ctx.names.title('newsletter later'), markdown: 'Later.', scheduledAt, sendNewsletter: true });
      const created = expectOk(res, PostCreated);
      if (created.status !== 'scheduled') fail(`the post was created ${created.status}, not scheduled`);
      if ((await newsletters(ctx, created.id)).length > 0) fail('the newsletter went out before scheduledAt');
      await ctx.control.setClock(scheduledAt - 1);
      if ((await newsletters(ctx, created.id)).length > 0) fail('the newsletter went out a millisecond before scheduledAt');
      await ctx.control.setClock(scheduledAt + 5_000);
      expectExactlyOnce(await newsletters(ctx, created.id), expected, suppressed);
      await ctx.control.advanceClock(86_400_000);
      expectExactlyOnce(await newsletters(ctx, created.id), expected, suppressed);
    } finally {
      await ctx.control.freezeClock(false);
    }
  },
  { profile: ['side-effects', 'extended'], needs: ['control:outbox', 'control:clock', 'control:unsubscribe'], timeout: 120_000 },
);
