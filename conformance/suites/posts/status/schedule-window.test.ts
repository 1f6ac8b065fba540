/**
 * scheduledAt: a future time at most 30 days ahead, on create and on
 * update of a never-published draft; never with status draft or archived;
 * 0 means "not given". Refusals change nothing. The status of a refusal is
 * not in SPEC.md: any 4xx here, 400 in refusal-codes.test.ts
 * (reference-choices).
 *
 * Scheduling puts a post on its way to readers: these tests run only where
 * that is harmless or asked for (support/publishing.ts).
 */
import { expectError, expectOk, fail, rule, type RuleContext } from '../../../src/authoring/index.js';
import { PostCreated } from '../../../../schemas/posts.js';
import { createDraft, createPublished, draftBody, postCreate, readOwnPost, updatePost } from '../support/posts-api.js';
import { requirePublishing } from '../support/publishing.js';
import { expectNoPostCreated, expectPostUnchanged, listedRunPosts, snapshotPost } from '../support/refusals.js';
import { withScheduleTimes } from '../support/schedule.js';
import { notUnixMs } from '../arbitraries/values.js';

/** PUT `body` on `id` must be refused with a 4xx and change nothing. */
async function expectRefusedUpdate(ctx: RuleContext, id: string, body: Record<string, unknown>, what: string): Promise<void> {
  const before = await snapshotPost(ctx, id);
  expectError(await ctx.api.put(`/v1/posts/${id}`, body), '4xx');
  await expectPostUnchanged(ctx, id, before, what);
}

rule(
  ['posts.create.scheduled'],
  'POST /v1/posts with scheduledAt in the window creates a scheduled post, up to 30 days ahead',
  async (ctx) => {
    requirePublishing(ctx);
    await withScheduleTimes(ctx, async (times) => {
      for (const at of [times.soon, times.lastInside]) {
        const created = expectOk(await postCreate(ctx, { ...draftBody(ctx, 'create scheduled'), status: undefined, scheduledAt: at }), PostCreated);
        if (created.status !== 'scheduled') fail(`POST /v1/posts with scheduledAt now+${at - times.now}ms answered status ${created.status}`);
        const post = await readOwnPost(ctx, created.id);
        if (post.status !== 'scheduled') fail(`the post created with scheduledAt reads back as ${post.status}`);
      }
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.create.scheduled-not-with-draft'],
  'POST /v1/posts with scheduledAt and status draft is refused and creates nothing',
  async (ctx) => {
    requirePublishing(ctx);
    const baseline = await listedRunPosts(ctx);
    await withScheduleTimes(ctx, async (times) => {
      expectError(await postCreate(ctx, draftBody(ctx, 'scheduled draft', { scheduledAt: times.soon })), '4xx');
    });
    await expectNoPostCreated(ctx, baseline, 'POST /v1/posts with scheduledAt and status draft');
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.draft-to-scheduled'],
  'a never-published draft updated with scheduledAt in the window becomes scheduled, up to 30 days ahead',
  async (ctx) => {
    requirePublishing(ctx);
    await withScheduleTimes(ctx, async (times) => {
      for (const at of [times.soon, times.lastInside]) {
        const id = await createDraft(ctx, 'schedule draft');
        await updatePost(ctx, id, { scheduledAt: at });
        const post = await readOwnPost(ctx, id);
        if (post.status !== 'scheduled') fail(`the draft updated with scheduledAt now+${at - times.now}ms reads back as ${post.status}`);
      }
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.max-30-days'],
  'a scheduledAt more than 30 days ahead is refused on create and on update, changing nothing',
  async (ctx) => {
    requirePublishing(ctx);
    const baseline = await listedRunPosts(ctx);
    const id = await createDraft(ctx, 'beyond the window');
    await withScheduleTimes(ctx, async (times) => {
      for (const at of [times.firstBeyond, times.now + 365 * 86_400_000]) {
        expectError(await postCreate(ctx, { ...draftBody(ctx, 'beyond the window'), status: undefined, scheduledAt: at }), '4xx');
        await expectRefusedUpdate(ctx, id, { scheduledAt: at }, `scheduledAt now+${at - times.now}ms`);
      }
    });
    baseline.ours.set(id, 'the draft of this test');
    baseline.totals.draft = (baseline.totals.draft ?? 0) + 1;
    await expectNoPostCreated(ctx, baseline, 'POST /v1/posts with scheduledAt beyond 30 days');
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.future-only'],
  'a scheduledAt that is not in the future is refused on create and on update, changing nothing',
  async (ctx) => {
    requirePublishing(ctx);
    const baseline = await listedRunPosts(ctx);
    const id = await createDraft(ctx, 'in the past');
    await withScheduleTimes(ctx, async (times) => {
      for (const at of times.past) {
        expectError(await postCreate(ctx, { ...draftBody(ctx, 'in the past'), status: undefined, scheduledAt: at }), '4xx');
        await expectRefusedUpdate(ctx, id, { scheduledAt: at }, `scheduledAt now${at - times.now}ms`);
      }
    });
    baseline.ours.set(id, 'the draft of this test');
    baseline.totals.draft = (baseline.totals.draft ?? 0) + 1;
    await expectNoPostCreated(ctx, baseline, 'POST /v1/posts with scheduledAt in the past');
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.not-with-draft', 'posts.schedule.not-with-archived'],
  'an update with scheduledAt and status draft or archived is refused and changes nothing, whatever the post\'s status',
  async (ctx) => {
    requirePublishing(ctx);
    const id = await createDraft(ctx, 'schedule with status');
    const published = await createPublished(ctx, 'published, then archived with a schedule');
    const archived = await createDraft(ctx, 'archived, then archived with a schedule');
    await updatePost(ctx, archived, { status: 'archived' });
    await withScheduleTimes(ctx, async (times) => {
      for (const status of ['draft', 'archived']) {
        await expectRefusedUpdate(ctx, id, { status, scheduledAt: times.soon }, `scheduledAt with status ${status}`);
      }
      const scheduled = await createDraft(ctx, 'scheduled, then archived with a schedule');
      await updatePost(ctx, scheduled, { scheduledAt: times.soon });
      for (const [what, other] of [['published', published], ['scheduled', scheduled], ['archived', archived]] as const) {
        await expectRefusedUpdate(ctx, other, { status: 'archived', scheduledAt: times.soon + 3_600_000 }, `scheduledAt with status archived on a ${what} post`);
      }
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.never-published-only'],
  'only a never-published draft can be scheduled: published, unpublished and scheduled posts are refused',
  async (ctx) => {
    const published = await createPublished(ctx, 'published, then scheduled');
    const unpublished = await createPublished(ctx, 'unpublished, then scheduled');
    await updatePost(ctx, unpublished, { status: 'draft' });
    await withScheduleTimes(ctx, async (times) => {
      const scheduled = await createDraft(ctx, 'scheduled twice');
      await updatePost(ctx, scheduled, { scheduledAt: times.soon });
      await expectRefusedUpdate(ctx, published, { scheduledAt: times.soon }, 'scheduledAt on a published post');
      await expectRefusedUpdate(ctx, unpublished, { scheduledAt: times.soon }, 'scheduledAt on an unpublished draft');
      await expectRefusedUpdate(ctx, scheduled, { scheduledAt: times.soon + 3_600_000 }, 'scheduledAt on a scheduled post');
      const archived = await createDraft(ctx, 'archived, then scheduled');
      await updatePost(ctx, archived, { status: 'archived' });
      await expectRefusedUpdate(ctx, archived, { scheduledAt: times.soon }, 'scheduledAt on an archived post');
      // Status published with scheduledAt asks the same (schedule the first publish): refused the same way.
      for (const [what, id] of [['published', published], ['unpublished', unpublished], ['scheduled', scheduled], ['archived', archived]] as const) {
        await expectRefusedUpdate(ctx, id, { status: 'published', scheduledAt: times.soon + 3_600_000 }, `scheduledAt with status published on a ${what} post`);
      }
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.zero-is-omitted'],
  'scheduledAt 0 is treated as omitted: a draft stays a draft, and status draft with it is not refused',
  async (ctx) => {
    const created = expectOk(await postCreate(ctx, draftBody(ctx, 'zero schedule', { scheduledAt: 0 })), PostCreated);
    if (created.status !== 'draft') fail(`POST /v1/posts with status draft and scheduledAt 0 answered status ${created.status}`);
    await updatePost(ctx, created.id, { scheduledAt: 0 });
    const post = await readOwnPost(ctx, created.id);
    if (post.status !== 'draft') fail(`a draft updated with scheduledAt 0 reads back as ${post.status}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.scheduled-at-type'],
  'PUT scheduledAt that is not an integer >= 0 or null answers 400 and changes nothing',
  async (ctx) => {
    requirePublishing(ctx);
    const id = await createDraft(ctx, 'scheduledAt types');
    const before = await snapshotPost(ctx, id);
    await ctx.check(notUnixMs, async (value) => {
      expectError(await ctx.api.put(`/v1/posts/${id}`, { scheduledAt: value }), 400);
      await expectPostUnchanged(ctx, id, before, `PUT scheduledAt ${JSON.stringify(value)}`);
    });
  },
  { needs: ['apiKey'] },
);
