import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock } from './clock.js';

const fixedReal = (start: number) => {
  let t = start;
  return { now: () => t, tick: (ms: number) => (t += ms) };
};

describe('Clock', () => {
  it('follows real time with an offset after advancing', () => {
    const real = fixedReal(1_000);
    const clock = new Clock(real.now);
    expect(clock.now()).toBe(1_000);
    clock.advance(500);
    expect(clock.now()).toBe(1_500);
    real.tick(100);
    expect(clock.now()).toBe(1_600);
  });

  it('stops while frozen and resumes from the frozen time', () => {
    const real = fixedReal(0);
    const clock = new Clock(real.now);
    clock.freeze(true);
    real.tick(1_000);
    expect(clock.now()).toBe(0);
    clock.advance(10);
    expect(clock.now()).toBe(10);
    clock.freeze(false);
    real.tick(5);
    expect(clock.now()).toBe(15);
  });

  it('runs due tasks in time order, each seeing its own due time', () => {
    const clock = new Clock(fixedReal(0).now);
    const seen: [string, number][] = [];
    clock.schedule(300, 'b', () => seen.push(['b', clock.now()]));
    clock.schedule(100, 'a', () => seen.push(['a', clock.now()]));
    clock.schedule(900, 'c', () => seen.push(['c', clock.now()]));
    clock.advance(500);
    expect(seen).toEqual([['a', 100], ['b', 300]]);
    expect(clock.now()).toBe(500);
    expect(clock.pending()).toEqual([{ at: 900, key: 'c' }]);
  });

  it('replaces a task scheduled again under the same key, and cancels by key', () => {
    const clock = new Clock(fixedReal(0).now);
    let runs = 0;
    clock.schedule(100, 'k', () => runs++);
    clock.schedule(200, 'k', () => (runs += 10));
    clock.advance(150);
    expect(runs).toBe(0);
    clock.cancel('k');
    clock.advance(100);
    expect(runs).toBe(0);
  });

  it('runs tasks that a running task schedules when they are already due', () => {
    const clock = new Clock(fixedReal(0).now);
    const order: string[] = [];
    clock.schedule(100, 'first', () => {
      order.push('first');
      clock.schedule(150, 'second', () => order.push('second'));
    });
    clock.advance(200);
    expect(order).toEqual(['first', 'second']);
  });

  it('refuses to go backwards by advance', () => {
    const clock = new Clock(fixedReal(0).now);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('reads the machine time unless given another', () => {
    const before = Date.now();
    const now = new Clock().now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('moves by advance(0), and refuses a step that is not a number of milliseconds, naming it', () => {
    const clock = new Clock(fixedReal(7).now);
    clock.advance(0);
    expect(clock.now()).toBe(7);
    expect(() => clock.advance(Number.NaN)).toThrow('advanceMs must be >= 0');
  });

  it('keeps its first frozen time when frozen again, and runs on when unfrozen without being frozen', () => {
    const real = fixedReal(1_000);
    const clock = new Clock(real.now);
    clock.freeze(false);
    real.tick(10);
    expect([clock.now(), clock.frozen]).toEqual([1_010, false]);
    clock.freeze(true);
    real.tick(10);
    clock.freeze(true);
    expect([clock.now(), clock.frozen]).toEqual([1_010, true]);
  });

  it('runs a task due now or earlier at once, tasks due at one time in the order scheduled, and one due at the very time reached', () => {
    const clock = new Clock(fixedReal(100).now);
    const order: string[] = [];
    clock.schedule(100, 'now', () => order.push('now'));
    clock.schedule(50, 'past', () => order.push('past'));
    clock.schedule(101, 'later', () => order.push('later'));
    expect(order).toEqual(['now', 'past']);
    for (const key of ['x', 'y', 'z']) clock.schedule(300, key, () => order.push(key));
    clock.advance(200);
    expect(order).toEqual(['now', 'past', 'later', 'x', 'y', 'z']);
    expect(clock.tasksRun).toBe(6);
  });

  it('runs tasks on every advance, and a task that fell due inside another after it, not inside it', () => {
    const clock = new Clock(fixedReal(0).now);
    const order: string[] = [];
    clock.schedule(100, 'a', () => {
      order.push('a starts');
      clock.schedule(50, 'b', () => order.push('b'));
      order.push('a ends');
    });
    clock.schedule(300, 'c', () => order.push('c'));
    clock.advance(200);
    clock.advance(200);
    expect(order).toEqual(['a starts', 'a ends', 'b', 'c']);
  });

  it('reads the time it was moved to after its tasks, frozen or not, whatever a task did to it', () => {
    const real = fixedReal(0);
    const running = new Clock(real.now);
    running.schedule(100, 'unfreezes', () => running.freeze(false));
    running.advance(200);
    expect([running.now(), running.frozen]).toEqual([200, false]);
    const frozen = new Clock(real.now);
    frozen.freeze(true);
    frozen.schedule(100, 'runs', () => undefined);
    frozen.advance(200);
    real.tick(50);
    expect([frozen.now(), frozen.frozen]).toEqual([200, true]);
  });

  it('warns of a task that throws and runs the rest', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const clock = new Clock(fixedReal(0).now);
    let ran = false;
    clock.schedule(10, 'fails', () => {
      throw new Error('boom');
    });
    clock.schedule(20, 'runs', () => (ran = true));
    clock.advance(30);
    expect(warn).toHaveBeenCalledWith('scheduled task failed: boom');
    expect(ran).toBe(true);
    warn.mockRestore();
  });

  it('says whether a task is due or scheduled, holds due work while a restore runs, and drops all work on reset', () => {
    const real = fixedReal(0);
    const clock = new Clock(real.now);
    expect(clock.hasDue()).toBe(false);
    let runs = 0;
    clock.schedule(100, 'k', () => runs++);
    expect([clock.isScheduled('k'), clock.isScheduled('other'), clock.hasDue()]).toEqual([true, false, false]);
    real.tick(100);
    expect(clock.hasDue()).toBe(true);
    real.tick(-1);
    expect(clock.hasDue()).toBe(false);
    real.tick(1);
    const held = clock.holdDue(() => {
      clock.schedule(50, 'held', () => runs++);
      expect(runs).toBe(0);
      return 'done';
    });
    expect([held, runs, clock.hasDue()]).toEqual(['done', 2, false]);
    clock.schedule(500, 'dropped', () => runs++);
    clock.clearTasks();
    expect([clock.pending(), clock.isScheduled('dropped')]).toEqual([[], false]);
  });

  it('gives its state, and takes one back', () => {
    const real = fixedReal(1_000);
    const clock = new Clock(real.now);
    clock.advance(500);
    expect(clock.state()).toEqual({ offsetMs: 500, frozenAt: null });
    const other = new Clock(real.now);
    other.restore({ offsetMs: 0, frozenAt: 42 });
    expect([other.now(), other.frozen, other.state()]).toEqual([42, true, { offsetMs: 0, frozenAt: 42 }]);
    other.restore(clock.state());
    expect(other.now()).toBe(1_500);
  });

  describe('timers in real time', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('run a task when real time reaches it, only once enabled, not while frozen, and no more once disposed', () => {
      vi.useFakeTimers();
      const real = fixedReal(0);
      const clock = new Clock(real.now);
      let runs = 0;
      clock.schedule(1_000, 'a', () => runs++);
      real.tick(1_000);
      vi.advanceTimersByTime(2_000);
      expect(runs).toBe(0);
      clock.enableTimers(true);
      vi.advanceTimersByTime(0);
      expect(runs).toBe(1);

      clock.schedule(3_000, 'b', () => runs++);
      vi.advanceTimersByTime(1_000);
      expect(runs).toBe(1);
      real.tick(2_000);
      vi.advanceTimersByTime(1_000);
      expect(runs).toBe(2);

      clock.freeze(true);
      clock.schedule(4_000, 'c', () => runs++);
      // Frozen, real time brings nothing due: no timer waits.
      expect(vi.getTimerCount()).toBe(0);
      real.tick(5_000);
      vi.advanceTimersByTime(5_000);
      expect(runs).toBe(2);
      clock.freeze(false);
      clock.dispose();
      real.tick(5_000);
      vi.advanceTimersByTime(10_000);
      expect(runs).toBe(2);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('wait at most the longest delay a timer takes for a task far ahead, and none for an empty list', () => {
      vi.useFakeTimers();
      const real = fixedReal(0);
      const clock = new Clock(real.now);
      clock.enableTimers(true);
      expect(vi.getTimerCount()).toBe(0);
      let runs = 0;
      clock.schedule(2 ** 40, 'far', () => runs++);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(2 ** 31 - 2);
      expect(runs).toBe(0);
      clock.clearTasks();
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
