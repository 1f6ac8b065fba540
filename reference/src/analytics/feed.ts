/**
 * The one path from the mirror to the engine: a promise chain of reset and
 * apply calls, in order.
 *
 * Event listeners run inside the request that caused them, so changes are
 * buffered and handed over once per turn of the event loop (a newsletter to
 * 150 subscribers is one apply, not 150); the request that wrote answers
 * without waiting for the database. A query first calls settled(): it flushes
 * the buffer and waits for the chain, so it sees every change made before it.
 *
 * A failed reset or apply (the database did not start, or stopped) leaves
 * the database behind the state; the feed then reports `stale`, and the
 * service re-loads a whole snapshot before the next query.
 */
import type { AnalyticsEngine, MirrorChange, MirrorSnapshot } from './engine/index.js';

export class MirrorFeed {
  private buffer: MirrorChange[] = [];
  private chain: Promise<void> = Promise.resolve();
  private flushQueued = false;
  /** True when a reset or apply failed: the database misses changes. */
  stale = false;

  constructor(
    private readonly engine: AnalyticsEngine,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Replaces all data; changes still buffered belonged to what is being replaced. */
  reset(snapshot: MirrorSnapshot): void {
    this.buffer = [];
    this.stale = false;
    this.enqueue(() => this.engine.reset(snapshot));
  }

  push(changes: MirrorChange[]): void {
    if (changes.length === 0) return;
    for (const change of changes) this.buffer.push(change);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  /** Resolves when every change pushed so far has been applied (or has failed). */
  settled(): Promise<void> {
    this.flush();
    return this.chain;
  }

  private flush(): void {
    this.flushQueued = false;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.enqueue(() => this.engine.apply(batch));
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((error: unknown) => {
      this.stale = true;
      this.onError(error);
    });
  }
}
