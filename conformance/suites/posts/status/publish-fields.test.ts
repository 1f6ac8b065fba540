/**
 * Fields that matter once a post is published: publishOnline false keeps it
 * off the public site, publishedAt is kept across re-publishes, and
 * sendNewsletter defaults to false (no newsletter in the target's outbox).
 * These publish posts (support/publishing.ts); the newsletter check needs
 * the outbox of the control API.
 */
import { fail, rule } from '../../../src/authoring/index.js';
import { Post } from '../../../../schemas/posts.js';
import { walkItems } from '../support/lists.js';
import { createDraft, createPublished, readOwnPost, updatePost } from '../support/posts-api.js';

rule(
  ['posts.update.publish-online'],
  'a published post with publishOnline false is not on the public site; true brings it back',
  async (ctx) => {
    const publication = ctx.target.publications.a;
    if (!publication) return ctx.skip('capability missing: publicationIds (the id of publication A is unknown)');
    const id = await createPublished(ctx, 'newsletter only');
    const publicList = () => walkItems(ctx.api.anonymous, `/v1/publications/${publication.id}/posts`, Post, { limit: 100 });
    await updatePost(ctx, id, { publishOnline: false, status: 'published' });
    const own = await readOwnPost(ctx, id);
    if (own.status !== 'published' || own.publishOnline !== false) fail(`after publishOnline false the post is ${own.status} with publishOnline ${own.publishOnline}`);
    if ((await publicList()).some((p) => p.id === id)) fail('a post with publishOnline false is listed on the public site');
    await updatePost(ctx, id, { publishOnline: true, status: 'published' });
    if (!(await publicList()).some((p) => p.id === id)) fail('publishOnline true did not bring the post back to the public list');
    // Whether it stays readable by its slug through the API is not said (the public site is {site_url}): not checked.
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.published-at'],
  'PUT publishedAt sets the publication time, and it is kept across unpublishing and re-publishing',
  async (ctx) => {
    const id = await createPublished(ctx, 'published at');
    const chosen = 1_600_000_000_000;
    await updatePost(ctx, id, { publishedAt: chosen, status: 'published' });
    const set = await readOwnPost(ctx, id);
    if (set.publishedAt !== String(chosen)) fail(`publishedAt ${chosen} reads back as ${set.publishedAt}`);
    await updatePost(ctx, id, { status: 'draft' });
    await updatePost(ctx, id, { status: 'published' });
    const again = await readOwnPost(ctx, id);
    if (again.status !== 'published') fail(`re-published, the post is ${again.status}`);
    if (again.publishedAt !== String(chosen)) fail(`re-publishing changed publishedAt from ${chosen} to ${again.publishedAt}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.send-newsletter-default'],
  'publishing without sendNewsletter sends no newsletter',
  async (ctx) => {
    const created = await createPublished(ctx, 'no newsletter on create');
    const updated = await createDraft(ctx, 'no newsletter on update');
    await updatePost(ctx, updated, { status: 'published' });
    // Let any delivery that would be queued run.
    if (ctx.target.control.capabilities.includes('clock')) await ctx.control.advanceClock(60_000);
    for (const postId of [created, updated]) {
      const newsletters = await ctx.control.outbox({ postId, kind: 'newsletter' });
      if (newsletters.length > 0) fail(`publishing ${postId} without sendNewsletter queued ${newsletters.length} newsletter email(s)`);
    }
  },
  { needs: ['apiKey', 'control:outbox'] },
);
