/**
 * Optional rate limiting of /v1 requests, off by default and switched through
 * the test-control API (capability rate-limit), so a client can exercise its
 * handling of 429 against the local mock.
 *
 * - Counted per API key; every request without a key shares one window (on
 *   a local mock every client comes from the same address, so a window per
 *   address would be one shared window anyway, only less predictable).
 * - A fixed window per key that opens at its first counted request and lasts
 *   `windowMs` of the reference's clock (so a test moves the clock instead of
 *   sleeping). Up to `limit` requests are admitted in it; later ones are
 *   refused with 429 and Retry-After (the seconds left, rounded up) until it
 *   closes. A refused request is not counted and changes nothing.
 * - Only requests that reached a /v1 route with a valid key (or none) count:
 *   401, 404 and 405 are answered as before and never counted.
 *
 * Off, the server pays one property read per request (`enabled`); nothing
 * here runs and nothing is allocated.
 */
import type { Clock } from '../clock.js';
import { tooManyRequests } from '../errors.js';
import type { Caller } from '../http/types.js';
import { RATE_LIMIT_LIMITS, type ControlRateLimitT } from '../../../schemas/control.js';

interface Window {
  /** Clock time the window opened. */
  start: number;
  /** Requests admitted in it. */
  count: number;
}

export class RateLimiter {
  /** The one check the request path makes; true only while a limit is set. */
  enabled = false;
  private limit = 0;
  private windowMs = 0;
  private readonly windows = new Map<string, Window>();
  private anonymous: Window = { start: 0, count: 0 };

  constructor(private readonly clock: Clock) {}

  /** Turn limiting on (a limit) or off (null). Every call starts every window afresh. */
  set(limit: number | null, windowMs: number = RATE_LIMIT_LIMITS.windowMsDefault): void {
    this.windows.clear();
    this.anonymous = { start: 0, count: 0 };
    this.enabled = limit !== null;
    this.limit = limit ?? 0;
    this.windowMs = limit === null ? 0 : windowMs;
  }

  view(): ControlRateLimitT {
    return this.enabled ? { limit: this.limit, windowMs: this.windowMs } : { limit: null, windowMs: null };
  }

  /**
   * Count one request to `routePath` (the matched route's pattern), or throw
   * a 429 when its window is full. Call only while `enabled`.
   */
  admit(routePath: string, caller: Caller | null): void {
    if (!routePath.startsWith('/v1/')) return;
    const now = this.clock.now();
    let window: Window | undefined;
    if (caller === null) window = this.anonymous;
    else if ((window = this.windows.get(caller.apiKey)) === undefined) {
      window = { start: now, count: 0 };
      this.windows.set(caller.apiKey, window);
    }
    // A closed window, or a clock set back before it opened: a new one opens now.
    if (window.count === 0 || now >= window.start + this.windowMs || now < window.start) {
      window.start = now;
      window.count = 0;
    }
    if (window.count >= this.limit) {
      const retryAfter = Math.ceil((window.start + this.windowMs - now) / 1000);
      const who = caller === null ? 'requests without an API key' : 'this API key';
      throw tooManyRequests(
        `too many requests: rate limiting allows ${this.limit} per ${this.windowMs} ms for ${who}; retry after ${retryAfter} s`,
        retryAfter,
      );
    }
    window.count++;
  }
}
