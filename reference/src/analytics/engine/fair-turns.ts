/**
 * Query turns shared fairly between publications.
 *
 * A fixed number of slots (database workers or connections) run queries; each
 * publication may hold at most `perPublication` of them at once, and waiting
 * publications take the free slots in turn (round robin), each its own
 * queries in order. So one publication's slow or runaway queries hold at most
 * its own share: another publication's query starts as soon as a slot is free
 * that the first is not allowed to take.
 */
interface Waiting {
  start: (slot: number) => void;
}

export class FairTurns {
  private readonly free: number[];
  /** Publications with queries waiting, in turn order; each with its queue. */
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly running = new Map<string, number>();

  constructor(
    slots: number,
    private readonly perPublication: number,
  ) {
    this.free = Array.from({ length: slots }, (_, i) => i);
  }

  /** Runs `task` on a slot when the publication's turn comes; the slot is freed when it settles. */
  run<T>(publicationId: string, task: (slot: number) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = (slot: number) => {
        this.running.set(publicationId, (this.running.get(publicationId) ?? 0) + 1);
        task(slot)
          .then(resolve, reject)
          .finally(() => {
            const left = this.running.get(publicationId)! - 1;
            if (left === 0) this.running.delete(publicationId);
            else this.running.set(publicationId, left);
            this.free.push(slot);
            this.dispatch();
          });
      };
      const queue = this.waiting.get(publicationId);
      if (queue) queue.push({ start });
      else this.waiting.set(publicationId, [{ start }]);
      this.dispatch();
    });
  }

  /** Queries waiting for a slot (tests). */
  get queued(): number {
    let n = 0;
    for (const queue of this.waiting.values()) n += queue.length;
    return n;
  }

  private dispatch(): void {
    // The free slot with the lowest number first: slot 0 is the one most likely warm.
    this.free.sort((a, b) => a - b);
    for (const [publicationId, queue] of this.waiting) {
      if (this.free.length === 0) return;
      if ((this.running.get(publicationId) ?? 0) >= this.perPublication) continue;
      const next = queue.shift()!;
      // Served: to the back of the turn order (or out of it when nothing else waits).
      this.waiting.delete(publicationId);
      if (queue.length > 0) this.waiting.set(publicationId, queue);
      next.start(this.free.shift()!);
      // Another free slot may serve the next publication in turn.
      this.dispatch();
      return;
    }
  }
}
