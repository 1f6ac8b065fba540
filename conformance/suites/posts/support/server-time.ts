/**
 * "Now" as the target sees it: scheduling windows (future, at most 30 days)
 * are judged by the target's clock, which the control API may have moved
 * away from real time.
 */
import type { RuleContext } from '../../../src/authoring/index.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const SCHEDULE_WINDOW_MS = 30 * DAY_MS;

/**
 * The target's clock: from the control API when it has one, else from the
 * Date header of a cheap public request (second resolution, which the
 * ten-minute margins of schedule.ts absorb), else this machine's.
 */
export async function targetNow(ctx: RuleContext): Promise<number> {
  if (ctx.target.control.capabilities.includes('clock')) return (await ctx.control.clock()).now;
  const res = await ctx.api.anonymous.get('/v1/posts/feed', { query: { limit: 1 } });
  const date = Date.parse(res.headers.date ?? '');
  return Number.isFinite(date) ? date : Date.now();
}

/**
 * Runs `fn` with the target's clock frozen (exact window boundaries, no
 * drift between "now" and the request), then puts the clock back as it was.
 * Needs the clock capability: declare needs: ['control:clock'].
 */
export async function withFrozenClock<T>(ctx: RuleContext, fn: (now: number) => Promise<T>): Promise<T> {
  const before = await ctx.control.clock();
  const frozen = await ctx.control.freezeClock(true);
  try {
    return await fn(frozen.now);
  } finally {
    if (!before.frozen) await ctx.control.freezeClock(false);
  }
}
