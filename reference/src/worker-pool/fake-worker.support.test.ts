/**
 * Stand-ins for a worker thread and its CPU clock, for pool.fake-worker.test.ts:
 * the test says when a worker is ready, which call it runs, what it answers
 * and how much CPU time its thread has spent, so the pool's decisions show
 * exactly and at once (pool.test.ts shows them with real threads).
 */
import { EventEmitter } from 'node:events';
import type { WorkerOptions } from 'node:worker_threads';
import { CELL, type ThreadData, type ThreadMessage, type WorkerCall } from './protocol.js';

export class FakeWorker extends EventEmitter {
  readonly posted: WorkerCall[] = [];
  /** A new Worker keeps the process alive until unref(). */
  referenced = true;
  terminated = false;
  readonly cells: Int32Array;

  constructor(
    readonly entry: string,
    readonly base: string,
    readonly options: WorkerOptions,
    readonly data: ThreadData,
  ) {
    super();
    this.cells = new Int32Array(data.cells);
  }

  postMessage(message: WorkerCall): void {
    this.posted.push(message);
  }
  ref(): void {
    this.referenced = true;
  }
  unref(): void {
    this.referenced = false;
  }
  terminate(): Promise<number> {
    this.terminated = true;
    return Promise.resolve(1);
  }

  /** The worker has loaded its tasks; `threadId` names its CPU clock in `cpu`. */
  ready(threadId: number | null): void {
    this.emit('message', { ready: true, threadId } satisfies ThreadMessage);
  }
  /** The worker begins call `id` (marks it in its `current` cell). */
  begin(id: number): void {
    Atomics.store(this.cells, CELL.current, id);
  }
  answer(message: ThreadMessage): void {
    Atomics.store(this.cells, CELL.current, 0);
    this.emit('message', message);
  }
  get skipThrough(): number {
    return Atomics.load(this.cells, CELL.skipThrough);
  }
  /** The ids of the calls given to it, in order. */
  get ids(): number[] {
    return this.posted.map((call) => call.id);
  }
}

/** Every worker started, in order. */
export const started: FakeWorker[] = [];

/** CPU milliseconds of each thread by id (null: unreadable now); a thread not named here reads 0. */
export const cpu = new Map<number | null, number | null>();

/** Stands in for ../workers.js. */
export const fakeWorkersModule = {
  startWorker(entry: string, base: string, options: WorkerOptions = {}, data: Record<string, unknown> = {}): FakeWorker {
    const worker = new FakeWorker(entry, base, options, data as unknown as ThreadData);
    started.push(worker);
    return worker;
  },
};

/** Stands in for ./thread-cpu.js. */
export const fakeThreadCpuModule = {
  threadCpuClock: (threadId: number | null) => () => (cpu.has(threadId) ? cpu.get(threadId)! : 0),
  cpuMsOfStat: () => null,
};
