/**
 * A worker of the pool (thread.ts) run on this thread, its port and workerData
 * the test's: it warms its tasks up and says it is ready with its thread's
 * id, runs one call at a time marking it in the `current` cell, answers
 * values, refusals and failures in the protocol's shapes, and skips the calls
 * the pool has taken back. (pool.test.ts runs it in real threads.)
 */
import { EventEmitter } from 'node:events';
import { existsSync, readlinkSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CELL, type StartingTask, type ThreadMessage, type WorkerCall } from './protocol.js';
import type { ThreadTaskLog } from './thread-tasks.support.test.js';

const worker = vi.hoisted(() => ({ port: null as unknown, data: {} as Record<string, unknown> }));
vi.mock('node:worker_threads', () => ({
  get parentPort() {
    return worker.port;
  },
  get workerData() {
    return worker.data;
  },
}));

const TASKS = new URL('./thread-tasks.support.test.ts', import.meta.url).href;
const task = (name: string) => ({ module: TASKS, name });

class FakePort extends EventEmitter {
  readonly posted: ThreadMessage[] = [];
  postMessage(message: ThreadMessage): void {
    this.posted.push(message);
    this.emit('posted');
  }
  /** Gives the worker a call, as the pool does. */
  call(id: number, seq: number, name: string, input: unknown): void {
    this.emit('message', { id, seq, task: task(name), input } satisfies WorkerCall);
  }
  /** Resolves once `count` messages have been posted in all; fails after a while (a worker that never answers). */
  async posts(count: number): Promise<ThreadMessage[]> {
    await until(() => this.posted.length >= count);
    return this.posted;
  }
}

const PATIENCE_MS = 2_000;

/** Resolves once `done()` holds, checked every millisecond; fails after PATIENCE_MS, so that a worker that hangs fails at once. */
async function until(done: () => boolean): Promise<void> {
  const deadline = performance.now() + PATIENCE_MS;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('the worker did not get there');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

let port: FakePort;
let log: ThreadTaskLog;

/** Starts a worker (thread.ts loaded afresh) with these tasks; resolves once it has said it is ready. */
async function start(tasks: StartingTask[] = [task('echo'), task('shout')]): Promise<void> {
  vi.resetModules();
  port = new FakePort();
  const cells = new SharedArrayBuffer(CELL.count * Int32Array.BYTES_PER_ELEMENT);
  log = { calls: [], cells: new Int32Array(cells), release: null };
  (globalThis as { threadTaskLog?: ThreadTaskLog }).threadTaskLog = log;
  worker.port = port;
  worker.data = { cells, tasks };
  let loaded = false;
  void import('./thread.js').then(() => (loaded = true));
  await until(() => loaded);
}

beforeEach(async () => {
  port?.removeAllListeners();
});

describe('starting', () => {
  it('warms up the tasks that have a warm-up input, then says it is ready with its thread id', async () => {
    await start([{ ...task('echo'), warmUp: 'hello' }, task('shout'), { ...task('fail'), warmUp: 'early' }]);
    expect(log.calls).toEqual([
      ['echo', 'hello', 0],
      ['fail', 'early', 0],
    ]);
    const threadId = existsSync('/proc/thread-self') ? Number(readlinkSync('/proc/thread-self').split('/').pop()) : null;
    expect(port.posted).toEqual([{ ready: true, threadId }]);
  });
});

describe('a call', () => {
  it("is answered with the function's value, marked under way while it runs and unmarked after", async () => {
    await start();
    port.call(7, 1, 'echo', 'x');
    port.call(8, 2, 'shout', 'y');
    const [, first, second] = await port.posts(3);
    expect(first).toEqual({ id: 7, ok: true, value: { echoed: 'x' } });
    expect(second).toEqual({ id: 8, ok: true, value: 'Y' });
    expect(log.calls).toEqual([
      ['echo', 'x', 7],
      ['shout', 'y', 8],
    ]);
    expect(Atomics.load(log.cells, CELL.current)).toBe(0);
  });

  it('a refusal keeps its status and message; an error or anything else thrown gives its message and no status', async () => {
    await start();
    port.call(1, 1, 'refuse', 'a');
    port.call(2, 2, 'fail', 'b');
    port.call(3, 3, 'throwText', 'c');
    const answers = (await port.posts(4)).slice(1);
    expect(answers).toEqual([
      { id: 1, ok: false, status: 422, message: 'refused a' },
      { id: 2, ok: false, status: null, message: 'failed b' },
      { id: 3, ok: false, status: null, message: 'thrown c' },
    ]);
    expect(Atomics.load(log.cells, CELL.current)).toBe(0);
  });

  it('of a name the module does not export as a function fails, saying so', async () => {
    await start();
    port.call(1, 1, 'notAFunction', 'a');
    port.call(2, 2, 'missing', 'b');
    const answers = (await port.posts(3)).slice(1);
    expect(answers).toEqual([
      { id: 1, ok: false, status: null, message: `${TASKS} exports no function notAFunction` },
      { id: 2, ok: false, status: null, message: `${TASKS} exports no function missing` },
    ]);
  });

  it('waits for the one before it to be answered', async () => {
    await start();
    port.call(1, 1, 'wait', 'slow');
    port.call(2, 2, 'echo', 'fast');
    await until(() => log.release !== null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(port.posted).toHaveLength(1);
    expect(log.calls.map(([name]) => name)).toEqual(['wait']);
    expect(Atomics.load(log.cells, CELL.current)).toBe(1);
    log.release!();
    const [, first, second] = await port.posts(3);
    expect(first).toEqual({ id: 1, ok: true, value: 'slow' });
    expect(second).toEqual({ id: 2, ok: true, value: { echoed: 'fast' } });
  });

  it('taken back by the pool (its seq at or below skipThrough) is skipped', async () => {
    await start();
    Atomics.store(log.cells, CELL.skipThrough, 2);
    port.call(1, 1, 'echo', 'a');
    port.call(2, 2, 'echo', 'b');
    port.call(3, 3, 'echo', 'c');
    const answers = (await port.posts(2)).slice(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toEqual([{ id: 3, ok: true, value: { echoed: 'c' } }]);
    expect(port.posted).toHaveLength(2);
    expect(log.calls).toEqual([['echo', 'c', 3]]);
  });
});
