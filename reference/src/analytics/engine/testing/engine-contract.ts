/**
 * Behaviour every AnalyticsEngine must show, whatever database it runs on.
 * Called from the PGlite and the node-postgres test files with one shared
 * engine per file (start-up takes seconds).
 */
import { afterAll, beforeAll } from 'vitest';
import type { AnalyticsEngine } from '../types.js';
import { dataContract } from './contract-data.js';
import { isolationContract } from './contract-isolation.js';
import { resultsContract } from './contract-results.js';
import { twoBlogs } from './fixtures.js';
import { STARTUP_TIMEOUT_MS } from './helpers.js';

export { STARTUP_TIMEOUT_MS, apiError } from './helpers.js';

export function engineContract(makeEngine: () => AnalyticsEngine): void {
  let engine: AnalyticsEngine;

  beforeAll(async () => {
    engine = makeEngine();
    await engine.ready();
    await engine.reset(twoBlogs());
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await engine?.close();
  });

  const current = () => engine;
  isolationContract(current);
  resultsContract(current);
  dataContract(current);
}
