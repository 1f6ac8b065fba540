/**
 * What the engine.*.fake-worker.test.ts files share: engines on a fake
 * runtime (fake-runtime.support.test.ts), made and closed per test under
 * fake timers, a call's outcome read without awaiting it, the guard's parser
 * loaded once beforehand (its first load reads files, which fake timers
 * would not wait for).
 */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ApiError } from '../../../errors.js';
import { twoBlogs } from '../contract/two-blogs.support.test.js';
import { checkSql } from '../guard/sql-guard.js';
import type { MirrorSnapshot } from '../mirror-types.js';
import type { QueryClock } from '../query-clock.js';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { PgliteAnalyticsEngine } from './engine.js';
import { FakeRuntime } from './fake-runtime.support.test.js';
import { outcome } from '../../../promise-outcome.support.test.js';

export { outcome };

/** The data directory the cache holds at the start of a test (unless told otherwise). */
export const CACHED = new ArrayBuffer(1);
export const CLOCK: QueryClock = { now: () => 1_700_000_000_000, frozen: true };
export const LIMIT_MS = 2_000;

export interface EngineOptions {
  workers?: number;
  timeoutMs?: number;
  useCache?: boolean;
  /** The cache's content at the start (null: empty). */
  cached?: ArrayBuffer | null;
}

export interface Made {
  engine: PgliteAnalyticsEngine;
  runtime: FakeRuntime;
}

/** Registers the hooks; newEngine makes an engine of two workers from a cached data directory by default. */
export function enginesPerTest(): { newEngine: (options?: EngineOptions, runtime?: FakeRuntime) => Made } {
  let engines: PgliteAnalyticsEngine[] = [];
  beforeAll(async () => {
    await checkSql('SELECT 1', ANALYTICS_RELATIONS, 'database');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    engines = [];
  });
  afterEach(async () => {
    for (const engine of engines) await engine.close();
    vi.useRealTimers();
  });
  return {
    newEngine: ({ workers = 2, timeoutMs = LIMIT_MS, useCache = true, cached = CACHED } = {}, runtime = new FakeRuntime()) => {
      runtime.stored = cached;
      const engine = new PgliteAnalyticsEngine(timeoutMs, useCache, CLOCK, workers, runtime);
      engines.push(engine);
      return { engine, runtime };
    },
  };
}

/** Lets every answer due now arrive (microtasks and timers at the current time). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

/** The rejection of `promise` (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  const result = outcome(promise);
  await settle();
  if (!result.error) throw new Error(`expected a rejection, got ${result.settled() ? 'a value' : 'nothing yet'}`);
  return result.error;
}

export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejection(promise);
  if (!(error instanceof ApiError)) throw error;
  return error;
}

export const snapshot = (): MirrorSnapshot => twoBlogs();

/** An engine whose started workers are up and hold the data. */
export async function loaded(made: Made): Promise<Made> {
  await settle();
  await made.engine.reset(snapshot());
  return made;
}
