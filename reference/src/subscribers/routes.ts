/**
 * HTTP for subscribers: add, delete, CSV import (SPEC.md), and the list and
 * count of SILENT.md's extended endpoints. Extract, call the store, shape.
 */
import { parseOr400, parseQuery } from '../http/validate.js';
import { requireCaller, type RouteDef } from '../http/types.js';
import { paginate } from '../pagination.js';
import {
  SubscriberAdd,
  SubscriberDelete,
  SubscriberListQuery,
  SUBSCRIBER_LIMITS,
  type SubscriberItemT,
} from '../../../schemas/subscribers.js';
import { importSubscribers } from './import.js';
import { NEWEST_FIRST, type SubscriberRecord } from './store.js';

const OK = { json: { success: true } } as const;


export function subscriberItem(r: SubscriberRecord): SubscriberItemT {
  const item: SubscriberItemT = { createdAt: r.createdAt };
  if (r.email !== null) item.email = r.email;
  if (r.wallet !== null) item.walletAddress = r.wallet;
  return item;
}

export const subscriberRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/subscribers',
    auth: 'required',
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const body = parseOr400(SubscriberAdd, await ctx.json());
      ctx.state.subscribers.add(
        publicationId,
        { email: body.email ?? null, wallet: body.wallet ?? null, createdAt: body.createdAt },
        { source: 'api', strict: true },
      );
      return OK;
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscribers',
    auth: 'required',
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const body = parseOr400(SubscriberDelete, await ctx.json());
      ctx.state.subscribers.remove(publicationId, { email: body.email ?? null, wallet: body.wallet ?? null });
      return OK;
    },
  },
  {
    method: 'POST',
    path: '/v1/subscribers/import',
    auth: 'required',
    bodyLimit: SUBSCRIBER_LIMITS.importMaxBytes,
    handler: async (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const summary = await importSubscribers(ctx.req, ctx.res, ctx.state, publicationId, ctx.state.clock.now());
      return {
        json: { success: true },
        // Ours, for people and benchmarks; the body stays what SILENT.md says.
        headers: {
          'X-Import-Summary': `rows=${summary.dataRows}; created=${summary.created}; attached=${summary.attached}; unchanged=${summary.unchanged}; invalid=${summary.invalid}; conflicts=${summary.conflicts}`,
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/subscribers',
    auth: 'required',
    handler: (ctx) => {
      const { publicationId } = requireCaller(ctx);
      const query = parseQuery(SubscriberListQuery, ctx.query);
      const page = paginate(
        ctx.state.cursors,
        `subscribers:${publicationId}`,
        ctx.state.subscribers.activeList(publicationId),
        NEWEST_FIRST,
        { cursor: query.cursor, limit: query.limit ?? SUBSCRIBER_LIMITS.listDefault },
        subscriberItem,
      );
      return { json: page };
    },
  },
  {
    method: 'GET',
    path: '/v1/publications/:publicationId/subscribers/count',
    // Public, as production documents it (no security on getSubscriberCount): any publication's count.
    auth: 'none',
    handler: (ctx) => {
      const publication = ctx.state.publications.require(ctx.params.publicationId);
      return { json: { count: ctx.state.subscribers.count(publication.id) } };
    },
  },
];
