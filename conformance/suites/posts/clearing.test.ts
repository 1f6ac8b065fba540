/**
 * The PUT fields that clear or are ignored: canonicalUrl null, communityId
 * null, clearImage (ignored when imageUrl is given), imageAlt null or empty,
 * imageAlt on a post without a cover, imageAlt kept when omitted; and a one-character slug (the lower
 * bound of 1..256, which the property tests leave out because a short slug
 * is easily taken).
 */
import { expectError, fail, rule } from '../../src/authoring/index.js';
import { createDraft, readOwnPost, updatePost } from './support/posts-api.js';

const COVER = 'https://images.example.com/conformance/cover.png';

rule(
  ['posts.update.canonical-url-null-clears'],
  'PUT canonicalUrl null clears the canonical URL',
  async (ctx) => {
    const id = await createDraft(ctx, 'canonical null');
    await updatePost(ctx, id, { canonicalUrl: 'https://example.com/original' });
    if ((await readOwnPost(ctx, id)).canonicalUrl !== 'https://example.com/original') fail('canonicalUrl was not set');
    await updatePost(ctx, id, { canonicalUrl: null });
    const after = await readOwnPost(ctx, id);
    if (after.canonicalUrl !== undefined) fail(`canonicalUrl null left ${JSON.stringify(after.canonicalUrl)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.community-id-null'],
  'PUT communityId null returns the post to the general audience',
  async (ctx) => {
    const community = ctx.target.publications.a?.communityIds?.[0];
    if (!community) return ctx.skip('capability missing: publicationIds (no available subscriber segment of publication A is known)');
    const id = await createDraft(ctx, 'community null');
    await updatePost(ctx, id, { communityId: community });
    if ((await readOwnPost(ctx, id)).communityId !== community) fail(`communityId ${community} was not set`);
    await updatePost(ctx, id, { communityId: null });
    const after = await readOwnPost(ctx, id);
    if (after.communityId !== undefined) fail(`communityId null left ${JSON.stringify(after.communityId)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.clear-image'],
  'PUT clearImage true removes the cover, and is ignored when imageUrl is given too',
  async (ctx) => {
    const id = await createDraft(ctx, 'clear image', { imageUrl: COVER });
    if ((await readOwnPost(ctx, id)).imageUrl === undefined) fail('the post created with imageUrl has no cover');
    await updatePost(ctx, id, { clearImage: true, imageUrl: 'https://images.example.com/conformance/other.png' });
    if ((await readOwnPost(ctx, id)).imageUrl === undefined) fail('clearImage with imageUrl removed the cover; it must be ignored');
    await updatePost(ctx, id, { clearImage: true });
    const after = await readOwnPost(ctx, id);
    if (after.imageUrl !== undefined) fail(`clearImage true left the cover ${after.imageUrl}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.clear-image-alt'],
  'PUT clearImage true removes the alt text with the cover: a new cover after it has none',
  async (ctx) => {
    const id = await createDraft(ctx, 'clear image alt', { imageUrl: COVER });
    await updatePost(ctx, id, { imageAlt: 'The cleared cover' });
    if ((await readOwnPost(ctx, id)).imageAlt !== 'The cleared cover') fail('imageAlt was not set on a post with a cover');
    await updatePost(ctx, id, { clearImage: true });
    await updatePost(ctx, id, { imageUrl: COVER });
    const after = await readOwnPost(ctx, id);
    if (after.imageAlt !== undefined) fail(`a new cover after clearImage shows the old alt text ${JSON.stringify(after.imageAlt)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.image-alt-clear'],
  'PUT imageAlt null or empty clears the alt text of the cover',
  async (ctx) => {
    const id = await createDraft(ctx, 'alt clear', { imageUrl: COVER });
    for (const clear of [null, '']) {
      await updatePost(ctx, id, { imageAlt: 'A described cover' });
      if ((await readOwnPost(ctx, id)).imageAlt !== 'A described cover') fail('imageAlt was not set on a post with a cover');
      await updatePost(ctx, id, { imageAlt: clear });
      const after = await readOwnPost(ctx, id);
      if (after.imageAlt) fail(`imageAlt ${JSON.stringify(clear)} left ${JSON.stringify(after.imageAlt)}`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.image-alt-no-cover'],
  'PUT imageAlt on a post without a cover is ignored; the cover that counts is the one the request leaves',
  async (ctx) => {
    const id = await createDraft(ctx, 'alt without cover');
    await updatePost(ctx, id, { imageAlt: 'Describes nothing' });
    const after = await readOwnPost(ctx, id);
    if (after.imageAlt !== undefined) fail(`imageAlt on a post without a cover was stored: ${JSON.stringify(after.imageAlt)}`);
    // A cover sent with it is the post's cover: the alt text describes it.
    await updatePost(ctx, id, { imageUrl: COVER, imageAlt: 'Describes the new cover' });
    const covered = await readOwnPost(ctx, id);
    if (covered.imageAlt !== 'Describes the new cover') fail(`imageAlt sent with a first cover read back as ${JSON.stringify(covered.imageAlt)}`);
    // A cover cleared by the same request leaves none: the alt text is ignored, and a later cover does not show it.
    await updatePost(ctx, id, { clearImage: true, imageAlt: 'Describes a cleared cover' });
    await updatePost(ctx, id, { imageUrl: COVER });
    const recovered = await readOwnPost(ctx, id);
    if (recovered.imageAlt !== undefined) fail(`imageAlt sent with clearImage was stored: a later cover shows ${JSON.stringify(recovered.imageAlt)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.slug-length'],
  'PUT accepts a one-character slug (the lower bound) and refuses an empty one',
  async (ctx) => {
    const id = await createDraft(ctx, 'one character slug');
    const original = (await readOwnPost(ctx, id)).slug;
    expectError(await ctx.api.put(`/v1/posts/${id}`, { slug: '' }), 400);
    // A one-character slug may belong to another post already: any free one will do.
    let accepted: string | undefined;
    for (const candidate of 'qzxjkvwy0123456789abcdefghilmnoprstu') {
      const res = await ctx.api.put(`/v1/posts/${id}`, { slug: candidate });
      if (res.status === 200) {
        accepted = candidate;
        break;
      }
    }
    if (!accepted) fail('no one-character slug was accepted (36 tried); slugs are 1..256 characters');
    const after = await readOwnPost(ctx, id);
    // Give the short slug back before anything else can fail.
    await updatePost(ctx, id, { slug: original });
    if (after.slug !== accepted) fail(`the slug ${accepted} was accepted but reads back as ${after.slug}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.update.omitted-unchanged'],
  'PUT without imageAlt keeps the alt text of the cover',
  async (ctx) => {
    const id = await createDraft(ctx, 'alt kept', { imageUrl: COVER });
    await updatePost(ctx, id, { imageAlt: 'A cover worth describing' });
    await updatePost(ctx, id, { subtitle: 'Edited beside the cover' });
    const after = await readOwnPost(ctx, id);
    if (after.imageAlt !== 'A cover worth describing') fail(`a PUT without imageAlt left the alt text ${JSON.stringify(after.imageAlt)}`);
  },
  { needs: ['apiKey'] },
);
