// The database's clock in the worker: Date.now answers the reading while a
// query runs (frozen, or moving on from it), and is the machine's again after.
import { describe, expect, it } from 'vitest';
import { withDatabaseClock } from './worker-clock.js';

describe('withDatabaseClock', () => {
  it('a frozen reading: Date.now answers it, however long the query runs', async () => {
    const realNow = Date.now;
    const seen = await withDatabaseClock({ at: 1_000, frozen: true }, async () => {
      const first = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [first, Date.now()];
    });
    expect(seen).toEqual([1_000, 1_000]);
    expect(Date.now).toBe(realNow);
  });

  it('a moving reading: Date.now moves on from it at the real pace', async () => {
    const [first, second] = await withDatabaseClock({ at: 1_000, frozen: false }, async () => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 40));
      return [start, Date.now()];
    });
    expect(first! - 1_000).toBeLessThan(20);
    expect(second! - first!).toBeGreaterThanOrEqual(30);
    expect(second! - first!).toBeLessThan(5_000);
  });

  it("gives the machine's clock back when the query fails", async () => {
    const realNow = Date.now;
    await expect(withDatabaseClock({ at: 1_000, frozen: true }, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(Date.now).toBe(realNow);
  });
});
