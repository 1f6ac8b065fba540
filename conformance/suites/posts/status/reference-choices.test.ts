/**
 * The post life cycle where SPEC.md's status table is silent, as the
 * reference chose (docs/spec-gaps.md, Posts): an archived post can be
 * restored, an edit without status published unpublishes a live post while
 * an update that changes nothing does not, a scheduled post edited without a
 * status keeps its schedule, status published with scheduledAt schedules,
 * scheduledAt null on a post that is not scheduled (or on create) changes
 * nothing, publishedAt is refused on a post that will be scheduled, and a
 * cancelled schedule leaves no time or newsletter behind (seen in the
 * analytics mirror's posts table, the one place a client can read them).
 * Another implementation may choose otherwise: these rules are in the
 * reference-choices profile.
 */
import { expectError, expectOk, fail, rule, type RuleContext } from '../../../src/authoring/index.js';
import { PostCreated } from '../../../../schemas/posts.js';
import { createDraft, createPublished, postCreate, readOwnPost, updatePost } from '../support/posts-api.js';
import { requirePublishing } from '../support/publishing.js';
import { withScheduleTimes } from '../support/schedule.js';
import { HOUR_MS } from '../support/server-time.js';
import { markedTitle } from '../support/titles.js';
import { literal, select } from '../../analytics/support.js';

/** With a controllable clock, lets an hour pass, so that "publishedAt kept" and "publishedAt = now" differ. */
async function letAnHourPass(ctx: RuleContext): Promise<void> {
  if (ctx.target.control.capabilities.includes('clock')) await ctx.control.advanceClock(HOUR_MS);
}

rule(
  ['posts.status.archived-restore'],
  'an archived post updated with status draft is a draft again; with status published it is published, its publishedAt kept (or set, if it had none)',
  async (ctx) => {
    requirePublishing(ctx);
    const draft = await createDraft(ctx, 'archived back to draft');
    await updatePost(ctx, draft, { status: 'archived' });
    await updatePost(ctx, draft, { status: 'draft' });
    const restored = await readOwnPost(ctx, draft);
    if (restored.status !== 'draft') fail(`an archived post updated with status draft reads back as ${restored.status}`);
    if (restored.publishedAt !== undefined) fail(`a never-published post restored to a draft has publishedAt ${restored.publishedAt}`);

    const published = await createPublished(ctx, 'archived back to published');
    const first = await readOwnPost(ctx, published);
    await updatePost(ctx, published, { status: 'archived' });
    await letAnHourPass(ctx);
    await updatePost(ctx, published, { status: 'published' });
    const republished = await readOwnPost(ctx, published);
    if (republished.status !== 'published') fail(`an archived post updated with status published reads back as ${republished.status}`);
    if (republished.publishedAt !== first.publishedAt) fail(`republishing an archived post moved publishedAt from ${first.publishedAt} to ${republished.publishedAt}`);

    const neverPublished = await createDraft(ctx, 'archived draft published');
    await updatePost(ctx, neverPublished, { status: 'archived' });
    await updatePost(ctx, neverPublished, { status: 'published' });
    const fresh = await readOwnPost(ctx, neverPublished);
    if (fresh.status !== 'published' || fresh.publishedAt === undefined) fail(`an archived draft updated with status published is ${fresh.status} with publishedAt ${fresh.publishedAt}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.status.edit-unpublishes'],
  'a published post updated with a changed field and no status is unpublished into a draft (publishedAt kept); an update that changes nothing leaves it live',
  async (ctx) => {
    const edited = await createPublished(ctx, 'edited without status');
    const before = await readOwnPost(ctx, edited);
    await updatePost(ctx, edited, { subtitle: 'Edited without status published' });
    const after = await readOwnPost(ctx, edited);
    if (after.status !== 'draft') fail(`a published post edited without status published reads back as ${after.status}, expected a draft`);
    if (after.publishedAt !== before.publishedAt) fail(`unpublishing by an edit moved publishedAt from ${before.publishedAt} to ${after.publishedAt}`);

    const untouched = await createPublished(ctx, 'updated with nothing');
    await updatePost(ctx, untouched, {});
    const still = (await readOwnPost(ctx, untouched)).status;
    if (still !== 'published') fail(`a published post updated with an empty body reads back as ${still}`);
    // The values it has already change nothing either.
    const same = await readOwnPost(ctx, untouched);
    await updatePost(ctx, untouched, { title: same.title, categories: same.categories });
    const stillLive = (await readOwnPost(ctx, untouched)).status;
    if (stillLive !== 'published') fail(`a published post updated with its own title and categories reads back as ${stillLive}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.cancel-null-unscheduled'],
  'scheduledAt null on a draft or a published post (nothing scheduled) changes nothing: same status, publishedAt and updatedAt',
  async (ctx) => {
    const ids = [await createDraft(ctx, 'null schedule on a draft')];
    if (ctx.target.control.available || ctx.profiles.includes('side-effects')) ids.push(await createPublished(ctx, 'null schedule on a live post'));
    for (const id of ids) {
      const before = await readOwnPost(ctx, id);
      await letAnHourPass(ctx);
      await updatePost(ctx, id, { scheduledAt: null });
      const after = await readOwnPost(ctx, id);
      for (const field of ['status', 'publishedAt', 'updatedAt'] as const) {
        if (after[field] !== before[field]) fail(`scheduledAt null on a ${before.status} post changed ${field} from ${before[field]} to ${after[field]}`);
      }
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.with-status-published'],
  'scheduledAt with status published schedules the post (the intent to publish then), on create and on a never-published draft',
  async (ctx) => {
    requirePublishing(ctx);
    await withScheduleTimes(ctx, async (times) => {
      const created = expectOk(
        await postCreate(ctx, { title: markedTitle(ctx.runId, 'created published and scheduled'), markdown: 'Later.', status: 'published', scheduledAt: times.soon }),
        PostCreated,
      );
      if (created.status !== 'scheduled') fail(`POST /v1/posts with status published and scheduledAt answered status ${created.status}`);
      const draft = await createDraft(ctx, 'draft published and scheduled');
      await updatePost(ctx, draft, { status: 'published', scheduledAt: times.soon });
      const post = await readOwnPost(ctx, draft);
      if (post.status !== 'scheduled') fail(`a draft updated with status published and scheduledAt reads back as ${post.status}`);
      if (post.publishedAt !== undefined) fail(`a draft scheduled with status published has publishedAt ${post.publishedAt} before its time`);
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.edit-keeps'],
  'a scheduled post edited without status or scheduledAt keeps its schedule',
  async (ctx) => {
    requirePublishing(ctx);
    await withScheduleTimes(ctx, async (times) => {
      const id = await createDraft(ctx, 'scheduled then edited');
      await updatePost(ctx, id, { scheduledAt: times.soon });
      await updatePost(ctx, id, { subtitle: 'Edited while scheduled' });
      const post = await readOwnPost(ctx, id);
      if (post.status !== 'scheduled') fail(`a scheduled post edited without status reads back as ${post.status}`);
      if (post.subtitle !== 'Edited while scheduled') fail(`the edit of a scheduled post was not applied: subtitle ${JSON.stringify(post.subtitle)}`);
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.schedule.cancel-clears'],
  "a cancelled schedule (by null, archiving or publishing at once) leaves nothing behind: the post's analytics row has scheduled_at null and send_newsletter false",
  async (ctx) => {
    requirePublishing(ctx);
    await withScheduleTimes(ctx, async (times) => {
      const byNull = await createDraft(ctx, 'schedule cancelled by null');
      const byArchive = await createDraft(ctx, 'schedule cancelled by archiving');
      const byPublish = await createDraft(ctx, 'schedule cancelled by publishing');
      const ids = [byNull, byArchive, byPublish];
      for (const id of ids) await updatePost(ctx, id, { scheduledAt: times.soon, sendNewsletter: true });
      // Even asked along with the cancel, a newsletter has no publish left to go out with.
      await updatePost(ctx, byNull, { scheduledAt: null, sendNewsletter: true });
      await updatePost(ctx, byArchive, { status: 'archived' });
      await updatePost(ctx, byPublish, { status: 'published' });
      const { rows } = await select(
        ctx.api,
        `SELECT id, status, scheduled_at, send_newsletter FROM posts WHERE draft_of IS NULL AND id IN (${ids.map(literal).join(', ')})`,
      );
      if (rows.length !== ids.length) fail(`the analytics posts table has ${rows.length} rows for the ${ids.length} posts`);
      for (const row of rows) {
        if (row.scheduled_at !== null || row.send_newsletter !== false) {
          fail(`after its schedule was cancelled, the ${String(row.status)} post's analytics row has scheduled_at ${JSON.stringify(row.scheduled_at)} and send_newsletter ${JSON.stringify(row.send_newsletter)}`);
        }
      }
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.status.draft-stays'],
  'a draft updated with status draft stays a draft, with the edit applied',
  async (ctx) => {
    const id = await createDraft(ctx, 'draft kept a draft');
    await updatePost(ctx, id, { status: 'draft', subtitle: 'Still a draft' });
    const post = await readOwnPost(ctx, id);
    if (post.status !== 'draft') fail(`a draft updated with status draft reads back as ${post.status}`);
    if (post.subtitle !== 'Still a draft') fail(`the edit of the draft was not applied: subtitle ${JSON.stringify(post.subtitle)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.create.scheduled-at-null'],
  'POST /v1/posts with scheduledAt null is read as without it: published by default, a draft with status draft',
  async (ctx) => {
    requirePublishing(ctx);
    for (const [extra, expected] of [[{}, 'published'], [{ status: 'draft' }, 'draft']] as const) {
      const body = { title: markedTitle(ctx.runId, `created with scheduledAt null, ${expected}`), markdown: 'Now.', scheduledAt: null, ...extra };
      const created = expectOk(await postCreate(ctx, body), PostCreated);
      if (created.status !== expected) fail(`POST /v1/posts with scheduledAt null and ${JSON.stringify(extra)} answered status ${created.status}, expected ${expected}`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.published-at-not-scheduled'],
  'PUT publishedAt is refused with 400 when the post would end up scheduled (it is published at scheduledAt), and nothing changes',
  async (ctx) => {
    requirePublishing(ctx);
    await withScheduleTimes(ctx, async (times) => {
      const draft = await createDraft(ctx, 'scheduled with a publishedAt');
      expectError(await ctx.api.put(`/v1/posts/${draft}`, { scheduledAt: times.soon, publishedAt: times.now - HOUR_MS }), 400);
      const still = (await readOwnPost(ctx, draft)).status;
      if (still !== 'draft') fail(`a refused PUT with scheduledAt and publishedAt left the draft ${still}`);
      const scheduled = await createDraft(ctx, 'kept scheduled with a publishedAt');
      await updatePost(ctx, scheduled, { scheduledAt: times.soon });
      expectError(await ctx.api.put(`/v1/posts/${scheduled}`, { publishedAt: times.now - HOUR_MS }), 400);
      const post = await readOwnPost(ctx, scheduled);
      if (post.status !== 'scheduled' || post.publishedAt !== undefined) fail(`a refused PUT publishedAt on a scheduled post left it ${post.status} with publishedAt ${post.publishedAt}`);
    });
  },
  { needs: ['apiKey'] },
);
