/**
 * The status of refusals SPEC.md lists without one. The reference answers
 * 400 (SILENT.md, "ours"), so these run in the reference-choices profile
 * only: another implementation may answer another 4xx.
 */
import { expectError, rule } from '../../../src/authoring/index.js';
import { createDraft } from '../support/posts-api.js';
import { requirePublishing } from '../support/publishing.js';
import { withScheduleTimes } from '../support/schedule.js';

rule(
  ['posts.schedule.refused-400'],
  'scheduledAt in the past, beyond 30 days, or with status draft or archived answers 400',
  async (ctx) => {
    requirePublishing(ctx);
    const id = await createDraft(ctx, 'refusal codes');
    await withScheduleTimes(ctx, async (times) => {
      for (const body of [
        { scheduledAt: times.past[0] },
        { scheduledAt: times.firstBeyond },
        { scheduledAt: times.soon, status: 'draft' },
        { scheduledAt: times.soon, status: 'archived' },
      ]) {
        expectError(await ctx.api.put(`/v1/posts/${id}`, body), 400);
      }
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.refusals.outside-ids-400'],
  'authorIds and communityId outside the publication answer 400',
  async (ctx) => {
    const a = ctx.target.publications.a;
    const id = await createDraft(ctx, 'outside ids');
    expectError(await ctx.api.put(`/v1/posts/${id}`, { authorIds: ['cfxNoSuchAuthor00000'] }), 400);
    expectError(await ctx.api.put(`/v1/posts/${id}`, { communityId: 'cfx-no-such-segment' }), 400);
    const unavailable = a?.unavailableCommunityIds?.[0];
    if (unavailable) expectError(await ctx.api.put(`/v1/posts/${id}`, { communityId: unavailable }), 400);
    const removed = a?.removedMemberIds?.[0];
    if (removed) expectError(await ctx.api.put(`/v1/posts/${id}`, { authorIds: [removed] }), 400);
  },
  { needs: ['apiKey'] },
);
