// createAnalyticsEngine picks the engine and fills in its defaults (both
// engines stand-ins here: the choice, not the engines, is under test).
import { describe, expect, it, vi } from 'vitest';
import { createAnalyticsEngine, DEFAULT_TIMEOUT_MS } from './index.js';
import { MACHINE_CLOCK } from './query-clock.js';

const made = vi.hoisted(() => [] as { engine: string; args: unknown[] }[]);
vi.mock('./pg/engine.js', () => ({
  PgAnalyticsEngine: class {
    constructor(...args: unknown[]) {
      made.push({ engine: 'pg', args });
    }
  },
}));
vi.mock('./pglite/engine.js', () => ({
  PgliteAnalyticsEngine: class {
    constructor(...args: unknown[]) {
      made.push({ engine: 'pglite', args });
    }
  },
}));

describe('createAnalyticsEngine', () => {
  it('embedded PGlite by default: the default time limit, the cache on, the machine clock, the default workers', () => {
    made.length = 0;
    createAnalyticsEngine();
    expect(made).toEqual([{ engine: 'pglite', args: [DEFAULT_TIMEOUT_MS, true, MACHINE_CLOCK, undefined] }]);
  });

  it('PGlite with the options given', () => {
    made.length = 0;
    const clock = { now: () => 1, frozen: true };
    createAnalyticsEngine({ timeoutMs: 500, dataDirCache: false, clock, workers: 3 });
    expect(made).toEqual([{ engine: 'pglite', args: [500, false, clock, 3] }]);
  });

  it('an external PostgreSQL server when a database URL is given', () => {
    made.length = 0;
    const clock = { now: () => 1, frozen: true };
    createAnalyticsEngine({ databaseUrl: 'postgres://x/y', timeoutMs: 700, clock });
    createAnalyticsEngine({ databaseUrl: 'postgres://x/y' });
    expect(made).toEqual([
      { engine: 'pg', args: ['postgres://x/y', 700, clock] },
      { engine: 'pg', args: ['postgres://x/y', DEFAULT_TIMEOUT_MS, MACHINE_CLOCK] },
    ]);
  });
});
