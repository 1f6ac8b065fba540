import { describe, expect, it } from 'vitest';

import { TimeLimitExceeded, withinTime } from './time-budget.js';

describe('withinTime', () => {
  it('returns what the work returns, and lets its errors through unchanged', () => {
    expect(withinTime(1_000, () => 42)).toBe(42);
    class Own extends Error {}
    expect(() => withinTime(1_000, () => { throw new Own('x'); })).toThrow(Own);
  });

  it('stops work that runs past the limit, even a loop that never yields', () => {
    const started = performance.now();
    expect(() => withinTime(200, () => { for (;;) { /* spin */ } })).toThrow(TimeLimitExceeded);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(withinTime(1_000, () => 'usable again')).toBe('usable again');
  });

  it('runs a call made inside another under the outer limit', () => {
    expect(withinTime(1_000, () => withinTime(10, () => 'inner'))).toBe('inner');
  });
});
