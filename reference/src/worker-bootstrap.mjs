// Entry of every worker thread of the reference, in plain JavaScript:
// registers tsx's loader in the worker, then loads the TypeScript module
// named in workerData.entry. Node runs workers without the parent's loaders
// under vitest, and passing `--import tsx` through execArgv does not reach
// the worker's entry on Node 20, so the loader is registered here in code.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
