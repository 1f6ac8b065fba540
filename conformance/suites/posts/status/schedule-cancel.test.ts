/**
 * Cancelling and keeping a schedule (SPEC.md, Post status): scheduledAt
 * null cancels; status published or archived without scheduledAt cancels;
 * status draft without scheduledAt keeps the schedule; rescheduling is
 * cancel, then schedule again. Where the target's clock can be moved, the
 * tests also let the old time pass and see that a cancelled schedule does
 * not publish (and a kept one does).
 */
import { fail, rule, type RuleContext } from '../../../src/authoring/index.js';
import { HOUR_MS } from '../support/server-time.js';
import { createDraft, readOwnPost, updatePost } from '../support/posts-api.js';
import { requirePublishing } from '../support/publishing.js';
import { withScheduleTimes } from '../support/schedule.js';

/** A draft scheduled `soon` (one day ahead); answers its id and the time. */
async function scheduledPost(ctx: RuleContext, label: string): Promise<{ id: string; at: number }> {
  requirePublishing(ctx);
  return withScheduleTimes(ctx, async (times) => {
    const id = await createDraft(ctx, label);
    await updatePost(ctx, id, { scheduledAt: times.soon });
    const status = (await readOwnPost(ctx, id)).status;
    if (status !== 'scheduled') fail(`precondition: the draft updated with scheduledAt reads back as ${status}`);
    return { id, at: times.soon };
  });
}

/** With a controllable clock: moves it past `at` (plus an hour) and answers true; else false. */
async function passTime(ctx: RuleContext, at: number): Promise<boolean> {
  if (!ctx.target.control.capabilities.includes('clock')) return false;
  const { now } = await ctx.control.clock();
  if (now <= at + HOUR_MS) await ctx.control.advanceClock(at + HOUR_MS - now);
  return true;
}

async function statusOf(ctx: RuleContext, id: string): Promise<string | undefined> {
  return (await readOwnPost(ctx, id)).status;
}

rule(
  ['posts.schedule.cancel-null'],
  'scheduledAt null, with or without status draft, cancels the schedule: the post is a draft and is not published when the time comes',
  async (ctx) => {
    const { id, at } = await scheduledPost(ctx, 'cancel with null');
    const withStatus = await scheduledPost(ctx, 'cancel with null and status draft');
    await updatePost(ctx, id, { scheduledAt: null });
    await updatePost(ctx, withStatus.id, { scheduledAt: null, status: 'draft' });
    for (const cancelled of [id, withStatus.id]) {
      const status = await statusOf(ctx, cancelled);
      if (status !== 'draft') fail(`scheduledAt null left the post ${status}, expected a draft`);
    }
    if (await passTime(ctx, Math.max(at, withStatus.at))) {
      for (const cancelled of [id, withStatus.id]) {
        const later = await statusOf(ctx, cancelled);
        if (later !== 'draft') fail(`the cancelled schedule still ran: after its time the post is ${later}`);
      }
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.cancel-by-status'],
  'status published or archived without scheduledAt cancels the schedule (the post is then published or archived)',
  async (ctx) => {
    const toPublish = await scheduledPost(ctx, 'cancel by publishing');
    const toArchive = await scheduledPost(ctx, 'cancel by archiving');
    await updatePost(ctx, toPublish.id, { status: 'published' });
    await updatePost(ctx, toArchive.id, { status: 'archived' });
    const published = await readOwnPost(ctx, toPublish.id);
    if (published.status !== 'published') fail(`a scheduled post updated with status published reads back as ${published.status}`);
    if (published.publishedAt === undefined) fail('a scheduled post updated with status published has no publishedAt');
    const archived = await statusOf(ctx, toArchive.id);
    if (archived !== 'archived') fail(`a scheduled post updated with status archived reads back as ${archived}`);
    if (await passTime(ctx, Math.max(toPublish.at, toArchive.at))) {
      const later = await readOwnPost(ctx, toPublish.id);
      if (later.publishedAt !== published.publishedAt) fail(`the cancelled schedule ran again: publishedAt moved from ${published.publishedAt} to ${later.publishedAt}`);
      const archivedLater = await statusOf(ctx, toArchive.id);
      if (archivedLater !== 'archived') fail(`the cancelled schedule of an archived post ran: it is now ${archivedLater}`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.draft-keeps'],
  'status draft without scheduledAt keeps the schedule: the post is published when the time comes',
  async (ctx) => {
    const { id, at } = await scheduledPost(ctx, 'draft keeps schedule');
    await updatePost(ctx, id, { status: 'draft' });
    const status = await statusOf(ctx, id);
    if (status === 'published' || status === 'archived') fail(`status draft on a scheduled post made it ${status}`);
    if (!(await passTime(ctx, at))) return ctx.skip('capability missing: control:clock (the kept schedule can only be seen to run by moving the clock)');
    const later = await statusOf(ctx, id);
    if (later !== 'published') fail(`the kept schedule did not run: after its time the post is ${later}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.reschedule-cancel-first'],
  'a scheduled post is rescheduled by cancelling, then scheduling again; it is published at the new time only',
  async (ctx) => {
    const { id, at } = await scheduledPost(ctx, 'reschedule');
    await updatePost(ctx, id, { scheduledAt: null });
    const newAt = at + 2 * HOUR_MS;
    await updatePost(ctx, id, { scheduledAt: newAt });
    const status = await statusOf(ctx, id);
    if (status !== 'scheduled') fail(`scheduled again after cancelling, the post is ${status}`);
    if (await passTime(ctx, at)) {
      // passTime moved to one hour after the old time: before the new one.
      const between = await statusOf(ctx, id);
      if (between !== 'scheduled') fail(`between the old and the new time the post is ${between}; only the new schedule may run`);
      await passTime(ctx, newAt);
      const later = await readOwnPost(ctx, id);
      if (later.status !== 'published') fail(`after the new time the post is ${later.status}, expected published`);
      if (Number(later.publishedAt) < newAt) fail(`publishedAt ${later.publishedAt} is before the new scheduled time ${newAt}`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.publishes-at-time'],
  'a scheduled post is published when its time is reached, not before',
  async (ctx) => {
    const { id, at } = await scheduledPost(ctx, 'publishes at its time');
    const { now } = await ctx.control.clock();
    await ctx.control.advanceClock(Math.max(0, at - now - HOUR_MS));
    const before = await statusOf(ctx, id);
    if (before !== 'scheduled') fail(`an hour before its time the scheduled post is ${before}`);
    await passTime(ctx, at);
    const after = await readOwnPost(ctx, id);
    if (after.status !== 'published') fail(`after its time the scheduled post is ${after.status}`);
    const publishedAt = Number(after.publishedAt);
    if (!(publishedAt >= at)) fail(`publishedAt ${after.publishedAt} is before the scheduled time ${at}`);
  },
  { needs: ['apiKey', 'control:clock'] },
);
