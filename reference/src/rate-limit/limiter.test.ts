import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { RateLimiter } from './limiter.js';

const A = { apiKey: 'pk_a', publicationId: 'pub_a' };
const B = { apiKey: 'pk_b', publicationId: 'pub_b' };
const POSTS = '/v1/posts';

function setup() {
  let real = 1_000_000;
  const clock = new Clock(() => real);
  const limiter = new RateLimiter(clock);
  const refusal = (path: string, caller: typeof A | null): ApiError | null => {
    try {
      limiter.admit(path, caller);
      return null;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return err;
    }
  };
  return { clock, limiter, refusal, tickReal: (ms: number) => (real += ms) };
}

describe('RateLimiter', () => {
  it('is off by default', () => {
    const { limiter } = setup();
    expect(limiter.enabled).toBe(false);
    expect(limiter.view()).toEqual({ limit: null, windowMs: null });
  });

  it('admits `limit` requests per window, then refuses with 429 and the seconds left, rounded up', () => {
    const { clock, limiter, refusal } = setup();
    limiter.set(3, 10_000);
    expect(limiter.view()).toEqual({ limit: 3, windowMs: 10_000 });
    for (let i = 0; i < 3; i++) expect(refusal(POSTS, A)).toBeNull();
    const err = refusal(POSTS, A)!;
    expect(err.status).toBe(429);
    expect(err.headers['Retry-After']).toBe('10');
    expect(err.message).toMatch(/too many requests.*3 per 10000 ms.*this API key.*retry after 10 s/);
    clock.advance(8_001);
    expect(refusal(POSTS, A)!.headers['Retry-After']).toBe('2');
    clock.advance(1_998);
    expect(refusal(POSTS, A)!.headers['Retry-After']).toBe('1');
    clock.advance(1);
    expect(refusal(POSTS, A)).toBeNull();
  });

  it('opens the shared window of requests without a key at their first request, however long the window', () => {
    const { limiter, refusal } = setup();
    // A day is longer than the clock's reading (1000 s after the epoch): a window counted from 0 would have less left.
    limiter.set(1, 86_400_000);
    expect(refusal(POSTS, null)).toBeNull();
    expect(refusal(POSTS, null)!.headers['Retry-After']).toBe('86400');
  });

  it('measures the window on the clock, not on real time while the clock is frozen', () => {
    const { clock, limiter, refusal, tickReal } = setup();
    clock.freeze(true);
    limiter.set(1, 1_000);
    expect(refusal(POSTS, A)).toBeNull();
    tickReal(60_000);
    expect(refusal(POSTS, A)?.status).toBe(429);
    clock.advance(1_000);
    expect(refusal(POSTS, A)).toBeNull();
  });

  it('counts each API key on its own, and every request without a key in one shared window', () => {
    const { limiter, refusal } = setup();
    limiter.set(2, 60_000);
    expect(refusal(POSTS, A)).toBeNull();
    expect(refusal(POSTS, A)).toBeNull();
    expect(refusal(POSTS, A)?.status).toBe(429);
    expect(refusal(POSTS, B)).toBeNull();
    expect(refusal('/v1/publications/x', null)).toBeNull();
    expect(refusal('/v1/feed', null)).toBeNull();
    const anonymous = refusal('/v1/publications/y', null);
    expect(anonymous?.status).toBe(429);
    expect(anonymous?.message).toMatch(/requests without an API key/);
    expect(refusal(POSTS, B)).toBeNull();
  });

  it('never counts or refuses anything outside /v1', () => {
    const { limiter, refusal } = setup();
    limiter.set(1, 60_000);
    for (let i = 0; i < 5; i++) {
      expect(refusal('/_control/clock', null)).toBeNull();
      expect(refusal('/media/:file', A)).toBeNull();
    }
    expect(refusal(POSTS, A)).toBeNull();
    expect(refusal(POSTS, A)?.status).toBe(429);
  });

  it('does not count refused requests: the window is not prolonged by retries', () => {
    const { clock, limiter, refusal } = setup();
    limiter.set(1, 5_000);
    expect(refusal(POSTS, A)).toBeNull();
    for (let i = 0; i < 4; i++) {
      clock.advance(1_000);
      expect(refusal(POSTS, A)?.status).toBe(429);
    }
    clock.advance(1_000);
    expect(refusal(POSTS, A)).toBeNull();
  });

  it('opens a new window when the clock is set back before the current one', () => {
    const { clock, limiter, refusal } = setup();
    limiter.set(1, 60_000);
    expect(refusal(POSTS, A)).toBeNull();
    expect(refusal(POSTS, A)?.status).toBe(429);
    clock.setTo(clock.now() - 1);
    expect(refusal(POSTS, A)).toBeNull();
    expect(refusal(POSTS, A)?.headers['Retry-After']).toBe('60');
  });

  it('starts every window afresh on each change, defaults the window to a minute, and turns off', () => {
    const { limiter, refusal } = setup();
    limiter.set(1);
    expect(limiter.view()).toEqual({ limit: 1, windowMs: 60_000 });
    expect(refusal(POSTS, A)).toBeNull();
    expect(refusal(POSTS, A)?.status).toBe(429);
    limiter.set(1);
    expect(refusal(POSTS, A)).toBeNull();
    limiter.set(null);
    expect(limiter.enabled).toBe(false);
    expect(limiter.view()).toEqual({ limit: null, windowMs: null });
  });
});
