/**
 * sendNewsletter true: the newsletter goes out when the post publishes, at
 * once or at its scheduled time. Emailing subscribers is a side effect, so
 * these tests are in the side-effects profile (never on by default), and
 * they read what was sent from the control API's outbox, so they run only
 * against a target that has one (the reference or a test instance).
 */
import { expectOk, fail, rule, type RuleContext } from '../../../src/authoring/index.js';
import { PostCreated } from '../../../../schemas/posts.js';
import { createDraft, postCreate, readOwnPost, updatePost } from '../support/posts-api.js';
import { withScheduleTimes } from '../support/schedule.js';
import { markedTitle } from '../support/titles.js';

async function newslettersOf(ctx: RuleContext, postId: string): Promise<number> {
  return (await ctx.control.outbox({ postId, kind: 'newsletter' })).length;
}

rule(
  ['posts.create.send-newsletter'],
  'a post created with sendNewsletter true emails the subscribers as it publishes',
  async (ctx) => {
    const created = expectOk(await postCreate(ctx, { title: markedTitle(ctx.runId, 'newsletter on create'), markdown: 'Hello subscribers.', sendNewsletter: true }), PostCreated);
    if (created.status !== 'published') fail(`the post created with sendNewsletter answered status ${created.status}`);
    if ((await newslettersOf(ctx, created.id)) === 0) fail(`publishing ${created.id} with sendNewsletter true queued no newsletter`);
  },
  { needs: ['apiKey', 'control:outbox'], profile: 'side-effects' },
);

rule(
  ['posts.send-newsletter.true-forms'],
  'sendNewsletter "true" and "1" count as true, on create and on update',
  async (ctx) => {
    for (const form of ['true', '1', true]) {
      const created = expectOk(await postCreate(ctx, { title: markedTitle(ctx.runId, `newsletter ${String(form)}`), markdown: 'Hello.', sendNewsletter: form }), PostCreated);
      if ((await newslettersOf(ctx, created.id)) === 0) fail(`sendNewsletter ${JSON.stringify(form)} on create queued no newsletter`);
      const draft = await createDraft(ctx, `newsletter ${String(form)} on update`);
      await updatePost(ctx, draft, { status: 'published', sendNewsletter: form });
      if ((await newslettersOf(ctx, draft)) === 0) fail(`sendNewsletter ${JSON.stringify(form)} on update queued no newsletter`);
    }
  },
  { needs: ['apiKey', 'control:outbox'], profile: 'side-effects' },
);

rule(
  ['posts.schedule.newsletter-at-publish'],
  'a scheduled post with sendNewsletter true sends its newsletter at its scheduled time, not before',
  async (ctx) => {
    const { id, at } = await withScheduleTimes(ctx, async (times) => {
      const draft = await createDraft(ctx, 'newsletter when scheduled');
      await updatePost(ctx, draft, { scheduledAt: times.soon, sendNewsletter: true });
      return { id: draft, at: times.soon };
    });
    if ((await newslettersOf(ctx, id)) > 0) fail('the newsletter of a scheduled post went out before its time');
    const { now } = await ctx.control.clock();
    await ctx.control.advanceClock(Math.max(0, at - now) + 60_000);
    if ((await readOwnPost(ctx, id)).status !== 'published') fail('the scheduled post did not publish at its time');
    if ((await newslettersOf(ctx, id)) === 0) fail('the scheduled post published without its newsletter');
  },
  { needs: ['apiKey', 'control:clock', 'control:outbox'], profile: 'side-effects' },
);
