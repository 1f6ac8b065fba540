/**
 * The rate-limit part of the test-control API (capability rate-limit): see
 * and set the limit of /v1 requests. /_control itself is never limited, and
 * POST /_control/reset turns limiting off.
 */
import { ControlRateLimitChange } from '../../../schemas/control.js';
import type { RouteDef } from '../http/types.js';
import { parseOr400 } from '../http/validate.js';
import type { RateLimiter } from './limiter.js';

export const RATE_LIMIT_CONTROL_CAPABILITIES = ['rate-limit'];

export function rateLimitControlRoutes(limiter: RateLimiter): RouteDef[] {
  return [
    { method: 'GET', path: '/_control/rate-limit', auth: 'none', handler: () => ({ json: limiter.view() }) },
    {
      method: 'POST',
      path: '/_control/rate-limit',
      auth: 'none',
      handler: async (ctx) => {
        const { limit, windowMs } = parseOr400(ControlRateLimitChange, await ctx.json());
        limiter.set(limit, windowMs ?? undefined);
        return { json: limiter.view() };
      },
    },
  ];
}
