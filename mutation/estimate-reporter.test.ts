import { describe, expect, it } from 'vitest';
import { estimateLine, formatDuration } from './estimate-reporter.js';

describe('the time estimate printed before mutants run', () => {
  it('is the mutants to test times one judged run, divided by the concurrency', () => {
    expect(estimateLine({ toTest: 40, reused: 7, oneRunMs: 12_000, concurrency: 2 })).toBe(
      'mutation: 40 mutants to test (7 earlier results reused, other areas\' included); one judged run took 12.0 s; estimate at most 4 min (40 × 12.0 s / concurrency 2)',
    );
  });

  it('reads in seconds, minutes, or hours and minutes', () => {
    expect(formatDuration(20_000)).toBe('20 s');
    expect(formatDuration(150_000)).toBe('3 min');
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000)).toBe('3 h 5 min');
  });
});
