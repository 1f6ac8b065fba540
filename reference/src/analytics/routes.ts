/**
 * HTTP for analytics (SPEC.md › Analytics): the query and the schema listing.
 * The key's publication scopes the query; the engine does the rest (guard,
 * row-level security, row cap, time limit: 400 and 408 come from there).
 */
import { AnalyticsQuery } from '../../../schemas/analytics.js';
import { requireCaller, type RouteDef } from '../http/types.js';
import { parseOr400 } from '../http/validate.js';
import type { AnalyticsService } from './service.js';

export function analyticsRoutes(analytics: AnalyticsService): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/v1/analytics/query',
      auth: 'required',
      handler: async (ctx) => {
        const { publicationId } = requireCaller(ctx);
        const { sql } = parseOr400(AnalyticsQuery, await ctx.json());
        return { json: await analytics.query(publicationId, sql) };
      },
    },
    {
      method: 'GET',
      path: '/v1/analytics/schema',
      auth: 'required',
      handler: async () => ({ json: await analytics.schema() }),
    },
  ];
}
