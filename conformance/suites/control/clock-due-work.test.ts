/**
 * POST /_control/clock runs everything that falls due, in time order, before
 * it answers (DESIGN.md, the test-control API). Seen through HTTP only: right
 * after one move of a frozen clock (no waiting, no polling) every post whose
 * scheduledAt was reached is published as of that time and later ones are
 * still scheduled, however the posts were created and in whatever order; and
 * a timed content send due among them was delivered at its own time too.
 * Newsletters and their delivery: clock-due-newsletters.test.ts.
 */
import { fail, fc, rule } from '../../src/authoring/index.js';
import { HOUR_MS, MINUTE_MS, withFrozenClock } from '../posts/support/server-time.js';
import { createPiece, draftOf, getPiece } from '../content/support/content-api.js';
import { CONTENT_SENDS, sendStep } from '../content/support/sends.js';
import { archivePosts, expectPublishedIfDue, moveClock, offsetText, schedulePost, type Move, type ScheduledPost, type ScheduleVia } from './due-work.js';

interface Plan {
  /** Offsets from now, in creation order, which is never the order of the times. */
  posts: { offsetMs: number; via: ScheduleVia }[];
  /** How many of them (the earliest) the move reaches. */
  dueCount: number;
  /** Move exactly onto the last due post's time, rather than between two posts. */
  onEdge: boolean;
  move: Move;
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] < x);

const plans: fc.Arbitrary<Plan> = fc
  .uniqueArray(
    fc.record({
      offsetMs: fc.integer({ min: 1, max: 3 * 24 * 60 }).map((minutes) => minutes * MINUTE_MS),
      via: fc.constantFrom<ScheduleVia>('create', 'update'),
    }),
    { minLength: 3, maxLength: 5, selector: (p) => p.offsetMs },
  )
  .filter((posts) => !ascending(posts.map((p) => p.offsetMs)))
  .chain((posts) =>
    fc.record({
      posts: fc.constant(posts),
      dueCount: fc.integer({ min: 1, max: posts.length }),
      onEdge: fc.boolean(),
      move: fc.constantFrom<Move>('advanceMs', 'to'),
    }),
  );

/** Where the plan moves the clock, as an offset from the start. */
function targetOffset(plan: Plan): number {
  const times = plan.posts.map((p) => p.offsetMs).sort((a, b) => a - b);
  const lastDue = times[plan.dueCount - 1];
  if (plan.onEdge) return lastDue; // a post exactly at the clock's new time is due
  const firstLater = times[plan.dueCount];
  return firstLater === undefined ? lastDue + HOUR_MS : Math.floor((lastDue + firstLater) / 2);
}

rule(
  ['control.clock.runs-due-work'],
  'one move of the clock ({advanceMs} or {to}) publishes every post that fell due, each as of its scheduledAt, before answering, and leaves later ones scheduled',
  async (ctx) => {
    await ctx.check(plans, async (plan) => {
      await withFrozenClock(ctx, async (start) => {
        const posts: ScheduledPost[] = [];
        try {
          for (const [i, p] of plan.posts.entries()) posts.push(await schedulePost(ctx, `due work ${i + 1} of ${plan.posts.length}`, start + p.offsetMs, p.via));
          const target = start + targetOffset(plan);
          const moved = await moveClock(ctx, plan.move, start, target);
          for (const post of posts) await expectPublishedIfDue(ctx, post, target, start, moved);
        } finally {
          await archivePosts(ctx, posts);
        }
      });
    }, { runs: Math.min(ctx.runs, 10) });
  },
  { needs: ['apiKey', 'control:clock'] },
);

rule(
  ['control.clock.runs-due-work'],
  'a timed content send that falls due between scheduled posts is delivered, as of its own time, by the same move of the clock',
  async (ctx) => {
    const due = await createPiece(ctx, draftOf(ctx, 'tweet'));
    const notDue = await createPiece(ctx, draftOf(ctx, 'tweet'));
    await withFrozenClock(ctx, async (start) => {
      const sendAt = start + 90 * MINUTE_MS;
      const laterSendAt = start + 5 * HOUR_MS;
      const before = await schedulePost(ctx, 'post at +1h', start + HOUR_MS, 'create');
      await sendStep(ctx, due.id, 'queue', { at: sendAt });
      await sendStep(ctx, notDue.id, 'queue', { at: laterSendAt });
      // Runs before the piece's own archive (clean-up goes newest first): a queued send refuses archive.
      ctx.created.add(`cancel the timed send of ${notDue.id}`, () => sendStep(ctx, notDue.id, 'cancel'));
      const after = await schedulePost(ctx, 'post at +2h', start + 2 * HOUR_MS, 'update');

      const target = start + 3 * HOUR_MS;
      const moved = await moveClock(ctx, 'to', start, target);
      for (const post of [before, after]) await expectPublishedIfDue(ctx, post, target, start, moved);

      const delivered = await getPiece(ctx, due.id);
      const where = `${moved}, the piece whose send was timed for ${offsetText(sendAt - start)}`;
      if (delivered.status !== 'published') fail(`${where} is ${delivered.status}, expected published (delivered)`);
      if (delivered.publishedAt === null || Date.parse(delivered.publishedAt) !== sendAt)
        fail(`${where} has publishedAt ${delivered.publishedAt}, expected the send's time ${new Date(sendAt).toISOString()}`);
      if (delivered.scheduled || delivered.lockedReason !== null) fail(`${where} still reads scheduled ${delivered.scheduled}, lockedReason ${delivered.lockedReason}`);

      const waiting = await getPiece(ctx, notDue.id);
      if (waiting.status !== 'draft' || !waiting.scheduled)
        fail(`${moved}, the piece whose send is timed for ${offsetText(laterSendAt - start)} is ${waiting.status} with scheduled ${waiting.scheduled}; expected a draft still scheduled`);
    });
  },
  { needs: ['apiKey', 'control:clock', CONTENT_SENDS] },
);
