/**
 * What the tests of the pool on fake workers share (pool.fake-worker.test.ts,
 * pool-cpu.fake-worker.test.ts): pools made and closed per test under fake
 * timers, a call's outcome read without awaiting it, a started worker made
 * ready. The test file mocks the worker modules (fake-worker.support.test.ts).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cpu, started, type FakeWorker } from './fake-worker.support.test.js';
import { WorkerPool, type WorkerTaskSpec } from './pool.js';
import { outcome } from '../promise-outcome.support.test.js';

export { outcome };

export const TASK: WorkerTaskSpec<string> = { module: 'file:///tasks.js', name: 'convert', label: 'markdown' };

/**
 * Registers the hooks (fake timers, no worker started, every pool closed
 * after each test); newPool makes a pool of one worker by default, closedAfter
 * closes a pool made otherwise.
 */
export function poolsPerTest(): {
  newPool: (options?: { maxWorkers?: number; cpuBudgetMs?: number }) => WorkerPool;
  closedAfter: (pool: WorkerPool) => WorkerPool;
} {
  let pools: WorkerPool[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    started.length = 0;
    cpu.clear();
    pools = [];
  });
  afterEach(async () => {
    for (const pool of pools) await pool.close().catch(() => undefined);
    vi.useRealTimers();
  });
  const closedAfter = (pool: WorkerPool) => {
    pools.push(pool);
    return pool;
  };
  return { newPool: (options = {}) => closedAfter(new WorkerPool({ maxWorkers: 1, cpuBudgetMs: 1_000, ...options })), closedAfter };
}

export const settle = () => vi.advanceTimersByTimeAsync(0);

/** The worker started `index`-th, ready with its CPU clock at `cpuMs`. */
export function readyWorker(index: number, cpuMs = 0): FakeWorker {
  const worker = started[index]!;
  cpu.set(index + 1, cpuMs);
  worker.ready(index + 1);
  return worker;
}
