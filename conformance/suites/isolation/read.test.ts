/**
 * Isolation of reads (Authentication 2-3): with A's key, nothing of B that
 * is not public can be read: not B's drafts, scheduled or archived posts by
 * id, not in any of A's lists, not B's content groups.
 */
import { expectError, fail, rule } from '../../src/authoring/index.js';
import { LIVE_LIST_STATUSES, createDraft, ownPostsWithStatus } from '../posts/support/posts-api.js';
import { expectRefusedAcross, foreignPosts } from './support.js';

rule(
  ['auth.isolation.read'],
  "B's posts that are not published cannot be read by id with A's key, nor without a key",
  async (ctx) => {
    const { hidden } = await foreignPosts(ctx);
    for (const id of hidden) {
      expectRefusedAcross(await ctx.api.get(`/v1/posts/${id}`));
      expectRefusedAcross(await ctx.api.get(`/v1/posts/${id}`, { query: { includeContent: 'true' } }));
      expectError(await ctx.api.anonymous.get(`/v1/posts/${id}`), '4xx');
    }
  },
  { needs: ['apiKey', 'secondKey'] },
);

rule(
  ['auth.isolation.read', 'posts.list.own-publication'],
  "none of A's lists, in any status, holds a post of B",
  async (ctx) => {
    const { ours } = await foreignPosts(ctx);
    const foreign = new Set(ours);
    for (const status of [...LIVE_LIST_STATUSES, 'archived']) for (const post of await ownPostsWithStatus(ctx.api.b, status)) foreign.add(post.id);
    for (const status of [...LIVE_LIST_STATUSES, 'archived']) {
      const leaked = (await ownPostsWithStatus(ctx.api, status)).find((post) => foreign.has(post.id));
      if (leaked) fail(`GET /v1/posts?status=${status} with A's key lists ${leaked.id}, a post of B`);
    }
  },
  { needs: ['apiKey', 'secondKey'] },
);

rule(
  ['auth.key.identifies-publication'],
  "a post created with A's key belongs to A: it is in A's drafts and not in B's",
  async (ctx) => {
    const id = await createDraft(ctx, 'whose is it');
    if (!(await ownPostsWithStatus(ctx.api, 'draft')).some((p) => p.id === id)) fail(`the draft ${id} created with A's key is not in A's drafts`);
    if ((await ownPostsWithStatus(ctx.api.b, 'draft')).some((p) => p.id === id)) fail(`the draft ${id} created with A's key is in B's drafts`);
  },
  { needs: ['apiKey', 'secondKey'] },
);

rule(
  ['auth.isolation.read'],
  "the content group of B's post cannot be read with A's key",
  async (ctx) => {
    const { ours } = await foreignPosts(ctx);
    expectRefusedAcross(await ctx.api.get(`/v1/posts/${ours[0]}/bucket`));
  },
  { needs: ['apiKey', 'secondKey'] },
);

rule(
  ['auth.isolation.hidden-404'],
  "B's posts that are not published answer 404 to A's key, as if they did not exist",
  async (ctx) => {
    const { hidden } = await foreignPosts(ctx);
    for (const id of hidden) expectError(await ctx.api.get(`/v1/posts/${id}`), 404);
  },
  { needs: ['apiKey', 'secondKey'] },
);
