// The queue each worker (and the external engine's writes) runs its tasks on:
// one at a time, in call order, a failure not stopping the next. Requests see
// it only through the order of a fixture's few writes, never under a failure.
import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SerialQueue', () => {
  it('runs one task at a time, in call order, each handing back its own result', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let release!: () => void;
    const first = queue.run(async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      log.push('first ends');
      return 1;
    });
    const second = queue.run(async () => {
      log.push('second runs');
      return 'two';
    });
    await tick();
    expect(log).toEqual(['first starts']);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe('two');
    expect(log).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('a failed task rejects its own call and the next still runs', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error('task failed');
    });
    const next = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('task failed');
    expect(await next).toBe('next');
  });

  it('idle resolves, to nothing, once everything queued so far has finished, failures included', async () => {
    const queue = new SerialQueue();
    expect(await queue.idle()).toBeUndefined();
    let done = false;
    const failing = queue.run(async () => {
      await tick();
      throw new Error('late failure');
    });
    failing.catch(() => undefined);
    queue.run(async () => {
      await tick();
      done = true;
      return 'value';
    });
    const idle = await queue.idle();
    expect(done).toBe(true);
    expect(idle).toBeUndefined();
  });

  it('idle after a failed last task still resolves', async () => {
    const queue = new SerialQueue();
    queue.run(async () => Promise.reject(new Error('x'))).catch(() => undefined);
    await expect(queue.idle()).resolves.toBeUndefined();
  });
});
