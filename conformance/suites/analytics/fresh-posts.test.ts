/**
 * analytics.data.fresh for posts: a post's rows of `posts` follow what the
 * API does to it, edits, a publish by its schedule and a delete, in the very
 * next query.
 */
import { SuccessBody } from '../../../schemas/common.js';
import { expectOk, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { createDraft, updatePost } from '../posts/support/posts-api.js';
import { HOUR_MS } from '../posts/support/server-time.js';
import { withScheduleTimes } from '../posts/support/schedule.js';
import { count, literal, select } from './support.js';

async function postRow(ctx: RuleContext, id: string): Promise<Record<string, unknown>> {
  const rows = (await select(ctx.api, `SELECT title, status FROM posts WHERE id = ${literal(id)}`)).rows;
  if (rows.length !== 1) fail(`the post ${id} has ${rows.length} rows in posts (draft_of null), expected one`);
  return rows[0];
}

rule(
  ['analytics.data.fresh'],
  "a post's row of posts shows its new title right after an edit, its status published right after its schedule ran, and goes with its draft row when the post is deleted",
  async (ctx) => {
    // A query first: a target that builds its analytics data when first asked must still follow later edits.
    await count(ctx.api, 'SELECT count(*) FROM posts');
    const id = await createDraft(ctx, 'analytics fresh edit');
    const title = ctx.names.title('analytics fresh edit, renamed');
    await updatePost(ctx, id, { title });
    const edited = await postRow(ctx, id);
    if (edited.title !== title) fail(`after renaming the post to "${title}", its row of posts has title ${JSON.stringify(edited.title)}`);

    await withScheduleTimes(ctx, async (times) => {
      await updatePost(ctx, id, { scheduledAt: times.soon });
      await ctx.control.advanceClock(times.soon + HOUR_MS - times.now);
    });
    const published = await postRow(ctx, id);
    if (published.status !== 'published') fail(`after its schedule ran, the post's row of posts has status ${JSON.stringify(published.status)}, expected published`);

    expectOk(await ctx.api.delete(`/v1/posts/${id}`), SuccessBody);
    const left = await count(ctx.api, `SELECT count(*) FROM posts WHERE id = ${literal(id)} OR draft_of = ${literal(id)}`);
    if (left !== 0) fail(`the deleted post still has ${left} rows in posts (its own or its draft row)`);
  },
  { needs: ['apiKey', 'control:clock'] },
);
