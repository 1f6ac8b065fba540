// The server's runtime for the embedded engine: the real worker thread, the
// process's one compiled WebAssembly and the data directory cache on disk
// (the engine's tests hand it fake ones: fake-runtime.support.test.ts).
import { describe, expect, it } from 'vitest';
import { dropCachedDataDir, readCachedDataDir, writeCachedDataDir } from './datadir-cache.js';
import { PGLITE_RUNTIME } from './runtime.js';
import { pgliteWasmModule } from './wasm-module.js';
import { WorkerHost } from './worker-host.js';

describe('PGLITE_RUNTIME', () => {
  it('is WorkerHost workers, the compiled WebAssembly and the cache on disk', async () => {
    expect(PGLITE_RUNTIME.wasm).toBe(pgliteWasmModule);
    expect(PGLITE_RUNTIME.cache).toEqual({ read: readCachedDataDir, write: writeCachedDataDir, drop: dropCachedDataDir });
    const worker = PGLITE_RUNTIME.spawn();
    expect(worker).toBeInstanceOf(WorkerHost);
    await worker.terminate();
  });
});
