/**
 * The analytics engine: read-only SQL over the analytics schema, scoped to one
 * publication by PostgreSQL row-level security. Embedded PGlite by default;
 * an existing PostgreSQL server when databaseUrl is given.
 */
import { PgAnalyticsEngine } from './pg/engine.js';
import { PgliteAnalyticsEngine } from './pglite/engine.js';
import { MACHINE_CLOCK } from './query-clock.js';
import { DEFAULT_TIMEOUT_MS, type AnalyticsEngine, type AnalyticsEngineOptions } from './types.js';

export type { AnalyticsEngine, AnalyticsEngineOptions, QueryResult, SchemaResult } from './types.js';
export { DEFAULT_TIMEOUT_MS, CopyIncomplete } from './types.js';
export type * from './mirror-types.js';

/** Starts the engine in the background and returns at once; see AnalyticsEngine.ready(). */
export function createAnalyticsEngine(options: AnalyticsEngineOptions = {}): AnalyticsEngine {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clock = options.clock ?? MACHINE_CLOCK;
  return options.databaseUrl
    ? new PgAnalyticsEngine(options.databaseUrl, timeoutMs, clock)
    : new PgliteAnalyticsEngine(timeoutMs, options.dataDirCache ?? true, clock, options.workers);
}
