/**
 * Times for scheduling tests. With the target's clock under control the
 * clock is frozen, so the window's edges are exact (now + 30 days is in,
 * one millisecond more is out); otherwise the edges keep ten minutes of
 * margin for the time a request takes and for clocks that differ.
 */
import type { RuleContext } from '../../../src/authoring/index.js';
import { DAY_MS, MINUTE_MS, SCHEDULE_WINDOW_MS, targetNow, withFrozenClock } from './server-time.js';

export interface ScheduleTimes {
  now: number;
  /** True when the clock is frozen and the edges are exact. */
  exact: boolean;
  /** A time well inside the window (one day ahead). */
  soon: number;
  /** The last time inside the window. */
  lastInside: number;
  /** The first time past the window. */
  firstBeyond: number;
  /** Times that are not in the future. */
  past: number[];
}

export function scheduleTimes(now: number, exact: boolean): ScheduleTimes {
  const margin = exact ? 0 : 10 * MINUTE_MS;
  return {
    now,
    exact,
    soon: now + DAY_MS,
    lastInside: now + SCHEDULE_WINDOW_MS - margin,
    firstBeyond: now + SCHEDULE_WINDOW_MS + (exact ? 1 : margin),
    past: exact ? [now, now - 1, now - DAY_MS] : [now - margin, now - DAY_MS],
  };
}

/** Runs `fn` with schedule times: on a frozen clock when the target has one, else on the target's Date header. */
export async function withScheduleTimes<T>(ctx: RuleContext, fn: (times: ScheduleTimes) => Promise<T>): Promise<T> {
  if (ctx.target.control.capabilities.includes('clock')) return withFrozenClock(ctx, (now) => fn(scheduleTimes(now, true)));
  return fn(scheduleTimes(await targetNow(ctx), false));
}
