// A clock's reading for one query, and the machine's clock by default.
import { describe, expect, it } from 'vitest';
import { MACHINE_CLOCK, readClock } from './query-clock.js';

describe('readClock', () => {
  it("takes the clock's time and whether it is frozen", () => {
    expect(readClock({ now: () => 42, frozen: true })).toEqual({ at: 42, frozen: true });
    expect(readClock({ now: () => 7, frozen: false })).toEqual({ at: 7, frozen: false });
  });

  it("the default clock is the machine's, moving", () => {
    const before = Date.now();
    const reading = readClock(MACHINE_CLOCK);
    expect(reading.frozen).toBe(false);
    expect(reading.at).toBeGreaterThanOrEqual(before);
    expect(reading.at).toBeLessThanOrEqual(Date.now());
  });
});
