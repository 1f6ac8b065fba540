/**
 * HTTP for content groups: /v1/buckets and /v1/posts/{postId}/bucket.
 * The path parameter is `:postId`, the name the posts routes use at the same
 * place (the router requires one name per position).
 */
import { BucketListQuery, PostBucketCreate } from '../../../schemas/buckets.js';
import { CONTENT_LIMITS } from '../../../schemas/content.js';
import { paginate, sortByOrder, type ListOrder } from '../pagination.js';
import { parseOr400, parseQuery } from '../http/validate.js';
import { requireCaller, type RequestContext, type RouteDef } from '../http/types.js';
import type { State } from '../state.js';
import type { BucketRecord } from './store.js';
import { bucketActivity, bucketView, type BucketViewSources } from './view.js';

export function bucketSources(state: State): BucketViewSources {
  return {
    post: (id) => state.posts.get(id),
    piece: (id) => state.content.get(id),
    publicationSlug: (id) => state.publications.get(id)?.slug,
  };
}

function mostRecentlyActive(sources: BucketViewSources): ListOrder<BucketRecord> {
  return { key: (b) => [bucketActivity(b, sources), b.id], descending: [true, false] };
}

const caller = (ctx: RequestContext) => requireCaller(ctx).publicationId;

export const bucketRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/posts/:postId/bucket',
    auth: 'required',
    handler: async (ctx) => {
      parseOr400(PostBucketCreate, await ctx.json());
      // From here to the answer nothing awaits: concurrent calls cannot both create.
      return { json: { bucketId: ctx.state.buckets.ensureForPost(caller(ctx), ctx.params.postId).id } };
    },
  },
  {
    method: 'GET',
    path: '/v1/posts/:postId/bucket',
    auth: 'required',
    handler: (ctx) => ({
      json: { bucketId: ctx.state.buckets.bucketOfPost(caller(ctx), ctx.params.postId)?.id ?? null },
    }),
  },
  {
    method: 'GET',
    path: '/v1/buckets',
    auth: 'required',
    handler: (ctx) => {
      const publicationId = caller(ctx);
      const query = parseQuery(BucketListQuery, ctx.query);
      const sources = bucketSources(ctx.state);
      const order = mostRecentlyActive(sources);
      const buckets = sortByOrder(ctx.state.buckets.listOf(publicationId), order);
      const page = { cursor: query.cursor, limit: query.limit ?? CONTENT_LIMITS.pageDefault };
      return {
        json: paginate(ctx.state.cursors, `buckets:${publicationId}`, buckets, order, page, (b) => bucketView(b, sources)),
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/buckets/:bucketId',
    auth: 'required',
    handler: (ctx) => ({
      json: bucketView(ctx.state.buckets.requireOwn(caller(ctx), ctx.params.bucketId), bucketSources(ctx.state)),
    }),
  },
];
