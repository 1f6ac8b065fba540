/**
 * What the embedded engine (engine.ts) gets from outside itself: the worker
 * threads it talks to, PGlite's compiled WebAssembly, and the data directory
 * cache. The server uses PGLITE_RUNTIME; the engine's tests hand it workers
 * that answer in-process, to drive its orchestration without PGlite.
 */
import { dropCachedDataDir, readCachedDataDir, writeCachedDataDir } from './datadir-cache.js';
import type { WorkerRequest } from './protocol.js';
import { pgliteWasmModule } from './wasm-module.js';
import { WorkerHost } from './worker-host.js';

/** One database worker: requests in, answers out, and termination (WorkerHost over worker.ts). */
export interface DatabaseWorker {
  /** Rejects with WorkerTimeout past `timeoutMs`, WorkerGone once the worker is gone, UserSqlError for the user's SQL. */
  call<T>(request: WorkerRequest, timeoutMs?: number): Promise<T>;
  terminate(): Promise<void>;
}

export interface PgliteRuntime {
  spawn(): DatabaseWorker;
  wasm(): Promise<WebAssembly.Module>;
  /** The post-install data directory kept across processes (datadir-cache.ts); read and written only when the engine uses it. */
  cache: {
    read(): Promise<ArrayBuffer | null>;
    write(dataDir: ArrayBuffer): Promise<void>;
    drop(): Promise<void>;
  };
}

export const PGLITE_RUNTIME: PgliteRuntime = {
  spawn: () => new WorkerHost(),
  wasm: pgliteWasmModule,
  cache: { read: readCachedDataDir, write: writeCachedDataDir, drop: dropCachedDataDir },
};
