import { describe, expect, it } from 'vitest';
import { timeLimitMessage } from './query-errors.js';

describe('timeLimitMessage', () => {
  it('says whole seconds in seconds, one of them in the singular, and anything else in milliseconds', () => {
    expect(timeLimitMessage(30_000)).toBe('analytics query exceeded the time limit of 30 seconds');
    expect(timeLimitMessage(1_000)).toBe('analytics query exceeded the time limit of 1 second');
    expect(timeLimitMessage(1_500)).toBe('analytics query exceeded the time limit of 1500 ms');
    expect(timeLimitMessage(999)).toBe('analytics query exceeded the time limit of 999 ms');
  });
});
