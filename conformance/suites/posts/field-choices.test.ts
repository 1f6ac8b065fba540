/**
 * The register's choices for post fields that the field tables do not
 * reach: authorIds without repeats, subtitle "" clearing, and a generated
 * postPreview that follows the body until one is given.
 */
import { expectError, fail, rule } from '../../src/authoring/index.js';
import { createDraft, createPublished, draftBody, postCreate, readOwnPost, updatePost } from './support/posts-api.js';
import { withFrozenClock } from './support/server-time.js';

rule(
  ['posts.update.author-ids-no-repeats'],
  'authorIds naming the owner twice are refused on create and on update, and change nothing',
  async (ctx) => {
    const owner = ctx.target.publications.a?.ownerUserId;
    if (!owner) return ctx.skip('capability missing: publicationIds (the owner of publication A is unknown)');
    expectError(await postCreate(ctx, draftBody(ctx, 'repeated author on create', { authorIds: [owner, owner] })), 400);
    const id = await createDraft(ctx, 'repeated author on update');
    expectError(await ctx.api.put(`/v1/posts/${id}`, { authorIds: [owner, owner] }), 400);
    const after = await readOwnPost(ctx, id);
    if (JSON.stringify(after.authorIds) !== JSON.stringify([owner])) fail(`a refused authorIds left ${JSON.stringify(after.authorIds)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.subtitle-empty-clears'],
  'PUT subtitle "" clears the subtitle',
  async (ctx) => {
    const id = await createDraft(ctx, 'subtitle cleared', { subtitle: 'A subtitle to clear' });
    if ((await readOwnPost(ctx, id)).subtitle !== 'A subtitle to clear') fail('the subtitle given on create was not stored');
    await updatePost(ctx, id, { subtitle: '' });
    const after = await readOwnPost(ctx, id);
    if (after.subtitle !== undefined) fail(`subtitle "" left ${JSON.stringify(after.subtitle)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.post-preview-follows-content'],
  'a generated postPreview follows each new body, a given one is kept when the body changes, and "" generates one again',
  async (ctx) => {
    const id = await createDraft(ctx, 'preview follows', { markdown: 'The first body opens the preview.' });
    const preview = async () => {
      const post = await readOwnPost(ctx, id);
      if (post.postPreview === undefined) return ctx.skip('the target does not return postPreview in the Post (SPEC.md does not list it)');
      return post.postPreview;
    };
    if (!(await preview()).includes('first body')) fail('the generated preview does not come from the first body');
    await updatePost(ctx, id, { markdown: 'A second body replaces the preview.' });
    const second = await preview();
    if (!second.includes('second body')) fail(`after a new body the generated preview reads ${JSON.stringify(second)}`);

    await updatePost(ctx, id, { postPreview: 'Written by hand.' });
    await updatePost(ctx, id, { markdown: 'A third body must not replace a given preview.' });
    const given = await preview();
    if (given !== 'Written by hand.') fail(`a new body replaced the given preview with ${JSON.stringify(given)}`);

    await updatePost(ctx, id, { postPreview: '' });
    const regenerated = await preview();
    if (!regenerated.includes('third body')) fail(`postPreview "" left ${JSON.stringify(regenerated)}, not one generated from the body`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.published-at-future-400'],
  'PUT publishedAt of the target\'s now is accepted and one millisecond later is refused, with the clock frozen',
  async (ctx) => {
    const id = await createPublished(ctx, 'published at now');
    await withFrozenClock(ctx, async (now) => {
      expectError(await ctx.api.put(`/v1/posts/${id}`, { publishedAt: now + 1, status: 'published' }), 400);
      const kept = await readOwnPost(ctx, id);
      if (kept.publishedAt === String(now + 1)) fail('a refused future publishedAt was stored');
      await updatePost(ctx, id, { publishedAt: now, status: 'published' });
      const after = await readOwnPost(ctx, id);
      if (after.publishedAt !== String(now)) fail(`publishedAt of now (${now}) reads back as ${after.publishedAt}`);
    });
  },
  { needs: ['apiKey', 'control:clock'] },
);
