import { describe, expect, it } from 'vitest';
import { nextTurn, SLICE_MS, SlicedWork } from './slices.js';

/** Items each of which takes a whole slice: one item per turn of the event loop. */
const slow = (n: number) => Array.from({ length: n }, (_, i) => i);
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('SlicedWork', () => {
  it('does in one call what fits in one slice, and over several turns what does not, ending each slice with endOfSlice', async () => {
    const work = new SlicedWork();
    const seen: number[] = [];
    const slices: number[] = [];
    void work.inSlices([1, 2, 3], (i) => seen.push(i));
    expect(seen).toEqual([1, 2, 3]);
    const done = work.inSlices(slow(3), () => busyFor(SLICE_MS), () => slices.push(seen.length));
    expect(work.busy).toBe(true);
    await done;
    expect(work.busy).toBe(false);
    expect(slices.length).toBeGreaterThanOrEqual(3);
  });

  it('idle waits for every loop, those started while it waits too', async () => {
    const work = new SlicedWork();
    const ended: string[] = [];
    void work.inSlices(slow(2), () => busyFor(SLICE_MS)).then(() => {
      ended.push('first');
      void work.inSlices(slow(2), () => busyFor(SLICE_MS)).then(() => ended.push('second'));
    });
    await work.idle();
    expect(ended).toEqual(['first', 'second']);
    expect(work.busy).toBe(false);
  });

  it('settled(mark) waits for the effects started after the mark only, and rejects with their failure', async () => {
    const work = new SlicedWork();
    let releaseEarlier!: () => void;
    work.effect(new Promise<void>((resolve) => (releaseEarlier = resolve)));
    const mark = work.mark();
    let laterEnded = false;
    work.effect(nextTurn().then(() => void (laterEnded = true)));
    await work.settled(mark);
    expect(laterEnded).toBe(true);
    releaseEarlier();

    const failing = work.mark();
    work.effect(nextTurn().then(() => Promise.reject(new Error('fan-out failed'))));
    await expect(work.settled(failing)).rejects.toThrow('fan-out failed');
  });

  it('settled(mark) reports an effect that failed before it was called, and a later mark does not see it', async () => {
    const work = new SlicedWork();
    const mark = work.mark();
    work.effect(Promise.reject(new Error('failed at once')));
    await nextTurn();
    await expect(work.settled(mark)).rejects.toThrow('failed at once');
    await expect(work.settled(work.mark())).resolves.toBeUndefined();
  });

  it('an effect that fails with no request awaiting it does not fail the process', async () => {
    const work = new SlicedWork();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      work.effect(Promise.reject(new Error('nobody waits')));
      await nextTurn();
      await nextTurn();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
