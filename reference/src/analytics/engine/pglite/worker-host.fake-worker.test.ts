/**
 * WorkerHost on a fake thread (../../../workers.js mocked): how requests are
 * numbered and posted, how replies, refusals and the time limit settle them,
 * and what a thread that fails, exits or is terminated does to them and to
 * later calls. engine.test.ts and timeout.test.ts run it on PGlite.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserSqlError } from '../db/runner.js';
import type { WorkerEnvelope, WorkerReply } from './protocol.js';
import { WorkerGone, WorkerHost, WorkerTimeout } from './worker-host.js';

class FakeThread extends EventEmitter {
  readonly posted: WorkerEnvelope[] = [];
  terminations = 0;
  constructor(
    readonly entry: string,
    readonly base: string,
  ) {
    super();
  }
  postMessage(message: WorkerEnvelope): void {
    this.posted.push(message);
  }
  terminate(): Promise<number> {
    this.terminations++;
    return Promise.resolve(1);
  }
  reply(reply: WorkerReply): void {
    this.emit('message', reply);
  }
}

const threads = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../workers.js', () => ({
  startWorker: (entry: string, base: string) => {
    const thread = new FakeThread(entry, base);
    threads.push(thread);
    return thread;
  },
}));

function host(): { host: WorkerHost; thread: FakeThread } {
  const made = new WorkerHost();
  return { host: made, thread: threads.at(-1) as FakeThread };
}

function outcome<T>(promise: Promise<T>): { value?: T; error?: Error } {
  const state: { value?: T; error?: Error } = {};
  promise.then(
    (value) => void (state.value = value),
    (error: unknown) => void (state.error = error as Error),
  );
  return state;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  threads.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WorkerHost', () => {
  it('starts the worker module beside it', () => {
    const { thread } = host();
    expect(thread.entry).toBe('./worker');
    expect(thread.base).toMatch(/\/pglite\/worker-host\.(ts|js)$/);
  });

  it('numbers its requests from 1 and settles each by its own reply', async () => {
    const { host: worker, thread } = host();
    const first = outcome(worker.call({ type: 'schema' }));
    const second = outcome(worker.call({ type: 'dump' }));
    expect(thread.posted).toEqual([
      { id: 1, request: { type: 'schema' } },
      { id: 2, request: { type: 'dump' } },
    ]);
    thread.reply({ id: 2, ok: true, value: 'two' });
    thread.reply({ id: 1, ok: true, value: 'one' });
    await settle();
    expect([first.value, second.value]).toEqual(['one', 'two']);
  });

  it("a refusal of the user's SQL is a UserSqlError with its code; any other an Error with its message", async () => {
    const { host: worker, thread } = host();
    const user = outcome(worker.call({ type: 'schema' }));
    const engine = outcome(worker.call({ type: 'schema' }));
    thread.reply({ id: 1, ok: false, error: { message: 'division by zero', userError: true, code: '22012' } });
    thread.reply({ id: 2, ok: false, error: { message: 'broken', userError: false } });
    await settle();
    expect(user.error).toBeInstanceOf(UserSqlError);
    expect([user.error!.message, (user.error as UserSqlError).code]).toEqual(['division by zero', '22012']);
    expect(engine.error).not.toBeInstanceOf(UserSqlError);
    expect(engine.error!.constructor).toBe(Error);
    expect(engine.error!.message).toBe('broken');
  });

  it('a request past its time limit is refused with WorkerTimeout; its late reply is ignored; the timer of one answered in time is cleared', async () => {
    const { host: worker, thread } = host();
    const slow = outcome(worker.call({ type: 'schema' }, 100));
    const quick = outcome(worker.call({ type: 'schema' }, 100));
    const untimed = outcome(worker.call({ type: 'schema' }));
    thread.reply({ id: 2, ok: true, value: 'quick' });
    await settle();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(slow.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(slow.error).toBeInstanceOf(WorkerTimeout);
    expect(slow.error!.message).toBe('analytics query timed out');
    thread.reply({ id: 1, ok: true, value: 'late' });
    await settle();
    expect(slow.value).toBeUndefined();
    expect(quick.value).toBe('quick');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(untimed.error).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a thread that fails refuses what it was doing and every later call with WorkerGone, the first cause kept', async () => {
    const { host: worker, thread } = host();
    const pending = outcome(worker.call({ type: 'schema' }, 1_000));
    thread.emit('error', new Error('out of memory'));
    thread.emit('exit', 1);
    await settle();
    expect(pending.error).toBeInstanceOf(WorkerGone);
    expect(pending.error!.message).toBe('analytics worker failed: out of memory');
    expect(vi.getTimerCount()).toBe(0);
    const later = outcome(worker.call({ type: 'schema' }));
    await settle();
    expect(later.error).toBe(pending.error);
    expect(thread.posted).toHaveLength(1);
  });

  it('a thread that exits refuses with its exit code', async () => {
    const { host: worker, thread } = host();
    const pending = outcome(worker.call({ type: 'schema' }));
    thread.emit('exit', 7);
    await settle();
    expect(pending.error).toBeInstanceOf(WorkerGone);
    expect(pending.error!.message).toBe('analytics worker exited (code 7)');
  });

  it('terminate() stops the thread and refuses what it was doing; a reply after a failure is ignored', async () => {
    const { host: worker, thread } = host();
    const pending = outcome(worker.call({ type: 'schema' }));
    await worker.terminate();
    expect(thread.terminations).toBe(1);
    expect(pending.error).toBeInstanceOf(WorkerGone);
    expect(pending.error!.message).toBe('analytics worker stopped');
    thread.reply({ id: 1, ok: true, value: 'late' });
    await settle();
    expect(pending.value).toBeUndefined();
    await expect(worker.call({ type: 'schema' })).rejects.toThrow('analytics worker stopped');
  });
});
