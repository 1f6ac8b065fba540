/**
 * Due work that makes more work: posts scheduled with sendNewsletter, created
 * out of time order, fall due in one move of the frozen clock. Right after the
 * move answers, each newsletter is queued as of its own post's scheduledAt and
 * the outbox (newest first) lists them in that order; and the delivery of
 * those emails, which falls due during the same move, has run too, each in
 * its turn. Newsletters reach subscribers: side-effects profile.
 */
import { expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { HOUR_MS, MINUTE_MS, withFrozenClock } from '../posts/support/server-time.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import type { OutboxEmail } from '../emails/emails.js';
import { expectPublishedIfDue, moveClock, offsetText, schedulePost, type ScheduledPost, type ScheduleVia } from './due-work.js';

/** Created in this order; their times are not in it. The move reaches +4h. */
const PLAN: { label: string; offsetMs: number; via: ScheduleVia; newsletter: boolean }[] = [
  { label: 'newsletter at +3h', offsetMs: 3 * HOUR_MS, via: 'create', newsletter: true },
  { label: 'newsletter at +1h', offsetMs: 1 * HOUR_MS, via: 'update', newsletter: true },
  { label: 'newsletter at +6h', offsetMs: 6 * HOUR_MS, via: 'create', newsletter: true },
  { label: 'no newsletter at +90m', offsetMs: 90 * MINUTE_MS, via: 'update', newsletter: false },
  { label: 'newsletter at +2h', offsetMs: 2 * HOUR_MS, via: 'create', newsletter: true },
];
const MOVE_MS = 4 * HOUR_MS;

type PlannedPost = ScheduledPost & { newsletter: boolean };

interface NewsletterRun {
  start: number;
  target: number;
  /** "after POST /_control/clock ...", for messages. */
  moved: string;
  readers: string[];
  posts: PlannedPost[];
  /** The posts whose newsletter fell due, earliest first. */
  dueNewsletters: PlannedPost[];
}

const newslettersOf = (ctx: RuleContext, postId: string) => ctx.control.outbox<OutboxEmail>({ kind: 'newsletter', postId, limit: 'all' });

const queuedAt = (letter: OutboxEmail, start: number) => (letter.createdAt === undefined ? 'an unknown time (no createdAt)' : offsetText(letter.createdAt - start));

/** Two fresh subscribers, the plan scheduled on a frozen clock, one move; `check` runs before the clock is unfrozen. */
async function withNewsletterRun(ctx: RuleContext, check: (run: NewsletterRun) => Promise<void>): Promise<void> {
  const readers = [ctx.names.email('due-reader-a'), ctx.names.email('due-reader-b')];
  for (const email of readers) expectStatus(await addSubscriber(ctx, { email }), 200);
  await withFrozenClock(ctx, async (start) => {
    const posts: PlannedPost[] = [];
    for (const p of PLAN) {
      const post = await schedulePost(ctx, p.label, start + p.offsetMs, p.via, p.newsletter ? { sendNewsletter: true } : {});
      posts.push({ ...post, newsletter: p.newsletter });
    }
    const target = start + MOVE_MS;
    const moved = await moveClock(ctx, 'advanceMs', start, target);
    for (const post of posts) await expectPublishedIfDue(ctx, post, target, start, moved);
    const dueNewsletters = posts.filter((p) => p.newsletter && p.at <= target).sort((a, b) => a.at - b.at);
    await check({ start, target, moved, readers, posts, dueNewsletters });
  });
}

rule(
  ['control.clock.runs-due-work'],
  "newsletters of posts that fall due in one move of the clock are queued as of each post's scheduledAt, and the outbox lists them in that order",
  async (ctx) => {
    await withNewsletterRun(ctx, async ({ start, moved, readers, posts, dueNewsletters }) => {
      for (const post of posts) {
        const letters = await newslettersOf(ctx, post.id);
        const where = `${moved}, the post "${post.label}"`;
        if (!dueNewsletters.includes(post)) {
          const why = post.newsletter ? 'it is not due yet' : 'it was scheduled without sendNewsletter';
          if (letters.length > 0) fail(`${where} has ${letters.length} newsletter email(s) though ${why}`);
          continue;
        }
        for (const reader of readers) {
          const count = letters.filter((l) => l.to.toLowerCase() === reader).length;
          if (count !== 1) fail(`${where} sent ${count} newsletter(s) to the subscriber ${reader}, expected 1`);
        }
        // Queued by the publish, which ran as of the post's own time, not as of the time the clock was moved to.
        const off = letters.find((l) => l.createdAt !== post.at);
        if (off) fail(`${where} has a newsletter queued at ${queuedAt(off, start)}, expected its scheduledAt ${offsetText(post.at - start)}`);
      }

      // Newest first: the latest of the due newsletter posts heads the list.
      const label = (id: string | null | undefined) => posts.find((p) => p.id === id)?.label;
      const listed = await ctx.control.outbox<OutboxEmail>({ to: readers[0], kind: 'newsletter', limit: 'all' });
      const got = listed.flatMap((l) => label(l.postId) ?? []);
      const want = [...dueNewsletters].reverse().map((p) => p.label);
      if (JSON.stringify(got) !== JSON.stringify(want))
        fail(`the outbox of ${readers[0]} lists the newsletters as [${got.join(', ')}], expected newest first by scheduled time: [${want.join(', ')}]`);
    });
  },
  { profile: 'side-effects', needs: ['apiKey', 'control:clock', 'control:outbox'] },
);

rule(
  ['control.clock.runs-due-work', 'emails.delivery.on-clock'],
  'the delivery of newsletters queued by due posts falls due in the same move of the clock and has run, each before the next post was due, when it answers',
  async (ctx) => {
    await withNewsletterRun(ctx, async ({ start, target, moved, dueNewsletters }) => {
      for (const [i, post] of dueNewsletters.entries()) {
        // "A moment after queuing" (SILENT.md ours): well before the next due post, an hour later.
        const next = dueNewsletters[i + 1]?.at ?? target;
        for (const letter of await newslettersOf(ctx, post.id)) {
          const where = `${moved}, a newsletter of the post "${post.label}" (queued at ${queuedAt(letter, start)}) to ${letter.to}`;
          if (letter.status !== 'delivered' || letter.deliveredAt == null) fail(`${where} is still ${letter.status}`);
          if (!(letter.deliveredAt >= post.at && letter.deliveredAt <= next))
            fail(`${where} was delivered at ${offsetText(letter.deliveredAt - start)}, expected between ${offsetText(post.at - start)} and ${offsetText(next - start)}`);
        }
      }
    });
  },
  { profile: 'side-effects', needs: ['apiKey', 'control:clock', 'control:outbox'] },
);
