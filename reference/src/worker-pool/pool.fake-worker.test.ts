/**
 * The pool's decisions on workers the test drives (fake-worker.support.test.ts):
 * what a worker is started with, when it keeps the process alive, how answers
 * and refusals reach the caller, and what happens to calls when a worker
 * dies. The CPU budget and the slow call's extra worker: pool-cpu.fake-worker.test.ts.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.js';
import { cpu, started } from './fake-worker.support.test.js';
import { DEFAULT_CPU_BUDGET_MS, DEFAULT_MAX_WORKERS, WorkerPool, defineWorkerTask, workerPool } from './pool.js';
import { TASK, outcome, poolsPerTest, readyWorker, settle } from './pool-harness.support.test.js';
import { CELL } from './protocol.js';

vi.mock('../workers.js', async () => (await import('./fake-worker.support.test.js')).fakeWorkersModule);
vi.mock('./thread-cpu.js', async () => (await import('./fake-worker.support.test.js')).fakeThreadCpuModule);

const { newPool, closedAfter } = poolsPerTest();

describe('defaults', () => {
  it('one worker per core but the HTTP thread, at least 2, at most 4; five seconds of CPU', () => {
    expect(DEFAULT_MAX_WORKERS).toBe(Math.min(4, Math.max(2, availableParallelism() - 1)));
    expect(new WorkerPool().capacity).toBe(DEFAULT_MAX_WORKERS);
    expect(DEFAULT_CPU_BUDGET_MS).toBe(5_000);
  });

  it('a call is stopped once it has spent five seconds of CPU by default', async () => {
    const pool = new WorkerPool({ maxWorkers: 1 });
    closedAfter(pool);
    const call = outcome(pool.run(TASK, 'x'));
    const worker = readyWorker(0);
    worker.begin(worker.ids[0]!);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 4_999);
    await vi.advanceTimersByTimeAsync(50);
    expect(call.settled()).toBe(false);
    cpu.set(1, 5_000);
    await vi.advanceTimersByTimeAsync(50);
    expect(call.error).toBeInstanceOf(ApiError);
  });
});

describe('registered tasks', () => {
  it('are handed to every worker with their warm-up input, and run on the process pool', async () => {
    const first = defineWorkerTask<string, string>({ module: 'file:///first.js', name: 'one', label: 'the first', warmUp: 'hello' });
    defineWorkerTask<string, string>({ module: 'file:///first.js', name: 'two', label: 'the second' });
    defineWorkerTask<string, string>({ module: 'file:///first.js', name: 'two', label: 'the second again' });
    expect(first).toMatchObject({ module: 'file:///first.js', name: 'one', label: 'the first', warmUp: 'hello' });
    expect(workerPool()).toBe(workerPool());
    closedAfter(workerPool());

    const call = outcome(first.run('in'));
    const worker = started[0]!;
    expect(worker.data.tasks).toEqual(
      expect.arrayContaining([
        { module: 'file:///first.js', name: 'one', warmUp: 'hello' },
        { module: 'file:///first.js', name: 'two', warmUp: undefined },
      ]),
    );
    expect(worker.data.tasks.filter((task) => task.module === 'file:///first.js')).toHaveLength(2);
    readyWorker(0);
    expect(worker.posted).toEqual([{ id: worker.ids[0], seq: 1, task: { module: 'file:///first.js', name: 'one' }, input: 'in' }]);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'out' });
    await settle();
    expect(call.value).toBe('out');
  });
});

describe('a worker', () => {
  it('starts from ./thread beside the pool, with a 1 MB stack and its own shared cells', () => {
    newPool({ maxWorkers: 2 }).warm(2);
    const [a, b] = started;
    expect(a!.entry).toBe('./thread');
    expect(a!.base).toMatch(/worker-pool\/pool\.[tj]s$/);
    expect(a!.options).toEqual({ resourceLimits: { stackSizeMb: 1 } });
    expect(a!.data.cells).toBeInstanceOf(SharedArrayBuffer);
    expect(a!.data.cells.byteLength).toBe(CELL.count * Int32Array.BYTES_PER_ELEMENT);
    expect(b!.data.cells).not.toBe(a!.data.cells);
  });

  it('keeps the process alive only while it has calls', async () => {
    const pool = newPool();
    pool.warm();
    const worker = readyWorker(0);
    expect(worker.referenced).toBe(false);
    const first = outcome(pool.run(TASK, 'a'));
    const second = outcome(pool.run(TASK, 'b'));
    expect(worker.referenced).toBe(true);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'A' });
    expect(worker.referenced).toBe(true);
    worker.answer({ id: worker.ids[1]!, ok: true, value: 'B' });
    expect(worker.referenced).toBe(false);
    await settle();
    expect([first.value, second.value]).toEqual(['A', 'B']);
  });

  it('gets the calls that waited for it once ready, and not before', () => {
    const pool = newPool();
    outcome(pool.run(TASK, 'a'));
    outcome(pool.run(TASK, 'b'));
    expect(started[0]!.posted).toEqual([]);
    const worker = readyWorker(0);
    expect(worker.posted.map((call) => [call.seq, call.input])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(worker.referenced).toBe(true);
  });

  it('is given eight calls at a time; the others wait for answers', async () => {
    const pool = newPool();
    const calls = Array.from({ length: 10 }, (_, i) => outcome(pool.run(TASK, String(i))));
    const worker = readyWorker(0);
    expect(worker.posted).toHaveLength(8);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 0 });
    expect(worker.posted).toHaveLength(9);
    await settle();
    expect(calls[0]!.value).toBe(0);
    expect(calls.filter((call) => call.settled())).toHaveLength(1);
  });
});

describe('answers', () => {
  it('a refusal keeps its status and message; anything else is an error naming the input', async () => {
    const pool = newPool();
    const refused = outcome(pool.run(TASK, 'a'));
    const failed = outcome(pool.run(TASK, 'b'));
    const worker = readyWorker(0);
    worker.answer({ id: worker.ids[0]!, ok: false, status: 413, message: 'too long' });
    worker.answer({ id: worker.ids[1]!, ok: false, status: null, message: 'boom' });
    await settle();
    expect(refused.error).toBeInstanceOf(ApiError);
    expect(refused.error).toMatchObject({ status: 413, message: 'too long' });
    expect(failed.error).not.toBeInstanceOf(ApiError);
    expect(failed.error?.message).toBe('markdown could not be processed: boom');
  });

  it('an answer for a call the worker does not hold first is ignored', async () => {
    const pool = newPool();
    const call = outcome(pool.run(TASK, 'a'));
    const worker = readyWorker(0);
    worker.answer({ id: worker.ids[0]! + 100, ok: true, value: 'stray' });
    await settle();
    expect(call.settled()).toBe(false);
    expect(worker.referenced).toBe(true);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'mine' });
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'again' });
    await settle();
    expect(call.value).toBe('mine');
  });
});

describe('a worker that dies', () => {
  it('refuses the call it ran with its error; the calls behind it go to a new worker first', async () => {
    const pool = newPool();
    const calls = Array.from({ length: 10 }, (_, i) => outcome(pool.run(TASK, String(i))));
    const worker = readyWorker(0);
    const error = new Error('out of memory');
    worker.emit('error', error);
    await settle();
    expect(calls[0]!.error).toBe(error);
    expect(worker.skipThrough).toBe(8);
    const next = readyWorker(1);
    expect(next.posted.map((call) => call.input)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(calls.slice(1).some((call) => call.settled())).toBe(false);
  });

  it("an exit is an error naming the exit's code", async () => {
    const pool = newPool();
    const call = outcome(pool.run(TASK, 'a'));
    readyWorker(0).emit('exit', 7);
    await settle();
    expect(call.error?.message).toBe('a worker exited with code 7');
    expect(started).toHaveLength(1);
  });

  it('while starting, with no other worker, refuses every waiting call (it would die again)', async () => {
    const pool = newPool();
    const calls = [outcome(pool.run(TASK, 'a')), outcome(pool.run(TASK, 'b'))];
    const error = new Error('cannot load');
    started[0]!.emit('error', error);
    started[0]!.emit('exit', 1);
    await settle();
    expect(calls.map((call) => call.error)).toEqual([error, error]);
    expect(pool.workerCount).toBe(0);
    expect(started).toHaveLength(1);
    // A later call tries again.
    outcome(pool.run(TASK, 'c'));
    expect(started).toHaveLength(2);
  });

  it('while starting beside a working one, leaves the waiting calls to the pool', async () => {
    const pool = newPool({ maxWorkers: 2 });
    pool.warm(2);
    const first = readyWorker(0);
    const calls = Array.from({ length: 10 }, (_, i) => outcome(pool.run(TASK, String(i))));
    started[1]!.emit('error', new Error('cannot load'));
    await settle();
    expect(calls.some((call) => call.settled())).toBe(false);
    expect(first.posted).toHaveLength(8);
    expect(started).toHaveLength(3);
  });
});
