/** Functions for the pool's tests (pool.test.ts) to run in workers. */
import { badRequest } from '../errors.js';
import { defineWorkerTask } from './pool.js';

/** Keeps the thread's CPU busy for `ms` milliseconds, then answers how long it ran. */
export function spin(ms: number): number {
  const started = performance.now();
  while (performance.now() - started < ms);
  return ms;
}

/** Blocks the thread for `ms` milliseconds without using its CPU. */
export function idle(ms: number): number {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return ms;
}

export function refuse(message: string): never {
  throw badRequest(message);
}

export function fail(message: string): never {
  throw new Error(message);
}

const task = <I, O>(name: string) => defineWorkerTask<I, O>({ module: import.meta.url, name, label: `the ${name} input` });

export const spinTask = task<number, number>('spin');
export const idleTask = task<number, number>('idle');
export const refuseTask = task<string, never>('refuse');
export const failTask = task<string, never>('fail');
