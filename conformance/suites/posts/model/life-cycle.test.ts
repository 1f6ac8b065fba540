/**
 * Model-based test of the post life cycle: random sequences of creates
 * (draft, published, scheduled), status changes, schedules, cancels,
 * reschedules, archives, clock moves, lists and reads, each checked against
 * a small model of SPEC.md's status table (model.ts).
 *
 * It publishes posts and moves the clock, so it needs the control API's
 * clock (the reference or a test instance, where nobody reads the posts).
 * The clock is frozen for the test, so the model knows "now" exactly, and
 * is left as it was found (moved forward by the clock commands).
 */
import { fc, rule } from '../../../src/authoring/index.js';
import { withFrozenClock } from '../support/server-time.js';
import { LIFE_CYCLE_COMMANDS } from './commands/index.js';
import type { PostModel } from './model.js';
import type { RealSystem } from './real.js';

rule(
  [
    'posts.create.default-published',
    'posts.create.draft',
    'posts.create.scheduled',
    'posts.create.scheduled-not-with-draft',
    'posts.status.draft-to-published',
    'posts.status.unpublish',
    'posts.status.unpublish-keeps-published-at',
    'posts.status.archive-from-any',
    'posts.status.live-edit',
    'posts.schedule.draft-to-scheduled',
    'posts.schedule.max-30-days',
    'posts.schedule.future-only',
    'posts.schedule.never-published-only',
    'posts.schedule.reschedule-cancel-first',
    'posts.schedule.cancel-null',
    'posts.schedule.cancel-by-status',
    'posts.schedule.draft-keeps',
    'posts.schedule.publishes-at-time',
    'posts.list.status-filter',
    'publications.posts.published-only',
    'publications.post-by-slug.get',
    'publications.post-by-slugs.get',
  ],
  "random sequences of post operations follow SPEC.md's post status table",
  async (ctx) => {
    const publication = ctx.target.publications.a;
    if (!publication) return ctx.skip('capability missing: publicationIds (the id of publication A is unknown)');
    await withFrozenClock(ctx, async () => {
      await ctx.check(fc.commands(LIFE_CYCLE_COMMANDS, { maxCommands: 15 }), async (commands) => {
        const { now } = await ctx.control.clock();
        const setup = () => ({
          model: { now, posts: [] } as PostModel,
          real: { ctx, publicationId: publication.id, publicationSlug: publication.slug } as RealSystem,
        });
        await fc.asyncModelRun(setup, commands);
      });
    });
  },
  { needs: ['apiKey', 'control:clock'], timeout: 180_000 },
);
