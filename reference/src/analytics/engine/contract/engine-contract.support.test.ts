/**
 * Behaviour every AnalyticsEngine must show, whatever database it runs on.
 * Called from the PGlite and the node-postgres test files with one shared
 * engine per file (start-up takes seconds).
 */
import { afterAll, beforeAll } from 'vitest';
import type { AnalyticsEngine, AnalyticsEngineOptions } from '../types.js';
import { TestClock, clockContract, type ClockContractOptions } from './clock.support.test.js';
import { dataContract } from './data.support.test.js';
import { isolationContract } from './isolation.support.test.js';
import { resultsContract } from './results.support.test.js';
import { twoBlogs } from './two-blogs.support.test.js';
import { STARTUP_TIMEOUT_MS } from './helpers.support.test.js';

export { RUNAWAY, STARTUP_TIMEOUT_MS, apiError } from './helpers.support.test.js';

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
