/**
 * The one path from the mirror to the engine: a promise chain of reset and
 * apply calls, in order.
 *
 * Event listeners run inside the request that caused them, so changes are
 * buffered and handed over in batches; the request that wrote answers
 * without waiting for the database. A change waits up to BATCH_MS for others
 * (and while an apply runs, until it ends), so that a stream of writes costs
 * the database one transaction per batch, not one per request: a
 * transaction costs the embedded database many times what a row does, and
 * its thread shares the machine's cores with the HTTP thread. A query first calls settled(): it hands the
 * buffer over at once and waits for the chain, so it sees every change made
 * before it.
 *
 * A failed reset or apply (the database did not start, or stopped) leaves
 * the engine's copy incomplete (AnalyticsEngine.copy()); the service then
 * loads a whole snapshot where the copy was lost before the next query.
 */
import type { AnalyticsEngine, MirrorChange, MirrorSnapshot } from './engine/index.js';

/** How long a change waits for others before it is handed over (real time; nothing observable waits on it). */
export const BATCH_MS = 50;

export class MirrorFeed {
  private buffer: MirrorChange[] = [];
  private chain: Promise<void> = Promise.resolve();
  /** Tasks enqueued and not yet finished. */
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Resets handed over and not yet finished. */
  loading = 0;

  constructor(
    private readonly engine: AnalyticsEngine,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Replaces all data; changes still buffered belonged to what is being replaced. */
  reset(snapshot: MirrorSnapshot): void {
    this.buffer = [];
    this.loading++;
    this.enqueue(() => this.engine.reset(snapshot).finally(() => this.loading--));
  }

  /**
   * Loads the current data where the engine lost its copy: changes still
   * buffered go first to the copies kept (the snapshot holds them already).
   * Resolves to whether the load succeeded (a failure goes to onError too).
   */
  refill(snapshot: MirrorSnapshot): Promise<boolean> {
    this.flush();
    this.loading++;
    return this.enqueue(() => this.engine.refill(snapshot).finally(() => this.loading--));
  }

  push(changes: MirrorChange[]): void {
    if (changes.length === 0) return;
    for (const change of changes) this.buffer.push(change);
    // A running task schedules the hand-over when it ends.
    if (this.running === 0) this.flushSoon();
  }

  /** Resolves when every change pushed so far has been applied (or has failed). */
  settled(): Promise<void> {
    this.flush();
    return this.chain;
  }

  /** Changes waiting to be handed over (tests). */
  get waiting(): number {
    return this.buffer.length;
  }

  private flushSoon(): void {
    if (this.timer !== null || this.buffer.length === 0) return;
    this.timer = setTimeout(() => this.flush(), BATCH_MS);
    // A process with nothing else to do may exit; changes not yet handed over die with the database.
    this.timer.unref();
  }

  private flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.enqueue(() => this.engine.apply(batch));
  }

  /** Resolves, never rejects, to whether the task succeeded, once it has ended. */
  private enqueue(task: () => Promise<void>): Promise<boolean> {
    this.running++;
    const succeeded = this.chain.then(task).then(
      () => true,
      (error: unknown) => {
        this.onError(error);
        return false;
      },
    );
    this.chain = succeeded.then(() => {
      if (--this.running === 0) this.flushSoon();
    });
    return succeeded;
  }
}
