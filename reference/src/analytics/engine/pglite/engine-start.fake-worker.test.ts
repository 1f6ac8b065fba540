/**
 * The embedded engine's start-up on fake workers (fake-runtime.support.test.ts):
 * which workers start and from what data directory, the template and its
 * cache, a failed start retried, close(). Queries: engine-query.fake-worker.test.ts;
 * loads and changes: engine-load.fake-worker.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKERS, PgliteAnalyticsEngine } from './engine.js';
import { CACHED, CLOCK, enginesPerTest, loaded, outcome, rejection, settle, snapshot } from './engine-harness.support.test.js';
import { DUMPED, FakeRuntime, deferred, defaultAnswer } from './fake-runtime.support.test.js';
import { WorkerGone } from './worker-host.js';

const { newEngine } = enginesPerTest();

describe('start-up', () => {
  it('two workers by default', () => {
    expect(DEFAULT_WORKERS).toBe(2);
  });

  it('only the first worker starts with the engine, from the cached data directory, on the shared WebAssembly', async () => {
    const { engine, runtime } = newEngine({ workers: 3 });
    await settle();
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.calls).toEqual([{ request: { type: 'start', wasm: runtime.wasmModule, dataDir: CACHED }, timeoutMs: undefined }]);
    expect(runtime.reads).toBe(1);
    expect(runtime.writes).toEqual([]);
    await expect(engine.ready()).resolves.toBeUndefined();
    // Started, not loaded: the service loads it.
    expect(engine.copy()).toEqual({ complete: false, failure: null });
  });

  it('ready() waits for the start', async () => {
    const runtime = new FakeRuntime();
    const start = deferred();
    runtime.on('start', () => start.promise);
    const { engine } = newEngine({}, runtime);
    const ready = outcome(engine.ready());
    await settle();
    expect(ready.settled()).toBe(false);
    start.resolve(undefined);
    await settle();
    expect(ready.settled()).toBe(true);
    expect(ready.error).toBeUndefined();
  });

  it('at least one worker, whatever the count asked for', async () => {
    const { engine, runtime } = await loaded(newEngine({ workers: 0 }));
    await expect(engine.query('b1', 'SELECT 1')).resolves.toMatchObject({ rowCount: 1 });
    expect(runtime.workers).toHaveLength(1);
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  });

  it('without the cache, a worker of its own installs the schema fresh and is dumped; workers start from the dump; the cache is not touched', async () => {
    const { engine, runtime } = newEngine({ useCache: false });
    await settle();
    await engine.ready();
    const [template, first] = runtime.workers;
    expect(runtime.workers).toHaveLength(2);
    expect(template!.calls).toEqual([
      { request: { type: 'start', wasm: runtime.wasmModule, dataDir: null }, timeoutMs: undefined },
      { request: { type: 'dump' }, timeoutMs: undefined },
    ]);
    expect(template!.terminated).toBe(true);
    expect(first!.startedFrom).toBe(DUMPED);
    expect(first!.terminated).toBe(false);
    expect(runtime.reads).toBe(0);
    expect(runtime.writes).toEqual([]);
  });

  it('with the cache on and empty, the fresh template is written to it', async () => {
    const { engine, runtime } = newEngine({ cached: null });
    await settle();
    await engine.ready();
    expect(runtime.reads).toBe(1);
    expect(runtime.writes).toEqual([DUMPED]);
    expect(runtime.workers[0]!.startedFrom).toBeNull();
    expect(runtime.workers[0]!.terminated).toBe(true);
    expect(runtime.workers[1]!.startedFrom).toBe(DUMPED);
  });

  it('keeps the data directory in the cache unless told not to', async () => {
    const runtime = new FakeRuntime();
    runtime.stored = CACHED;
    const engine = new PgliteAnalyticsEngine(1_000, undefined, CLOCK, 1, runtime);
    await settle();
    expect(runtime.reads).toBe(1);
    expect(runtime.workers[0]!.startedFrom).toBe(CACHED);
    await engine.close();
  });

  it('a template fails to be made when its worker fails: the start fails, and the template worker is terminated', async () => {
    const runtime = new FakeRuntime();
    runtime.on('dump', () => Promise.reject(new Error('no dump')));
    const { engine } = newEngine({ cached: null }, runtime);
    expect((await rejection(engine.ready())).message).toBe('no dump');
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.terminated).toBe(true);
    expect(runtime.writes).toEqual([]);
  });

  it('a template that failed is made again by the next start, not kept failed for the life of the engine', async () => {
    const runtime = new FakeRuntime();
    let dumps = 0;
    runtime.on('dump', () => (++dumps === 1 ? Promise.reject(new Error('no dump')) : defaultAnswer({ type: 'dump' }, runtime.workers[0]!)));
    const { engine } = newEngine({ cached: null }, runtime);
    expect((await rejection(engine.ready())).message).toBe('no dump');

    await engine.reset(snapshot());
    expect(dumps).toBe(2);
    expect(runtime.writes).toEqual([DUMPED]);
    expect(runtime.slotWorkers.map((worker) => worker.startedFrom)).toEqual([DUMPED]);
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  });
});

describe('a start that fails', () => {
  it('from a cached data directory: the cache is dropped, a fresh template made and the worker started again from it', async () => {
    const runtime = new FakeRuntime();
    runtime.on('start', (request) => (request.type === 'start' && request.dataDir === CACHED ? Promise.reject(new Error('bad directory')) : undefined));
    const { engine } = newEngine({}, runtime);
    await settle();
    await expect(engine.ready()).resolves.toBeUndefined();
    const [stale, template, fresh] = runtime.workers;
    expect(runtime.workers).toHaveLength(3);
    expect(runtime.drops).toBe(1);
    expect(stale!.startedFrom).toBe(CACHED);
    expect(stale!.terminated).toBe(true);
    expect(template!.types).toEqual(['start', 'dump']);
    expect(template!.startedFrom).toBeNull();
    expect(runtime.writes).toEqual([DUMPED]);
    expect(fresh!.startedFrom).toBe(DUMPED);
    expect(fresh!.calls[0]!.request).toEqual({ type: 'start', wasm: runtime.wasmModule, dataDir: DUMPED });
    expect(fresh!.terminated).toBe(false);

    // The fresh template is the one later workers start from.
    await engine.reset(snapshot());
    fresh!.exit();
    await rejection(engine.reset(snapshot()));
    await settle();
    expect(runtime.workers).toHaveLength(4);
    expect(runtime.workers[3]!.startedFrom).toBe(DUMPED);
    expect(runtime.reads).toBe(1);
  });

  it('twice: ready() fails, and the next call waiting for the worker starts it again', async () => {
    const runtime = new FakeRuntime();
    let failing = true;
    runtime.on('start', (request) => (failing && request.type === 'start' && request.dataDir !== null ? Promise.reject(new Error('out of memory')) : undefined));
    const { engine } = newEngine({}, runtime);
    expect((await rejection(engine.ready())).message).toBe('out of memory');
    expect(runtime.workers).toHaveLength(3);

    failing = false;
    await engine.reset(snapshot());
    expect(runtime.workers).toHaveLength(4);
    const retried = runtime.workers[3]!;
    expect(retried.startedFrom).toBe(DUMPED);
    expect(retried.types).toContain('replace');
    expect(engine.copy()).toEqual({ complete: true, failure: null });
    await expect(engine.ready()).resolves.toBeUndefined();
  });

  it('still failing when a call retries it: the call fails with it', async () => {
    const runtime = new FakeRuntime();
    runtime.on('start', (request) => (request.type === 'start' && request.dataDir !== null ? Promise.reject(new Error('out of memory')) : undefined));
    const { engine } = newEngine({}, runtime);
    await settle();
    expect((await rejection(engine.schema())).message).toBe('out of memory');
    expect(runtime.workers.length).toBeGreaterThan(3);
  });

  it('after close(): not retried', async () => {
    const runtime = new FakeRuntime();
    runtime.on('start', () => new Promise(() => undefined));
    const { engine } = newEngine({}, runtime);
    await settle();
    const ready = outcome(engine.ready());
    await engine.close();
    await settle();
    expect(ready.error?.message).toBe('analytics worker stopped');
    expect(runtime.drops).toBe(0);
    expect(runtime.workers).toHaveLength(1);
  });
});

describe('a template worker that exits', () => {
  it('fails the start, and the load that waits for it with the same WorkerGone', async () => {
    const runtime = new FakeRuntime();
    runtime.on('dump', (_request, worker) => {
      worker.exit(1);
      return new Promise(() => undefined);
    });
    const { engine } = newEngine({ cached: null }, runtime);
    expect((await rejection(engine.ready())).message).toBe('analytics worker exited (code 1)');
    const error = await rejection(engine.reset(snapshot()));
    expect(error).toBeInstanceOf(WorkerGone);
    expect(error.message).toBe('analytics worker exited (code 1)');
    expect(engine.copy()).toEqual({ complete: false, failure: 'loading the data failed: analytics worker exited (code 1)' });
  });
});

describe('close()', () => {
  it('terminates every started worker once; later calls refuse', async () => {
    const { engine, runtime } = await loaded(newEngine({ workers: 3 }));
    await engine.close();
    await engine.close();
    expect(runtime.workers.map((worker) => worker.terminations)).toEqual([1]);
    const refusal = 'analytics engine is closed';
    await expect(engine.query('b1', 'SELECT 1')).rejects.toThrow(refusal);
    expect(() => engine.schema()).toThrow(refusal);
    await expect(engine.apply([])).rejects.toThrow(refusal);
    await expect(engine.reset(snapshot())).rejects.toThrow(refusal);
    await expect(engine.refill(snapshot())).rejects.toThrow(refusal);
  });

  it('while the cached data directory is read: no worker is spawned, and ready() says the engine is closed', async () => {
    const runtime = new FakeRuntime();
    const gate = deferred<void>();
    runtime.readGate = gate.promise;
    const { engine } = newEngine({}, runtime);
    await settle();
    await engine.close();
    gate.resolve();
    expect((await rejection(engine.ready())).message).toBe('analytics engine is closed');
    expect(runtime.workers).toHaveLength(0);
  });

  it('a queued call that reaches its worker after close() refuses', async () => {
    const runtime = new FakeRuntime();
    const query = deferred();
    runtime.on('query', () => query.promise);
    const { engine } = await loaded(newEngine({}, runtime));
    const running = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    const schema = outcome(engine.schema());
    await engine.close();
    await settle();
    expect(running.error?.message).toBe('analytics worker stopped');
    expect(schema.error?.message).toBe('analytics engine is closed');
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.terminations).toBe(1);
    runtime.answer = defaultAnswer;
  });
});
