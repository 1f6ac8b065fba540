/**
 * The post status table of SPEC.md, row by row, for the rows that publish:
 * created published by default, draft -> published, published -> draft
 * (publishedAt kept), any -> archived, and editing a live post.
 *
 * These publish posts, so they run only where that is harmless or asked
 * for (support/publishing.ts).
 */
import { fail, rule } from '../../../src/authoring/index.js';
import { createDraft, createPublished, readOwnPost, updatePost } from '../support/posts-api.js';
import { requirePublishing } from '../support/publishing.js';
import { withScheduleTimes } from '../support/schedule.js';

rule(
  ['posts.create.default-published'],
  'POST /v1/posts without status, or with status published, creates a published post',
  async (ctx) => {
    for (const extra of [{}, { status: 'published' }]) {
      const id = await createPublished(ctx, 'default published', extra);
      const post = await readOwnPost(ctx, id);
      if (post.status !== 'published') fail(`the post created with ${JSON.stringify(extra)} reads back as ${post.status}`);
      if (post.publishedAt === undefined) fail('the published post has no publishedAt');
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.status.draft-to-published'],
  'a draft updated with status published becomes published',
  async (ctx) => {
    requirePublishing(ctx);
    const id = await createDraft(ctx, 'draft to published');
    await updatePost(ctx, id, { status: 'published' });
    const post = await readOwnPost(ctx, id);
    if (post.status !== 'published') fail(`the draft updated with status published reads back as ${post.status}`);
    if (post.publishedAt === undefined) fail('the published post has no publishedAt');
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.status.unpublish', 'posts.status.unpublish-keeps-published-at'],
  'a published post updated with status draft becomes a draft and keeps its publishedAt',
  async (ctx) => {
    const id = await createPublished(ctx, 'unpublish');
    const published = await readOwnPost(ctx, id);
    await updatePost(ctx, id, { status: 'draft' });
    const post = await readOwnPost(ctx, id);
    if (post.status !== 'draft') fail(`the published post updated with status draft reads back as ${post.status}`);
    if (post.publishedAt !== published.publishedAt) fail(`unpublishing changed publishedAt from ${published.publishedAt} to ${post.publishedAt}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.status.archive-from-any'],
  'a post in any status (draft, published, scheduled, archived) updated with status archived is archived',
  async (ctx) => {
    requirePublishing(ctx);
    const ids = [await createDraft(ctx, 'archive draft'), await createPublished(ctx, 'archive published')];
    await withScheduleTimes(ctx, async (times) => {
      ids.push(await createDraft(ctx, 'archive scheduled'));
      await updatePost(ctx, ids[2]!, { scheduledAt: times.soon });
    });
    for (const id of ids) {
      const before = (await readOwnPost(ctx, id)).status;
      await updatePost(ctx, id, { status: 'archived' });
      const after = (await readOwnPost(ctx, id)).status;
      if (after !== 'archived') fail(`a ${before} post updated with status archived reads back as ${after}`);
    }
    await updatePost(ctx, ids[0]!, { status: 'archived' });
    const again = (await readOwnPost(ctx, ids[0]!)).status;
    if (again !== 'archived') fail(`an archived post updated with status archived reads back as ${again}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.status.live-edit'],
  'a published post updated with status published and new fields stays published, with the edit applied',
  async (ctx) => {
    const id = await createPublished(ctx, 'live edit');
    const before = await readOwnPost(ctx, id);
    await updatePost(ctx, id, { status: 'published', subtitle: 'Edited while live' });
    const post = await readOwnPost(ctx, id);
    if (post.status !== 'published') fail(`the live edit left the post ${post.status}`);
    if (post.subtitle !== 'Edited while live') fail(`the live edit was not applied: subtitle ${JSON.stringify(post.subtitle)}`);
    if (post.publishedAt !== before.publishedAt) fail(`the live edit changed publishedAt from ${before.publishedAt} to ${post.publishedAt}`);
  },
  { needs: ['apiKey'] },
);
