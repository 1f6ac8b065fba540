/**
 * Worker threads of the reference. Each starts at worker-bootstrap.mjs, which
 * loads the module named here: the TypeScript source when the reference runs
 * from its sources (tsx, vitest), the built JavaScript when it runs from
 * dist/ (reference/build.ts).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

const BOOTSTRAP = new URL('./worker-bootstrap.mjs', import.meta.url);

/**
 * A worker running `entry`, a path without its extension relative to `base`
 * (the caller's import.meta.url), with `data` in its workerData beside the entry.
 */
export function startWorker(entry: string, base: string, options: Omit<WorkerOptions, 'workerData'> = {}, data: Record<string, unknown> = {}): Worker {
  const extension = base.endsWith('.ts') ? '.ts' : '.js';
  return new Worker(BOOTSTRAP, { ...options, workerData: { ...data, entry: new URL(entry + extension, base).href } });
}
