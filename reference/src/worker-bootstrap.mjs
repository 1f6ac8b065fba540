// Entry of every worker thread of the reference, in plain JavaScript (see
// workers.ts): loads the module named in workerData.entry. A TypeScript entry
// (the reference running from its sources) needs tsx's loader first: Node
// runs workers without the parent's loaders under vitest, and passing
// `--import tsx` through execArgv does not reach the worker's entry on
// Node 20, so the loader is registered here in code. Built JavaScript (dist/)
// needs none.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
