/**
 * An analytics database in the test's own process: PGlite with the schema
 * installed and two blogs' rows loaded, for the tests of the database layer.
 */
import { PGlite } from '@electric-sql/pglite';
import { beforeAll } from 'vitest';
import { STARTUP_TIMEOUT_MS } from '../contract/engine-contract.support.test.js';
import { twoBlogs } from '../contract/two-blogs.support.test.js';
import { PgliteRunner } from '../pglite/pglite-runner.js';
import type { ClockMechanism } from '../query-clock.js';
import { AnalyticsDatabase, installAnalyticsSchema } from './database.js';
import { replaceAll } from './mirror-sql.js';

export interface LoadedDatabase {
  /** The database, or the error its install or load failed with. */
  database(): Promise<AnalyticsDatabase>;
  /** The PGlite itself, as the engine's privileged role, once the database is ready. */
  pglite(): Promise<PGlite>;
}

/**
 * Installed and loaded in the caller's beforeAll, so that a mutation run
 * counts the install as every test's (a test that installs first would be the
 * only one run against a change to the install), but never failing there: a
 * failed beforeAll reads as no test failing to a mutation run, so the error is
 * kept for each test to throw.
 */
export function loadedDatabase(clock: ClockMechanism): LoadedDatabase {
  let db: PGlite;
  let opened: Promise<AnalyticsDatabase | Error>;
  beforeAll(async () => {
    db = await PGlite.create();
    opened = (async () => {
      const runner = new PgliteRunner(db);
      await installAnalyticsSchema(runner, clock);
      // From here on this PGlite answers every query, the test's own too, in PostgreSQL's raw text.
      await runner.loadParsers();
      const analytics = await AnalyticsDatabase.open(runner);
      await replaceAll(twoBlogs(), (step) => analytics.replace(step));
      return analytics;
    })().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    await opened;
  }, STARTUP_TIMEOUT_MS);

  const database = async (): Promise<AnalyticsDatabase> => {
    const analytics = await opened;
    if (analytics instanceof Error) throw analytics;
    return analytics;
  };
  return {
    database,
    pglite: async () => {
      await database();
      return db;
    },
  };
}
