/**
 * The pool's CPU budget and the slow call's extra worker, on workers the test
 * drives (fake-worker.support.test.ts): when a call is charged and checked,
 * when it is stopped, and when the calls behind a slow one go to a worker
 * beside it.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.js';
import { cpu, started } from './fake-worker.support.test.js';
import { TASK, outcome, poolsPerTest, readyWorker, settle } from './pool-harness.support.test.js';

vi.mock('../workers.js', async () => (await import('./fake-worker.support.test.js')).fakeWorkersModule);
vi.mock('./thread-cpu.js', async () => (await import('./fake-worker.support.test.js')).fakeThreadCpuModule);

const { newPool } = poolsPerTest();

describe('the CPU budget', () => {
  /** A pool of one worker running one call it has begun, the first check done (the call is charged from there). */
  async function running(options: { cpuBudgetMs?: number; cpuAtStart?: number } = {}) {
    const pool = newPool({ cpuBudgetMs: options.cpuBudgetMs ?? 1_000 });
    const call = outcome(pool.run(TASK, 'a'));
    const worker = readyWorker(0, options.cpuAtStart ?? 0);
    worker.begin(worker.ids[0]!);
    return { pool, call, worker };
  }

  it('is checked every 50 ms: a call is stopped at the first check after it has spent its budget', async () => {
    const { call, worker } = await running();
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 999);
    await vi.advanceTimersByTimeAsync(50);
    expect(call.settled()).toBe(false);
    cpu.set(1, 1_000);
    await vi.advanceTimersByTimeAsync(49);
    expect(call.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(ApiError);
    expect(call.error).toMatchObject({
      status: 400,
      message: 'markdown took more than 1 s to convert (CPU time): it is too large or too intricate (long runs of emphasis markers or deep nesting)',
    });
    expect(worker.terminated).toBe(true);
  });

  it('is checked every eighth of a short budget', async () => {
    const { call } = await running({ cpuBudgetMs: 80 });
    await vi.advanceTimersByTimeAsync(10);
    cpu.set(1, 80);
    await vi.advanceTimersByTimeAsync(9);
    expect(call.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error?.message).toMatch(/^markdown took more than 0.08 s/);
  });

  it('is checked at least every millisecond', async () => {
    const { call } = await running({ cpuBudgetMs: 4 });
    await vi.advanceTimersByTimeAsync(1);
    cpu.set(1, 4);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error?.message).toMatch(/^markdown took more than 0.004 s/);
  });

  it("charges a call from the first check that reads the thread's clock, not the thread's time before", async () => {
    const { call } = await running({ cpuAtStart: 5_000 });
    cpu.set(1, null);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 5_010);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 5_900);
    await vi.advanceTimersByTimeAsync(50);
    expect(call.settled()).toBe(false);
    cpu.set(1, 6_010);
    await vi.advanceTimersByTimeAsync(50);
    expect(call.error).toBeInstanceOf(ApiError);
  });

  it('adds up the time between checks once', async () => {
    const { call } = await running();
    await vi.advanceTimersByTimeAsync(50);
    for (const ms of [300, 600, 900]) {
      cpu.set(1, ms);
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(call.settled()).toBe(false);
  });

  it('does not charge a call for the time the worker spent on the call before it', async () => {
    const pool = newPool();
    const first = outcome(pool.run(TASK, 'a'));
    const second = outcome(pool.run(TASK, 'b'));
    const worker = readyWorker(0);
    worker.begin(worker.ids[0]!);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 240);
    await vi.advanceTimersByTimeAsync(50);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'A' });
    worker.begin(worker.ids[1]!);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 1_200);
    await vi.advanceTimersByTimeAsync(50);
    await settle();
    expect(first.value).toBe('A');
    expect(second.settled()).toBe(false);
  });

  it('charges nothing while the worker still names another call', async () => {
    const pool = newPool();
    const first = outcome(pool.run(TASK, 'a'));
    const worker = readyWorker(0);
    // The worker still marks a call it was running before (one taken back from it).
    worker.begin(worker.ids[0]! + 100);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 2_000);
    await vi.advanceTimersByTimeAsync(100);
    expect(first.settled()).toBe(false);
    expect(started).toHaveLength(1);
  });

  it('stops being checked when no worker has a call, and starts again with the next', async () => {
    const pool = newPool();
    outcome(pool.run(TASK, 'a'));
    const worker = readyWorker(0);
    expect(vi.getTimerCount()).toBe(1);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'A' });
    await vi.advanceTimersByTimeAsync(50);
    expect(vi.getTimerCount()).toBe(0);
    const next = outcome(pool.run(TASK, 'b'));
    expect(vi.getTimerCount()).toBe(1);
    worker.begin(worker.ids[1]!);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 1_000);
    await vi.advanceTimersByTimeAsync(50);
    expect(next.error).toBeInstanceOf(ApiError);
  });

  it('an overrun gives the calls waiting behind it to a new worker, in their order', async () => {
    const pool = newPool();
    const calls = Array.from({ length: 10 }, (_, i) => outcome(pool.run(TASK, String(i))));
    const worker = readyWorker(0);
    const ids = [...worker.ids];
    worker.begin(ids[0]!);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, 1_000);
    await vi.advanceTimersByTimeAsync(50);
    expect(calls[0]!.error).toBeInstanceOf(ApiError);
    expect(worker.skipThrough).toBe(8);
    expect(pool.workerCount).toBe(1);
    const next = readyWorker(1);
    expect(next.posted.map((call) => call.input)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(next.posted.map((call) => call.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The stopped worker's exit afterwards changes nothing.
    worker.emit('exit', 1);
    expect(calls.slice(1).some((call) => call.settled())).toBe(false);
  });
});

describe('a slow call', () => {
  /** A pool of one worker whose first call has just spent `ms` of CPU, `count` calls in all. */
  async function slowing(ms: number, count = 3) {
    const pool = newPool({ cpuBudgetMs: 5_000 });
    const calls = Array.from({ length: count }, (_, i) => outcome(pool.run(TASK, String(i))));
    const worker = readyWorker(0);
    worker.begin(worker.ids[0]!);
    await vi.advanceTimersByTimeAsync(50);
    cpu.set(1, ms);
    await vi.advanceTimersByTimeAsync(50);
    return { pool, calls, worker };
  }

  it('under 250 ms of CPU keeps the calls behind it and no worker is added', async () => {
    const { worker } = await slowing(249);
    expect(worker.skipThrough).toBe(0);
    expect(started).toHaveLength(1);
  });

  it('at 250 ms gives the calls behind it back, and a worker beside it takes them', async () => {
    const { pool, calls, worker } = await slowing(250);
    expect(worker.skipThrough).toBe(3);
    expect(started).toHaveLength(2);
    const extra = readyWorker(1);
    expect(extra.posted.map((call) => call.input)).toEqual(['1', '2']);
    // The slow worker is given nothing more while its call runs.
    outcome(pool.run(TASK, '3'));
    expect(worker.posted).toHaveLength(3);
    expect(extra.posted).toHaveLength(3);
    // A late answer of a call taken back is ignored.
    worker.answer({ id: worker.ids[1]!, ok: true, value: 'late' });
    await settle();
    expect(calls[1]!.settled()).toBe(false);
  });

  it('is given back once: more CPU time takes nothing more back', async () => {
    const { pool, worker } = await slowing(250);
    readyWorker(1);
    outcome(pool.run(TASK, 'later'));
    const skip = worker.skipThrough;
    cpu.set(1, 600);
    await vi.advanceTimersByTimeAsync(50);
    expect(worker.skipThrough).toBe(skip);
    expect(started).toHaveLength(2);
  });

  it('once answered, its worker takes calls again and the extra worker stops', async () => {
    const { pool, calls, worker } = await slowing(250);
    const extra = readyWorker(1);
    for (const call of extra.posted) extra.answer({ id: call.id, ok: true, value: call.input });
    expect(pool.workerCount).toBe(2);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'slow' });
    await settle();
    expect(calls.map((call) => call.value)).toEqual(['slow', '1', '2']);
    expect(pool.workerCount).toBe(1);
    expect(worker.terminated || extra.terminated).toBe(true);
    const left = worker.terminated ? extra : worker;
    outcome(pool.run(TASK, 'next'));
    expect(left.posted.at(-1)?.input).toBe('next');
  });

  it('an extra worker ready after the slow call ended stops at once', async () => {
    const { pool, worker } = await slowing(250, 1);
    expect(started).toHaveLength(1);
    outcome(pool.run(TASK, 'b'));
    expect(started).toHaveLength(2);
    worker.answer({ id: worker.ids[0]!, ok: true, value: 'A' });
    // The waiting call went to the worker that is free again.
    expect(worker.posted.at(-1)?.input).toBe('b');
    readyWorker(1);
    expect(started[1]!.terminated).toBe(true);
    expect(pool.workerCount).toBe(1);
  });

  it('at most two workers are added beside slow calls', async () => {
    const pool = newPool({ cpuBudgetMs: 5_000 });
    for (let i = 0; i < 6; i++) outcome(pool.run(TASK, String(i)));
    for (let n = 0; n < 3; n++) {
      const worker = readyWorker(n);
      worker.begin(worker.ids[0]!);
      await vi.advanceTimersByTimeAsync(50);
      cpu.set(n + 1, 250);
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(started).toHaveLength(3);
    expect(pool.workerCount).toBe(3);
  });
});
