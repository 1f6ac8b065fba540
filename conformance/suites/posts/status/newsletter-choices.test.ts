/**
 * What becomes of a scheduled post's newsletter where SPEC.md is silent, as
 * the reference chose (docs/spec-gaps.md, Posts): the newsletter belongs to
 * the schedule, so cancelling the schedule drops it, publishing at once
 * sends only what that request asks for, and an edit that keeps the schedule
 * keeps its newsletter unless sendNewsletter is sent again. Emailing is a
 * side effect, read from the control API's outbox after moving its clock.
 */
import { fail, rule, type RuleContext, type RuleOptions } from '../../../src/authoring/index.js';
import { createDraft, readOwnPost, updatePost } from '../support/posts-api.js';
import { withScheduleTimes } from '../support/schedule.js';
import { HOUR_MS } from '../support/server-time.js';

/** Each test moves the clock and counts the newsletters in the outbox: emailing is a side effect. */
const READ_FROM_THE_OUTBOX: RuleOptions = { needs: ['apiKey', 'control:clock', 'control:outbox'], profile: 'side-effects' };

async function newslettersOf(ctx: RuleContext, postId: string): Promise<number> {
  return (await ctx.control.outbox({ postId, kind: 'newsletter' })).length;
}

/** A draft scheduled one day ahead with `sendNewsletter`; answers its id and the time. */
async function scheduled(ctx: RuleContext, label: string, at: number, sendNewsletter: boolean): Promise<string> {
  const id = await createDraft(ctx, label);
  await updatePost(ctx, id, { scheduledAt: at, sendNewsletter });
  return id;
}

/** Moves the clock an hour past `at`, so a schedule still queued for `at` has run. */
async function passTime(ctx: RuleContext, at: number): Promise<void> {
  const { now } = await ctx.control.clock();
  if (now <= at + HOUR_MS) await ctx.control.advanceClock(at + HOUR_MS - now);
}

rule(
  ['posts.schedule.publish-now-newsletter'],
  "a scheduled post updated with status published publishes at once with that request's sendNewsletter, not the schedule's",
  async (ctx) => {
    await withScheduleTimes(ctx, async (times) => {
      const dropped = await scheduled(ctx, 'scheduled with a newsletter, published without', times.soon, true);
      const asked = await scheduled(ctx, 'scheduled without a newsletter, published with', times.soon, false);
      await updatePost(ctx, dropped, { status: 'published' });
      await updatePost(ctx, asked, { status: 'published', sendNewsletter: true });
      await passTime(ctx, times.soon);
      if ((await newslettersOf(ctx, dropped)) > 0) fail("publishing a scheduled post without sendNewsletter sent the schedule's newsletter");
      if ((await newslettersOf(ctx, asked)) === 0) fail('publishing a scheduled post with sendNewsletter true sent no newsletter');
    });
  },
  READ_FROM_THE_OUTBOX,
);

rule(
  ['posts.schedule.cancel-drops-newsletter'],
  'cancelling a schedule drops its newsletter: scheduled again without sendNewsletter, the post publishes without one',
  async (ctx) => {
    await withScheduleTimes(ctx, async (times) => {
      const id = await scheduled(ctx, 'newsletter dropped with its schedule', times.soon, true);
      await updatePost(ctx, id, { scheduledAt: null });
      await updatePost(ctx, id, { scheduledAt: times.soon });
      await passTime(ctx, times.soon);
      const status = (await readOwnPost(ctx, id)).status;
      if (status !== 'published') fail(`the post scheduled again did not publish at its time: it is ${status}`);
      if ((await newslettersOf(ctx, id)) > 0) fail('the newsletter of a cancelled schedule went out with the next schedule');
    });
  },
  READ_FROM_THE_OUTBOX,
);

rule(
  ['posts.schedule.edit-keeps-newsletter'],
  'an edit that keeps a schedule keeps its newsletter unless sendNewsletter is sent again',
  async (ctx) => {
    await withScheduleTimes(ctx, async (times) => {
      const kept = await scheduled(ctx, 'edited, newsletter kept', times.soon, true);
      const withdrawn = await scheduled(ctx, 'edited, newsletter withdrawn', times.soon, true);
      await updatePost(ctx, kept, { subtitle: 'Edited while scheduled', status: 'draft' });
      await updatePost(ctx, withdrawn, { sendNewsletter: false });
      if ((await newslettersOf(ctx, kept)) > 0) fail('editing a scheduled post sent its newsletter before its time');
      await passTime(ctx, times.soon);
      for (const id of [kept, withdrawn]) {
        const status = (await readOwnPost(ctx, id)).status;
        if (status !== 'published') fail(`a scheduled post edited without scheduledAt did not publish at its time: it is ${status}`);
      }
      if ((await newslettersOf(ctx, kept)) === 0) fail('a scheduled post edited without sendNewsletter published without its newsletter');
      if ((await newslettersOf(ctx, withdrawn)) > 0) fail('a scheduled post updated with sendNewsletter false still sent its newsletter');
    });
  },
  READ_FROM_THE_OUTBOX,
);
