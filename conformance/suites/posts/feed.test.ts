/**
 * The curated feed (GET /v1/posts/feed) and, in the extended profile, the
 * list by tag: public lists of published posts across publications.
 */
import { expectOk, fail, rule } from '../../src/authoring/index.js';
import { FeedItem, FeedPage, Post, PostPage } from '../../../schemas/posts.js';
import { walkItems } from './support/lists.js';
import { createPublished, ownPostsWithStatus } from './support/posts-api.js';

rule(
  ['feed.get.page', 'feed.get.no-auth'],
  'GET /v1/posts/feed without a key answers pages of {post, publication, user}, the user being an author of the post',
  async (ctx) => {
    const page = expectOk(await ctx.api.anonymous.get('/v1/posts/feed'), FeedPage);
    for (const item of page.items) {
      if (item.post.status !== undefined || item.post.views !== undefined) fail(`the feed carries own-post fields on ${item.post.id}`);
      const authorIds = item.post.authorIds ?? item.post.authors?.map((a) => a.id);
      if (authorIds && !authorIds.includes(item.user.id)) fail(`the feed item of ${item.post.id} names the user ${item.user.id}, not one of its authors`);
    }
  },
);

rule(
  ['feed.get.include-content'],
  'GET /v1/posts/feed carries content only with includeContent=true',
  async (ctx) => {
    const plain = expectOk(await ctx.api.anonymous.get('/v1/posts/feed'), FeedPage);
    if (plain.items.some((i) => i.post.markdown !== undefined || i.post.json !== undefined || i.post.staticHtml !== undefined)) fail('the feed carries content without includeContent');
    const full = expectOk(await ctx.api.anonymous.get('/v1/posts/feed', { query: { includeContent: 'true' } }), FeedPage);
    if (full.items.length === 0) return ctx.skip('precondition: the feed is empty');
    if (full.items.some((i) => typeof i.post.markdown !== 'string' || typeof i.post.json !== 'string' || typeof i.post.staticHtml !== 'string')) {
      fail('the feed with includeContent=true lacks markdown, json or staticHtml');
    }
  },
);

rule(
  ['feed.get.curated-only'],
  'a post published through the API is not in the curated feed',
  async (ctx) => {
    const id = await createPublished(ctx, 'published, not curated');
    const items = await walkItems(ctx.api.anonymous, '/v1/posts/feed', FeedItem, { limit: 50 });
    if (items.some((item) => item.post.id === id)) fail(`the feed lists ${id}, a post just published through the API, which no fixture marks as curated`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.tag.list'],
  'GET /v1/posts/tag/{tag} lists published posts carrying that category, whatever its case and space around it; a category no post has lists nothing',
  async (ctx) => {
    const published = await ownPostsWithStatus(ctx.api, 'published');
    // A newsletter-only post (publishOnline false) is not on the public site, so not in a public list either.
    const tagged = published.find((p) => (p.categories ?? []).length > 0 && p.publishOnline !== false);
    if (!tagged) return ctx.skip('precondition: no published post of publication A on the public site has a category');
    const tag = tagged.categories![0]!;
    for (const form of [tag, tag.toUpperCase()]) {
      const items = await walkItems(ctx.api.anonymous, `/v1/posts/tag/${encodeURIComponent(form)}`, Post, { limit: 50 });
      if (!items.some((p) => p.id === tagged.id)) fail(`GET /v1/posts/tag/${form} does not list ${tagged.id}, a published post with category ${tag}`);
      const other = items.find((p) => !(p.categories ?? []).some((c) => c.toLowerCase() === tag.toLowerCase()));
      if (other) fail(`GET /v1/posts/tag/${form} lists ${other.id}, whose categories are ${JSON.stringify(other.categories)}`);
    }
    // Categories are stored trimmed: the tag is trimmed too before it is compared.
    const padded = ` ${tag} `;
    const paddedItems = await walkItems(ctx.api.anonymous, `/v1/posts/tag/${encodeURIComponent(padded)}`, Post, { limit: 50 });
    if (!paddedItems.some((p) => p.id === tagged.id)) fail(`GET /v1/posts/tag/${encodeURIComponent(padded)} does not list ${tagged.id}, a published post with category ${tag}`);
    const unknown = `cfx-no-post-has-${ctx.runId}`;
    const none = expectOk(await ctx.api.anonymous.get(`/v1/posts/tag/${unknown}`), PostPage);
    if (none.items.length > 0 || none.pagination.total !== 0 || none.pagination.hasMore) fail(`GET /v1/posts/tag/${unknown}, a category no post has, answered ${JSON.stringify(none)}`);
    const drafts = new Set((await ownPostsWithStatus(ctx.api, 'draft')).map((p) => p.id));
    const draft = (await walkItems(ctx.api.anonymous, `/v1/posts/tag/${encodeURIComponent(tag)}`, Post, { limit: 50 })).find((p) => drafts.has(p.id));
    if (draft) fail(`GET /v1/posts/tag/${tag} lists the draft ${draft.id}`);
  },
  { needs: ['apiKey'] },
);
