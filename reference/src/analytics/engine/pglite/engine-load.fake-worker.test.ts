/**
 * Loads and changes on the embedded engine's fake workers
 * (fake-runtime.support.test.ts): reset() on every started worker, refill()
 * on the ones without a copy, apply() on the loaded ones, and what copy()
 * says after each failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { snapshotBatches, type ReplaceStep } from '../db/mirror-sql.js';
import type { MirrorChange } from '../mirror-types.js';
import { CopyIncomplete } from '../types.js';
import { LIMIT_MS, enginesPerTest, loaded, outcome, rejection, settle, snapshot } from './engine-harness.support.test.js';
import { FakeRuntime, deferred, type FakeWorker } from './fake-runtime.support.test.js';
import { WorkerGone } from './worker-host.js';

const { newEngine } = enginesPerTest();

const CHANGE: MirrorChange[] = [{ op: 'delete', table: 'posts', key: { id: 'p1' } }];

const steps = (worker: FakeWorker): ReplaceStep[] =>
  worker.calls.flatMap((call) => (call.request.type === 'replace' ? [call.request.step] : []));
const applies = (worker: FakeWorker) => worker.types.filter((type) => type === 'apply').length;

/** Two started workers, both loaded (the second woken by a busy first one, then refilled). */
async function twoLoaded(runtime: FakeRuntime): Promise<{ engine: ReturnType<typeof newEngine>['engine']; first: FakeWorker; second: FakeWorker }> {
  const { engine } = await loaded(newEngine({ workers: 2 }, runtime));
  const hold = deferred();
  const before = runtime.answer;
  runtime.on('query', () => hold.promise);
  const busy = outcome(engine.query('b1', 'SELECT 1'));
  await settle();
  await rejection(engine.query('b2', 'SELECT 1'));
  await settle();
  hold.resolve(undefined);
  await settle();
  runtime.answer = before;
  expect(busy.settled()).toBe(true);
  await engine.refill(snapshot());
  const [first, second] = runtime.workers;
  expect(engine.copy()).toEqual({ complete: true, failure: null });
  return { engine, first: first!, second: second! };
}

describe('reset()', () => {
  it('replaces the rows of every started worker in one transaction, the rows in batches, each step under no time limit', async () => {
    const runtime = new FakeRuntime();
    const { engine, first, second } = await twoLoaded(runtime);
    await engine.reset(snapshot());
    const load: ReplaceStep[] = [{ step: 'begin' }, ...[...snapshotBatches(snapshot())].map(({ table, rows }) => ({ step: 'rows' as const, table, rows })), { step: 'commit' }];
    expect(steps(first).slice(-load.length)).toEqual(load);
    expect(steps(second).slice(-load.length)).toEqual(load);
    expect(first.calls.filter((call) => call.request.type === 'replace').every((call) => call.timeoutMs === undefined)).toBe(true);
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  });

  it('refuses rows that are not the mirror\'s before any worker sees them', async () => {
    const { engine, runtime } = newEngine();
    await settle();
    await expect(engine.reset({ nope: [] } as never)).rejects.toThrow('nope');
    await expect(engine.refill({ nope: [] } as never)).rejects.toThrow('nope');
    expect(steps(runtime.workers[0]!)).toEqual([]);
  });

  it('a failed load rolls back, rejects with its cause and leaves the copy incomplete, until a load succeeds', async () => {
    const runtime = new FakeRuntime();
    runtime.on('replace', (request) => (request.type === 'replace' && request.step.step === 'rows' ? Promise.reject(new Error('disk full')) : undefined));
    const { engine } = newEngine({}, runtime);
    await settle();
    expect((await rejection(engine.reset(snapshot()))).message).toBe('disk full');
    expect(steps(runtime.workers[0]!).map((step) => step.step)).toEqual(['begin', 'rows', 'abort']);
    expect(engine.copy()).toEqual({ complete: false, failure: 'loading the data failed: disk full' });
    expect(await rejection(engine.query('b1', 'SELECT 1'))).toBeInstanceOf(CopyIncomplete);
    expect(runtime.workers).toHaveLength(1);

    runtime.answer = () => undefined;
    await engine.reset(snapshot());
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  });

  it('a worker gone while loading is restarted empty', async () => {
    const runtime = new FakeRuntime();
    const begin = deferred();
    runtime.on('replace', () => begin.promise);
    const { engine } = newEngine({}, runtime);
    await settle();
    const reset = outcome(engine.reset(snapshot()));
    await settle();
    runtime.workers[0]!.exit(2);
    await settle();
    expect(reset.error).toBeInstanceOf(WorkerGone);
    expect(runtime.workers).toHaveLength(2);
    expect(runtime.workers[0]!.terminations).toBe(1);
    expect(engine.copy()).toEqual({ complete: false, failure: 'loading the data failed: analytics worker exited (code 2)' });
  });

  it('a worker gone with close() while loading is not restarted', async () => {
    const runtime = new FakeRuntime();
    runtime.on('replace', () => new Promise(() => undefined));
    const { engine } = newEngine({}, runtime);
    await settle();
    const reset = outcome(engine.reset(snapshot()));
    await settle();
    await engine.close();
    await settle();
    expect(reset.error).toBeInstanceOf(WorkerGone);
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.terminations).toBe(1);
  });
});

describe('refill()', () => {
  it('loads only the workers without a copy, and clears the failure once the copy is complete', async () => {
    const runtime = new FakeRuntime();
    const { engine, first, second } = await twoLoaded(runtime);
    runtime.on('apply', (_request, worker) => (worker === second ? Promise.reject(new Error('constraint')) : undefined));
    await engine.apply(CHANGE);
    await settle();
    expect(engine.copy()).toEqual({ complete: false, failure: 'applying changes failed: constraint' });
    const firstSteps = steps(first).length;
    const secondSteps = steps(second).length;
    await engine.refill(snapshot());
    expect(steps(first)).toHaveLength(firstSteps);
    expect(steps(second).length).toBeGreaterThan(secondSteps);
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  });

  it('keeps the failure of a worker replaced while it loaded the others', async () => {
    const runtime = new FakeRuntime();
    const { engine, second } = await twoLoaded(runtime);
    runtime.on('apply', (_request, worker) => (worker === second ? Promise.reject(new Error('constraint')) : undefined));
    await engine.apply(CHANGE);
    await settle();
    // The first worker runs a query that will pass its limit; the second's load is held meanwhile.
    const begin = deferred();
    runtime.on('query', () => new Promise(() => undefined));
    runtime.on('replace', () => begin.promise);
    const runaway = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    const refill = outcome(engine.refill(snapshot()));
    await vi.advanceTimersByTimeAsync(LIMIT_MS);
    await settle();
    expect(runaway.error?.message).toMatch(/time limit/);
    begin.resolve(undefined);
    await settle();
    expect(refill.settled()).toBe(true);
    expect(refill.error).toBeUndefined();
    expect(engine.copy()).toEqual({ complete: false, failure: 'a query ran past the time limit and its database worker was replaced' });
  });
});

describe('apply()', () => {
  it('is queued on the loaded workers only', async () => {
    const { engine, runtime } = newEngine();
    await settle();
    await engine.apply(CHANGE);
    await settle();
    expect(applies(runtime.workers[0]!)).toBe(0);
    await engine.reset(snapshot());
    await engine.apply(CHANGE);
    await settle();
    expect(runtime.workers[0]!.calls.at(-1)).toEqual({ request: { type: 'apply', changes: CHANGE }, timeoutMs: undefined });
  });

  it('refuses changes that are not the mirror\'s before any worker sees them', async () => {
    const { engine, runtime } = await loaded(newEngine());
    await expect(engine.apply([{ op: 'upsert', table: 'nope', row: {} } as never])).rejects.toThrow('nope');
    await settle();
    expect(applies(runtime.workers[0]!)).toBe(0);
  });

  it("a refused change leaves its worker without a copy, with the refusal's text; the worker is kept", async () => {
    const runtime = new FakeRuntime();
    runtime.on('apply', () => Promise.reject(new Error('constraint')));
    const { engine } = await loaded(newEngine({}, runtime));
    await engine.apply(CHANGE);
    await settle();
    expect(engine.copy()).toEqual({ complete: false, failure: 'applying changes failed: constraint' });
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.terminated).toBe(false);
    expect(await rejection(engine.query('b1', 'SELECT 1'))).toBeInstanceOf(CopyIncomplete);
    // Later changes skip a worker without a copy.
    await engine.apply(CHANGE);
    await settle();
    expect(applies(runtime.workers[0]!)).toBe(1);
  });

  it('a worker gone while applying is restarted empty', async () => {
    const runtime = new FakeRuntime();
    runtime.on('apply', () => new Promise(() => undefined));
    const { engine } = await loaded(newEngine({}, runtime));
    await engine.apply(CHANGE);
    await settle();
    runtime.workers[0]!.exit(4);
    await settle();
    expect(runtime.workers).toHaveLength(2);
    expect(runtime.workers[0]!.terminations).toBe(1);
    expect(engine.copy()).toEqual({ complete: false, failure: 'applying changes failed: analytics worker exited (code 4)' });
  });

  it('a worker gone with close() while applying is not restarted', async () => {
    const runtime = new FakeRuntime();
    runtime.on('apply', () => new Promise(() => undefined));
    const { engine } = await loaded(newEngine({}, runtime));
    await engine.apply(CHANGE);
    await settle();
    await engine.close();
    await settle();
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.terminations).toBe(1);
  });
});
