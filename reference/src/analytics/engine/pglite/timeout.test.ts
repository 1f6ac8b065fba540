// Time limit and responsiveness of the embedded engine: a query runs in the
// worker thread, so the main thread's event loop keeps turning; a query past
// the limit is stopped by replacing the worker, which is re-loaded with the
// data fed so far.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsEngine, type AnalyticsEngine } from '../index.js';
import { STARTUP_TIMEOUT_MS, apiError } from '../testing/engine-contract.js';
import { twoBlogs } from '../testing/fixtures.js';

/** Never finishes in time: 10^16 rows to count. pg_sleep is refused, generate_series is not. */
const RUNAWAY = 'SELECT count(*) FROM generate_series(1, 100000000) a, generate_series(1, 100000000) b';
const TIMEOUT_MS = 3_000;

function ticking(everyMs: number): { stop(): number } {
  let ticks = 0;
  const timer = setInterval(() => ticks++, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return ticks;
    },
  };
}

describe('PGlite engine: time limit and event loop', () => {
  let engine: AnalyticsEngine;
  let startTicks = 0;

  beforeAll(async () => {
    const started = performance.now();
    const ticker = ticking(50);
    engine = createAnalyticsEngine({ timeoutMs: TIMEOUT_MS });
    // Creating the engine does not wait for PGlite.
    expect(performance.now() - started).toBeLessThan(1_000);
    await engine.ready();
    startTicks = ticker.stop();
    await engine.reset(twoBlogs());
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await engine?.close();
  });

  it('the event loop keeps running while PGlite starts', () => {
    expect(startTicks).toBeGreaterThan(10);
  });

  it('a runaway query gets 408 at the limit while the event loop keeps running, and the engine answers afterwards', async () => {
    const ticker = ticking(50);
    const started = performance.now();
    const error = await apiError(engine.query('b1', RUNAWAY));
    const elapsed = performance.now() - started;
    const ticks = ticker.stop();

    expect(error.status).toBe(408);
    expect(error.message).toBe('analytics query exceeded the time limit of 3 seconds');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 5_000);
    // 60 if the main thread were idle; far fewer if it were blocked.
    expect(ticks).toBeGreaterThan(20);

    // The replacement worker has the data it was fed before the timeout.
    const after = await engine.query('b1', 'SELECT id FROM posts ORDER BY id');
    expect(after.rows).toEqual([{ id: 'p1' }, { id: 'p1v' }, { id: 'p2' }]);
  }, STARTUP_TIMEOUT_MS);

  it('a query queued behind a runaway one runs on the new worker, with changes applied since the last restart', async () => {
    const base = twoBlogs().posts![0];
    await engine.apply([{ op: 'upsert', table: 'posts', row: { ...base, id: 'p7', title: 'kept' } }]);
    const runaway = apiError(engine.query('b1', RUNAWAY));
    // The guard runs before a query joins the queue; give the runaway one time to join first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const queued = engine.query('b1', "SELECT title FROM posts WHERE id = 'p7'");
    expect((await runaway).status).toBe(408);
    expect((await queued).rows).toEqual([{ title: 'kept' }]);
  }, STARTUP_TIMEOUT_MS);
});
