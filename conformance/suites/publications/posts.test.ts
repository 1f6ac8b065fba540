/**
 * A publication's posts: the public list (published posts only, no key
 * needed, content on request) and a post by its slug, by publication id or
 * by publication slug (SILENT.md).
 */
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { Post, PostPage } from '../../../schemas/posts.js';
import { walkItems } from '../posts/support/lists.js';
import { createDraft, ownPostsWithStatus, readOwnPost } from '../posts/support/posts-api.js';
import { publicationA } from './support.js';

rule(
  ['publications.posts.list', 'publications.posts.no-auth', 'posts.shape.status-own-only', 'posts.shape.views-own-only'],
  "GET /v1/publications/{publicationId}/posts without a key answers pages of Posts, without own-post fields",
  async (ctx) => {
    const { id } = publicationA(ctx);
    const items = await walkItems(ctx.api.anonymous, `/v1/publications/${id}/posts`, Post, { limit: 7 });
    const own = items.find((p) => p.status !== undefined || p.views !== undefined);
    if (own) fail(`the public list carries status or views on ${own.id}`);
  },
  { needs: ['publicationIds'] },
);

rule(
  ['publications.posts.published-only'],
  "a publication's post list holds its published posts only: a new draft is not in it",
  async (ctx) => {
    const { id } = publicationA(ctx);
    const draft = await createDraft(ctx, 'not in the public list');
    const listed = await walkItems(ctx.api.anonymous, `/v1/publications/${id}/posts`, Post, { limit: 100 });
    if (listed.some((p) => p.id === draft)) fail(`the draft ${draft} is in the public list`);
    const published = new Set((await ownPostsWithStatus(ctx.api, 'published')).map((p) => p.id));
    const other = listed.find((p) => !published.has(p.id));
    if (other) fail(`the public list holds ${other.id}, which is not among the publication's published posts`);
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.posts.include-content'],
  "a publication's post list carries content only with includeContent=true",
  async (ctx) => {
    const { id } = publicationA(ctx);
    const plain = expectOk(await ctx.api.anonymous.get(`/v1/publications/${id}/posts`), PostPage);
    if (plain.items.some((p) => p.markdown !== undefined || p.json !== undefined || p.staticHtml !== undefined)) fail('the list carries content without includeContent');
    const full = expectOk(await ctx.api.anonymous.get(`/v1/publications/${id}/posts`, { query: { includeContent: 'true' } }), PostPage);
    if (full.items.length === 0) return ctx.skip('precondition: the publication has no published post');
    if (full.items.some((p) => typeof p.markdown !== 'string' || typeof p.json !== 'string' || typeof p.staticHtml !== 'string')) {
      fail('the list with includeContent=true lacks markdown, json or staticHtml');
    }
  },
  { needs: ['publicationIds'] },
);

rule(
  ['publications.post-by-slug.get', 'publications.post-by-slugs.get'],
  'a published post is read by its slug, by publication id and by publication slug, with includeContent',
  async (ctx) => {
    const publication = publicationA(ctx);
    const [post] = expectOk(await ctx.api.anonymous.get(`/v1/publications/${publication.id}/posts`, { query: { limit: 1 } }), PostPage).items;
    if (!post) return ctx.skip('precondition: the publication has no published post');
    const paths = [
      `/v1/publications/${publication.id}/posts/slug/${encodeURIComponent(post.slug)}`,
      `/v1/publications/slug/${encodeURIComponent(publication.slug)}/posts/slug/${encodeURIComponent(post.slug)}`,
    ];
    for (const path of paths) {
      const plain = expectOk(await ctx.api.anonymous.get(path), Post);
      if (plain.id !== post.id) fail(`GET ${path} answered ${plain.id}, expected ${post.id}`);
      if (plain.markdown !== undefined) fail(`GET ${path} carries content without includeContent`);
      const full = expectOk(await ctx.api.anonymous.get(path, { query: { includeContent: 'true' } }), Post);
      if (typeof full.markdown !== 'string' || typeof full.json !== 'string' || typeof full.staticHtml !== 'string') fail(`GET ${path}?includeContent=true lacks content`);
    }
  },
  { needs: ['publicationIds'] },
);

rule(
  ['posts.shape.status-own-only', 'posts.shape.views-own-only', 'publications.post-by-slug.get', 'publications.post-by-slugs.get', 'posts.tag.list'],
  "a published post read by its slug (under the publication's id or slug) or listed by one of its categories carries neither status nor views, even for its own publication's key",
  async (ctx) => {
    const publication = publicationA(ctx);
    const tagged = expectOk(await ctx.api.anonymous.get(`/v1/publications/${publication.id}/posts`, { query: { limit: 50 } }), PostPage).items.find(
      (p) => (p.categories ?? []).length > 0,
    );
    if (!tagged) return ctx.skip('precondition: the publication has no published post with a category');
    const reads = [
      `/v1/publications/${publication.id}/posts/slug/${encodeURIComponent(tagged.slug)}`,
      `/v1/publications/slug/${encodeURIComponent(publication.slug)}/posts/slug/${encodeURIComponent(tagged.slug)}`,
    ];
    const tagPath = `/v1/posts/tag/${encodeURIComponent(tagged.categories![0]!)}`;
    for (const client of [ctx.api.anonymous, ctx.api]) {
      const posts = [
        ...(await Promise.all(reads.map(async (path) => ({ path, post: expectOk(await client.get(path), Post) })))),
        ...expectOk(await client.get(tagPath), PostPage).items.map((post) => ({ path: tagPath, post })),
      ];
      for (const { path, post } of posts) {
        if (post.status !== undefined || post.views !== undefined) {
          fail(`GET ${path} ${client === ctx.api ? "with the publication's key" : 'without a key'} carries status ${post.status} and views ${post.views} for post ${post.id}`);
        }
      }
    }
  },
  { needs: ['publicationIds'] },
);

rule(
  ['publications.post-by-slug.unknown-404'],
  'a post slug that does not exist answers 404 with the error body',
  async (ctx) => {
    const publication = publicationA(ctx);
    await ctx.check(fc.stringMatching(/^cfx-[a-z0-9]{6,40}$/), async (slug) => {
      expectError(await ctx.api.anonymous.get(`/v1/publications/${publication.id}/posts/slug/${slug}`), 404);
      expectError(await ctx.api.anonymous.get(`/v1/publications/slug/${publication.slug}/posts/slug/${slug}`), 404);
    });
  },
  { needs: ['publicationIds'] },
);

rule(
  ['publications.post-by-slug.published-only'],
  "the slug of a draft answers 404 on the public reads by slug",
  async (ctx) => {
    const publication = publicationA(ctx);
    const { slug } = await readOwnPost(ctx, await createDraft(ctx, 'draft slug is not public'));
    expectError(await ctx.api.anonymous.get(`/v1/publications/${publication.id}/posts/slug/${slug}`), 404);
    expectError(await ctx.api.anonymous.get(`/v1/publications/slug/${publication.slug}/posts/slug/${slug}`), 404);
  },
  { needs: ['apiKey', 'publicationIds'] },
);
