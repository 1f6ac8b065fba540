/**
 * Long loops of one State (a CSV import's rows, a custom email's recipients,
 * a newsletter's subscribers) in slices of the event loop's time: after each
 * SLICE_MS of work the loop lets other requests run, so a big request takes
 * a little longer and every other request keeps its ordinary latency.
 *
 * Between two slices the state holds part of a loop's work. So the loops
 * running are known: a save of the state waits until none runs (it holds a
 * request whole or not at all), and a request answers once the loops it
 * started have ended (its answer reflects all it did, a newsletter fanned out
 * by a publish too).
 */

/** Work between two turns of the event loop: well under a request's ordinary latency budget. */
export const SLICE_MS = 10;

/** Resolves once the event loop has run what waits (I/O, timers, other requests). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class SlicedWork {
  private readonly running = new Set<Promise<void>>();
  /** Loops started by an event (a publish's newsletter), which the request in progress awaits: by number. */
  private readonly effects = new Map<number, Promise<void>>();
  private effectsStarted = 0;

  /**
   * Calls `each` for every item, in order; `endOfSlice` (if given) runs
   * before each pause and after the last item, for work done once per slice.
   * Work that fits in one slice is done before this returns.
   */
  inSlices<T>(items: Iterable<T>, each: (item: T) => void, endOfSlice?: () => void): Promise<void> {
    const done = eachInSlices(items, each, endOfSlice).finally(() => this.running.delete(done));
    this.running.add(done);
    return done;
  }

  /** A loop started by an event, not awaited where it starts: the request in progress awaits it (settled) before it answers. */
  effect(done: Promise<void>): void {
    const id = ++this.effectsStarted;
    this.effects.set(id, done);
    // One that ended well is forgotten. One that failed is kept: a request that settles after it ended must
    // still learn of it (its answer would claim work that was not done), and a request started later has a
    // later mark and never sees it. Handled here, so that one started by the clock's timer, which no request
    // awaits, does not fail the process.
    done.then(
      () => this.effects.delete(id),
      () => undefined,
    );
  }

  /** Whether a loop is between two slices. */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Effects started so far: `settled(mark)` waits for those started after. */
  mark(): number {
    return this.effectsStarted;
  }

  /** Resolves once the effects started after `mark` have ended; rejects with the first one's failure. */
  async settled(mark: number): Promise<void> {
    await Promise.all([...this.effects].filter(([id]) => id > mark).map(([, done]) => done));
  }

  /** Resolves once no loop runs, those started meanwhile included (their failures are theirs to report). */
  async idle(): Promise<void> {
    while (this.busy) await Promise.allSettled([...this.running]);
  }
}

async function eachInSlices<T>(items: Iterable<T>, each: (item: T) => void, endOfSlice?: () => void): Promise<void> {
  let since = performance.now();
  for (const item of items) {
    each(item);
    if (performance.now() - since >= SLICE_MS) {
      endOfSlice?.();
      await nextTurn();
      since = performance.now();
    }
  }
  endOfSlice?.();
}
