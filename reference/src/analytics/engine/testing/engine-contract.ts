/**
 * Behaviour every AnalyticsEngine must show, whatever database it runs on.
 * Called from the PGlite and the node-postgres test files with one shared
 * engine per file (start-up takes seconds).
 */
import { afterAll, beforeAll } from 'vitest';
import type { AnalyticsEngine, AnalyticsEngineOptions } from '../types.js';
import { TestClock, clockContract, type ClockContractOptions } from './contract-clock.js';
import { dataContract } from './contract-data.js';
import { isolationContract } from './contract-isolation.js';
import { resultsContract } from './contract-results.js';
import { twoBlogs } from './fixtures.js';
import { STARTUP_TIMEOUT_MS } from './helpers.js';

export { STARTUP_TIMEOUT_MS, apiError } from './helpers.js';

/** `makeEngine` must pass `clock` on to the engine: the clock contract sets it. */
export function engineContract(
  makeEngine: (options: Required<Pick<AnalyticsEngineOptions, 'clock'>>) => AnalyticsEngine,
  clockOptions: ClockContractOptions,
): void {
  let engine: AnalyticsEngine;
  const clock = new TestClock();

  beforeAll(async () => {
    engine = makeEngine({ clock });
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
  clockContract(current, clock, clockOptions);
}
