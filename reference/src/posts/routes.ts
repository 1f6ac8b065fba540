/**
 * HTTP for posts: extract, call the store, shape. Visibility and every rule
 * live in the store; here only who is asking and how the answer looks.
 */
import { paginate } from '../pagination.js';
import { parseOr400, parseQuery } from '../http/validate.js';
import { requireCaller, type Reply, type RequestContext, type RouteDef } from '../http/types.js';
import { publicationView } from '../publications/store.js';
import {
  FEED_PAGE,
  FeedQuery,
  OwnPostsQuery,
  PostCreate,
  PostGetQuery,
  PostUpdate,
  POSTS_PAGE,
  PublicationPostsQuery,
  TagPostsQuery,
} from '../../../schemas/posts.js';
import { requestDocument } from './fields.js';
import type { PostRecord } from './record.js';
import type { SortedList } from './lists.js';
import { authorsOf, postView } from './view.js';

function viewer(ctx: RequestContext, includeContent: boolean, own: boolean) {
  return (post: PostRecord) => postView(post, { own, includeContent, baseUrl: ctx.baseUrl, users: ctx.state.users });
}

/** A list query with its defaults (the query schemas fill them; the types cannot say so). */
function listRequest(q: { cursor?: string; limit?: number; includeContent?: boolean }, defaultLimit: number) {
  return { cursor: q.cursor, limit: q.limit ?? defaultLimit, includeContent: q.includeContent ?? false };
}

/** Single-post reads take only includeContent. */
function includeContentOf(ctx: RequestContext): boolean {
  return parseQuery(PostGetQuery, ctx.query).includeContent ?? false;
}

function page<R>(ctx: RequestContext, list: SortedList, query: { cursor?: string; limit: number }, map: (p: PostRecord) => R) {
  return paginate(ctx.state.cursors, list.scope, list.source, list.order, query, map);
}

async function updateOwnPost(ctx: RequestContext, postId: string): Promise<Reply> {
  const caller = requireCaller(ctx);
  // 404 before 400: a post that is not the caller's is not found, whatever the body says.
  ctx.state.posts.requireOwn(caller.publicationId, postId);
  const body = parseOr400(PostUpdate, await ctx.json());
  ctx.state.posts.update(caller.publicationId, postId, body, await requestDocument(body));
  return { json: { success: true } };
}

function deleteOwnPost(ctx: RequestContext, postId: string): Reply {
  ctx.state.posts.delete(requireCaller(ctx).publicationId, postId);
  return { json: { success: true } };
}

export const postRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/posts',
    auth: 'required',
    handler: (ctx) => {
      const caller = requireCaller(ctx);
      const raw = parseQuery(OwnPostsQuery, ctx.query);
      const q = listRequest(raw, POSTS_PAGE.default);
      const list = ctx.state.posts.listOwn(caller.publicationId, raw.status ?? 'published');
      return { json: page(ctx, list, q, viewer(ctx, q.includeContent, true)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/posts/feed',
    auth: 'none',
    handler: (ctx) => {
      const q = listRequest(parseQuery(FeedQuery, ctx.query), FEED_PAGE.default);
      const view = viewer(ctx, q.includeContent, false);
      const { posts, publications, users } = ctx.state;
      return {
        json: page(ctx, posts.listCurated(), q, (post) => ({
          post: view(post),
          publication: publicationView(publications.require(post.publicationId)),
          // The byline's first author; a post always has at least one.
          user: authorsOf(post, users)[0],
        })),
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/posts/tag/:tag',
    auth: 'none',
    handler: (ctx) => {
      const q = listRequest(parseQuery(TagPostsQuery, ctx.query), POSTS_PAGE.default);
      return { json: page(ctx, ctx.state.posts.listTagged(ctx.params.tag), q, viewer(ctx, q.includeContent, false)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/posts/:postId',
    auth: 'optional',
    cached: true,
    handler: (ctx) => {
      const includeContent = includeContentOf(ctx);
      const { post, own } = ctx.state.posts.readable(ctx.params.postId, ctx.caller?.publicationId ?? null);
      return { json: viewer(ctx, includeContent, own)(post) };
    },
  },
  {
    method: 'POST',
    path: '/v1/posts',
    auth: 'required',
    handler: async (ctx) => {
      const caller = requireCaller(ctx);
      const body = parseOr400(PostCreate, await ctx.json());
      const post = ctx.state.posts.create(caller.publicationId, body, await requestDocument(body));
      return { json: { id: post.id, status: post.status } };
    },
  },
  {
    method: 'PUT',
    path: '/v1/posts/:postId',
    auth: 'required',
    handler: (ctx) => updateOwnPost(ctx, ctx.params.postId),
  },
  {
    method: 'DELETE',
    path: '/v1/posts/:postId',
    auth: 'required',
    handler: (ctx) => deleteOwnPost(ctx, ctx.params.postId),
  },
  // The same writes addressed by the post's slug in the key's publication (production's updatePostBySlug, deletePostBySlug).
  {
    method: 'PUT',
    path: '/v1/posts/slug/:slug',
    auth: 'required',
    handler: (ctx) => updateOwnPost(ctx, ctx.state.posts.ownIdBySlug(requireCaller(ctx).publicationId, ctx.params.slug)),
  },
  {
    method: 'DELETE',
    path: '/v1/posts/slug/:slug',
    auth: 'required',
    handler: (ctx) => deleteOwnPost(ctx, ctx.state.posts.ownIdBySlug(requireCaller(ctx).publicationId, ctx.params.slug)),
  },
  {
    method: 'GET',
    path: '/v1/publications/:publicationId/posts',
    auth: 'none',
    handler: (ctx) => {
      const q = listRequest(parseQuery(PublicationPostsQuery, ctx.query), POSTS_PAGE.default);
      const publication = ctx.state.publications.require(ctx.params.publicationId);
      return { json: page(ctx, ctx.state.posts.listPublication(publication.id), q, viewer(ctx, q.includeContent, false)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/publications/:publicationId/posts/slug/:postSlug',
    auth: 'none',
    handler: (ctx) => {
      const includeContent = includeContentOf(ctx);
      const publication = ctx.state.publications.require(ctx.params.publicationId);
      return { json: viewer(ctx, includeContent, false)(ctx.state.posts.publishedBySlug(publication.id, ctx.params.postSlug)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/publications/slug/:slug/posts/slug/:postSlug',
    auth: 'none',
    handler: (ctx) => {
      const includeContent = includeContentOf(ctx);
      const publication = ctx.state.publications.bySlugOrAt(ctx.params.slug);
      return { json: viewer(ctx, includeContent, false)(ctx.state.posts.publishedBySlug(publication.id, ctx.params.postSlug)) };
    },
  },
];
