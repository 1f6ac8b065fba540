import { describe, expect, it } from 'vitest';
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
});
