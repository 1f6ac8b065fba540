/**
 * The analytics part of the test-control API: see the engine and change its
 * per-query time limit, so a suite can check the 408 without a 30-second
 * query (capability analytics-timeout).
 */
import { ControlAnalyticsChange } from '../../../schemas/analytics.js';
import type { RouteDef } from '../http/types.js';
import { parseOr400 } from '../http/validate.js';
import type { AnalyticsService } from './service.js';

export const ANALYTICS_CONTROL_CAPABILITIES = ['analytics-timeout'];

export function analyticsControlRoutes(analytics: AnalyticsService): RouteDef[] {
  return [
    { method: 'GET', path: '/_control/analytics', auth: 'none', handler: () => ({ json: analytics.info() }) },
    {
      method: 'POST',
      path: '/_control/analytics',
      auth: 'none',
      handler: async (ctx) => {
        const { timeoutMs } = parseOr400(ControlAnalyticsChange, await ctx.json());
        analytics.setTimeLimit(timeoutMs);
        return { json: analytics.info() };
      },
    },
  ];
}
