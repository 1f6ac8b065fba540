// Worker entry in plain JavaScript: registers tsx's loader in this worker
// thread, then loads the TypeScript worker named in workerData. Node runs
// workers without the parent's loaders under vitest, and passing
// `--import tsx` through execArgv does not reach the worker's entry on
// Node 20, so the loader is registered here in code.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
