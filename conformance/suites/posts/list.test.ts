/**
 * GET /v1/posts: the key's publication's posts, one status at a time
 * (published by default), pages of the contract's Post.
 */
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { Post, PostPage, POST_STATUSES } from '../../../schemas/posts.js';
import { walkItems } from './support/lists.js';
import { createDraft, ownPostsWithStatus } from './support/posts-api.js';

rule(
  ['posts.list.page', 'posts.list.default-published'],
  'GET /v1/posts without status lists the published posts, as pages of Posts',
  async (ctx) => {
    const byDefault = await walkItems(ctx.api, '/v1/posts', Post, { limit: 100 });
    const published = await ownPostsWithStatus(ctx.api, 'published');
    const notPublished = byDefault.filter((p) => p.status !== 'published');
    if (notPublished.length > 0) fail(`GET /v1/posts without status lists ${notPublished[0]!.id} with status ${notPublished[0]!.status}`);
    const a = byDefault.map((p) => p.id).sort();
    const b = published.map((p) => p.id).sort();
    if (JSON.stringify(a) !== JSON.stringify(b)) fail(`GET /v1/posts lists ${a.length} posts, GET /v1/posts?status=published ${b.length}: not the same posts`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.list.status-filter'],
  'GET /v1/posts?status= lists only posts of that status, a new draft under draft only',
  async (ctx) => {
    const id = await createDraft(ctx, 'status filter');
    for (const status of POST_STATUSES) {
      const posts = await ownPostsWithStatus(ctx.api, status);
      const other = posts.find((p) => p.status !== status);
      if (other) fail(`GET /v1/posts?status=${status} lists ${other.id} with status ${other.status}`);
      const listed = posts.some((p) => p.id === id);
      if (listed !== (status === 'draft')) fail(`the new draft ${id} is ${listed ? '' : 'not '}listed under status ${status}`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.list.include-content'],
  'GET /v1/posts adds markdown, json and staticHtml to the items only with includeContent=true',
  async (ctx) => {
    await createDraft(ctx, 'list include content');
    const plain = expectOk(await ctx.api.get('/v1/posts', { query: { status: 'draft' } }), PostPage);
    const leaking = plain.items.find((p) => p.markdown !== undefined || p.json !== undefined || p.staticHtml !== undefined);
    if (leaking) fail(`GET /v1/posts?status=draft (no includeContent) carries content on ${leaking.id}`);
    const full = expectOk(await ctx.api.get('/v1/posts', { query: { status: 'draft', includeContent: 'true' } }), PostPage);
    const lacking = full.items.find((p) => typeof p.markdown !== 'string' || typeof p.json !== 'string' || typeof p.staticHtml !== 'string');
    if (lacking) fail(`GET /v1/posts?status=draft&includeContent=true lacks content on ${lacking.id}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.list.status-filter', 'errors.400.invalid-request'],
  'GET /v1/posts with a status outside the enum answers 400',
  async (ctx) => {
    const status = fc.stringMatching(/^[a-z]{1,12}$/).filter((s) => !(POST_STATUSES as readonly string[]).includes(s));
    await ctx.check(status, async (value) => {
      expectError(await ctx.api.get('/v1/posts', { query: { status: value } }), 400);
    });
  },
  { needs: ['apiKey'] },
);
