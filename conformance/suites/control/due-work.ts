/**
 * Scheduled posts for the clock tests: a post put on the clock at a given
 * time, either by POST /v1/posts with scheduledAt or by scheduling a draft
 * with PUT (the two ways SPEC.md's States table gives), one move of the
 * frozen clock, and the post's state read back after it. Times are offsets
 * from the frozen "now" of the test, so messages can say "now+2h" instead of
 * an epoch.
 */
import { PostCreated } from '../../../schemas/posts.js';
import { expectOk, fail, type RuleContext } from '../../src/authoring/index.js';
import { createDraft, postCreate, readOwnPost, updatePost } from '../posts/support/posts-api.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../posts/support/server-time.js';
import { markedTitle } from '../posts/support/titles.js';

export type ScheduleVia = 'create' | 'update';
export type Move = 'advanceMs' | 'to';

export interface ScheduledPost {
  id: string;
  /** scheduledAt, Unix ms. */
  at: number;
  label: string;
}

/** "now+1h30m", "now+45s": an offset in words, for failure messages. */
export function offsetText(ms: number): string {
  const units: [number, string][] = [[DAY_MS, 'd'], [HOUR_MS, 'h'], [MINUTE_MS, 'm'], [1_000, 's'], [1, 'ms']];
  let rest = Math.abs(ms);
  let text = '';
  for (const [size, unit] of units) {
    if (rest >= size) {
      text += `${Math.floor(rest / size)}${unit}`;
      rest %= size;
    }
  }
  return `now${ms < 0 ? '-' : '+'}${text || '0ms'}`;
}

/** Puts a new post on the clock at `at`, with `extra` fields (e.g. sendNewsletter) on the request that schedules it. */
export async function schedulePost(
  ctx: RuleContext,
  label: string,
  at: number,
  via: ScheduleVia,
  extra: Record<string, unknown> = {},
): Promise<ScheduledPost> {
  if (via === 'create') {
    const body = { title: markedTitle(ctx.runId, label), markdown: `Conformance probe: ${label}.`, scheduledAt: at, ...extra };
    const created = expectOk(await postCreate(ctx, body), PostCreated);
    if (created.status !== 'scheduled') fail(`precondition: POST /v1/posts with scheduledAt answered status ${created.status}, not scheduled`);
    return { id: created.id, at, label };
  }
  const id = await createDraft(ctx, label);
  await updatePost(ctx, id, { scheduledAt: at, ...extra });
  const status = (await readOwnPost(ctx, id)).status;
  if (status !== 'scheduled') fail(`precondition: a draft updated with scheduledAt reads back as ${status}, not scheduled`);
  return { id, at, label };
}

/**
 * Once the clock has reached `reached`: a post due by then must be published, with
 * publishedAt its own scheduledAt (the work ran as of its time, not as of the
 * time the clock was moved to); a post not due yet must still be scheduled.
 */
export async function expectPublishedIfDue(ctx: RuleContext, post: ScheduledPost, reached: number, start: number, moved: string): Promise<void> {
  const read = await readOwnPost(ctx, post.id);
  const where = `${moved}; the post "${post.label}" scheduled for ${offsetText(post.at - start)}`;
  if (post.at > reached) {
    if (read.status !== 'scheduled') fail(`${where} (not due yet) is ${read.status}, expected still scheduled`);
    if (read.publishedAt !== undefined) fail(`${where} (not due yet) has publishedAt ${read.publishedAt}`);
    return;
  }
  if (read.status !== 'published') fail(`${where} is ${read.status} right after the clock answered, expected published`);
  if (Number(read.publishedAt) !== post.at)
    fail(`${where} has publishedAt ${read.publishedAt} (${offsetText(Number(read.publishedAt) - start)}), expected its scheduledAt ${post.at}`);
}

/** Moves the frozen clock from `start` to `target` in one request; answers the words failure messages start with. */
export async function moveClock(ctx: RuleContext, how: Move, start: number, target: number): Promise<string> {
  const request = how === 'to' ? `POST /_control/clock {to: ${offsetText(target - start)}}` : `POST /_control/clock {advanceMs: ${target - start}}`;
  const answer = how === 'to' ? await ctx.control.setClock(target) : await ctx.control.advanceClock(target - start);
  if (answer.now !== target) fail(`${request} on a frozen clock answered now ${offsetText(answer.now - start)}`);
  return `after ${request}`;
}

/**
 * Archives the posts now (status archived cancels a schedule), best effort:
 * a post left on the clock by one property run would fall due in the next
 * and blur its counterexample.
 */
export async function archivePosts(ctx: RuleContext, posts: ScheduledPost[]): Promise<void> {
  for (const post of posts) await ctx.api.put(`/v1/posts/${encodeURIComponent(post.id)}`, { status: 'archived' });
}
