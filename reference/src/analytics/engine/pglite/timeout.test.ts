// Time limit, fairness and responsiveness of the embedded engine: a query
// runs in a worker thread, so the main thread's event loop keeps turning; a
// query past the limit is stopped by replacing its worker, which starts
// empty (the service re-loads it); another publication's queries meanwhile
// run on the second worker, started for them and loaded without waiting for
// the busy first one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyIncomplete, createAnalyticsEngine, type AnalyticsEngine } from '../index.js';
import { RUNAWAY, STARTUP_TIMEOUT_MS, apiError } from '../contract/engine-contract.support.test.js';
import { twoBlogs } from '../contract/two-blogs.support.test.js';

const TIMEOUT_MS = 3_000;
// The second worker must start and be loaded before the runaway's limit replaces the first one, also
// under a unit pass (instrumented, at the lowest priority) on a machine shared by several mutation runs.
const FAIRNESS_TIMEOUT_MS = 60_000;

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

    // The replacement worker starts empty: nothing answers from it until the data is loaded again.
    expect(engine.copy()).toMatchObject({ complete: false, failure: expect.stringMatching(/time limit/) });
    await expect(engine.query('b1', 'SELECT 1')).rejects.toBeInstanceOf(CopyIncomplete);
    await engine.reset(twoBlogs());
    expect(engine.copy()).toEqual({ complete: true, failure: null });
    const after = await engine.query('b1', 'SELECT id FROM posts ORDER BY id');
    expect(after.rows).toEqual([{ id: 'p1' }, { id: 'p1v' }, { id: 'p2' }]);
  }, STARTUP_TIMEOUT_MS);

  it("another publication's queries run while a runaway one holds a worker; the same publication's wait their turn", async () => {
    const base = twoBlogs().posts![0];
    const p7 = { ...base, id: 'p7', title: 'kept' };
    await engine.apply([{ op: 'upsert', table: 'posts', row: p7 }]);
    // Long enough for a worker to start on a busy machine.
    engine.setTimeLimit(FAIRNESS_TIMEOUT_MS);
    let runawayEnded = false;
    const runaway = apiError(engine.query('b1', RUNAWAY)).finally(() => (runawayEnded = true));
    // The guard runs before a query takes its turn; give the runaway one time to start.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The first worker is busy: the second starts now, empty, and only it loads the current data.
    await expect(engine.query('b2', 'SELECT id FROM posts')).rejects.toBeInstanceOf(CopyIncomplete);
    expect(engine.copy().complete).toBe(false);
    const current = twoBlogs();
    await engine.refill({ ...current, posts: [...current.posts!, p7] });
    expect(engine.copy()).toEqual({ complete: true, failure: null });
    for (let i = 0; i < 3; i++) expect((await engine.query('b2', 'SELECT id FROM posts')).rows).toEqual([{ id: 'q1' }]);
    // Starting and loading the second worker, and its queries, did not wait for the runaway.
    expect(runawayEnded).toBe(false);
    // b1's next query waits for the runaway's worker... which is replaced, empty, at the limit.
    const queued = engine.query('b1', "SELECT title FROM posts WHERE id = 'p7'");
    expect((await runaway).status).toBe(408);
    await expect(queued).rejects.toBeInstanceOf(CopyIncomplete);
  }, STARTUP_TIMEOUT_MS);
});

describe('PGlite engine: a worker replaced while another one loads', () => {
  let engine: AnalyticsEngine;
  const LIMIT_MS = 1_500;
  /** b1's runaway, then b2's a moment later (so each takes a worker of its own); b1's reaches its limit first. */
  const twoRunaways = async () => {
    const first = apiError(engine.query('b1', RUNAWAY));
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { first, second: apiError(engine.query('b2', RUNAWAY)) };
  };

  beforeAll(async () => {
    engine = createAnalyticsEngine({ timeoutMs: LIMIT_MS });
    await engine.reset(twoBlogs());
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await engine?.close();
  });

  it("leaves the copy incomplete with that worker's cause, not cleared by the load's success", async () => {
    // Both workers started and loaded: b2's runaway starts the second one (and is refused: it is empty), and both are loaded once b1's is replaced.
    const started = await twoRunaways();
    await expect(started.second).rejects.toBeInstanceOf(CopyIncomplete);
    expect((await started.first).status).toBe(408);
    await engine.refill(twoBlogs());
    expect(engine.copy()).toEqual({ complete: true, failure: null });

    const { first, second } = await twoRunaways();
    let secondEnded = false;
    void second.finally(() => (secondEnded = true));
    expect((await first).status).toBe(408);
    await engine.refill(twoBlogs());
    // Starting and loading a worker takes longer than the time between the two limits.
    expect(secondEnded).toBe(true);
    expect((await second).status).toBe(408);
    expect(engine.copy()).toEqual({ complete: false, failure: expect.stringMatching(/time limit/) });
    await engine.refill(twoBlogs());
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  }, STARTUP_TIMEOUT_MS);
});
