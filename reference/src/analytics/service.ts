/**
 * Analytics for one Reference: when the engine starts, which State it
 * mirrors, and the calls the routes make.
 *
 * Modes (createReference's `analytics.mode`):
 * - background: the engine starts at once (the CLI and the conformance
 *   suite); the server does not wait for it, the first analytics request does.
 * - lazy (default): nothing starts until the first analytics request. Tests
 *   and tools that create references by the dozen never pay for PGlite
 *   unless they ask for analytics.
 * - off: the analytics routes answer 503.
 *
 * In both modes the mirror of a State is attached (full snapshot, then its
 * events) by the first analytics request that needs the data, and again for
 * each new State after a reset. Until then a write costs analytics nothing:
 * following every write costs the database thread and the garbage collector
 * a large share of the write's own CPU (the bench's "analytics attached"
 * row), on a machine whose cores the HTTP thread needs, while loading a
 * snapshot of the default data on the first query is quick. A mirror
 * attached late holds the same rows as one that followed every event
 * (mirror/mirror.test.ts), so a query always sees the current State.
 */
import { serviceUnavailable } from '../errors.js';
import type { State } from '../state.js';
import { CopyIncomplete, createAnalyticsEngine, DEFAULT_TIMEOUT_MS, type AnalyticsEngine, type QueryResult, type SchemaResult } from './engine/index.js';
import { MirrorFeed } from './feed.js';
import { createStateMirror, type MirrorStores, type StateMirror } from './mirror/index.js';

export type AnalyticsMode = 'background' | 'lazy' | 'off';

export interface AnalyticsOptions {
  /** Default lazy (see above); the CLI uses background. */
  mode?: AnalyticsMode;
  /** Per-query time limit in ms (default 30000, SPEC.md). */
  timeoutMs?: number;
  /** An existing PostgreSQL server instead of the embedded PGlite (see engine/README.md). */
  databaseUrl?: string;
  /** Embedded engine: database workers that run queries side by side (default 2, the second started when first needed; engine/pglite/engine.ts). */
  workers?: number;
  /** Makes the engine (default createAnalyticsEngine); tests pass one that fails on purpose. */
  createEngine?: typeof createAnalyticsEngine;
}

export interface AnalyticsInfo {
  mode: AnalyticsMode;
  engine: 'pglite' | 'postgresql';
  started: boolean;
  /** The current State is copied into the database, completely (since the first analytics request after start or reset); writes then update it. */
  mirrored: boolean;
  /** Why the database holds no complete copy (a load or change failed, a worker was replaced); null when nothing failed. */
  failure: string | null;
  timeoutMs: number;
  defaultTimeoutMs: number;
}

/** What the service reads: the mirror's stores, and the clock SQL's current time follows. */
export type AnalyticsStores = MirrorStores & Pick<State, 'clock'>;

export class AnalyticsService {
  readonly mode: AnalyticsMode;
  private readonly defaultTimeoutMs: number;
  private timeoutMs: number;
  private engine: AnalyticsEngine | null = null;
  private feed: MirrorFeed | null = null;
  private mirror: StateMirror | null = null;
  private closed = false;

  constructor(
    private readonly options: AnalyticsOptions,
    private state: AnalyticsStores,
    private readonly logError: (error: unknown) => void,
  ) {
    this.mode = options.mode ?? 'lazy';
    this.defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.timeoutMs = this.defaultTimeoutMs;
    if (this.mode === 'background') this.start();
  }

  /**
   * A new State (reset), or a State changed without events (a restore that
   * loads records straight into the stores): mirror it afresh. The time limit
   * goes back to its default with the rest.
   */
  use(state: AnalyticsStores): void {
    this.state = state;
    this.mirror = null;
    this.setTimeLimit(null);
  }

  /**
   * Answers from complete data or not at all: when the copy is incomplete
   * the query first re-loads it from the stores where it was lost (the one
   * way back, whatever emptied it: a failure, a worker replaced, a worker
   * started late), a second time if a worker was replaced while the first
   * load ran, and answers 503 if that fails. A copy lost while the
   * query waited for its turn (a worker replaced after another query's time
   * limit, or the embedded engine's later workers started for it) is
   * re-loaded once more.
   */
  async query(publicationId: string, sql: string): Promise<QueryResult> {
    for (let attempt = 1; ; attempt++) {
      const engine = await this.complete();
      try {
        return await engine.query(publicationId, sql);
      } catch (error) {
        if (!(error instanceof CopyIncomplete)) throw error;
        if (attempt === 2) throw this.unavailable(engine);
      }
    }
  }

  async schema(): Promise<SchemaResult> {
    return this.ensureAttached().schema();
  }

  /** Started, attached and every change applied (tests and the bench); 503 if the copy is incomplete. */
  async ready(): Promise<void> {
    await (await this.complete()).ready();
  }

  /** null: back to the default. Applies to queries that start from now on. */
  setTimeLimit(timeoutMs: number | null): void {
    this.timeoutMs = timeoutMs ?? this.defaultTimeoutMs;
    this.engine?.setTimeLimit(this.timeoutMs);
  }

  info(): AnalyticsInfo {
    const copy = this.engine?.copy();
    return {
      mode: this.mode,
      engine: this.options.databaseUrl ? 'postgresql' : 'pglite',
      started: this.engine !== null,
      mirrored: this.mirror !== null && copy!.complete,
      failure: copy?.failure ?? null,
      timeoutMs: this.timeoutMs,
      defaultTimeoutMs: this.defaultTimeoutMs,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.engine?.close();
  }

  private start(): AnalyticsEngine {
    if (this.closed) throw serviceUnavailable('analytics are shutting down');
    if (!this.engine) {
      // SQL's current time is the reference clock (the State's, the same across resets).
      const current = () => this.state.clock;
      const clock = {
        now: () => current().now(),
        get frozen() {
          return current().frozen;
        },
      };
      this.engine = (this.options.createEngine ?? createAnalyticsEngine)({ timeoutMs: this.timeoutMs, databaseUrl: this.options.databaseUrl, workers: this.options.workers, clock });
      // Calls cut short by close() are not worth a log line.
      this.feed = new MirrorFeed(this.engine, (error) => {
        if (!this.closed) this.logError(error);
      });
    }
    return this.engine;
  }

  private ensureAttached(): AnalyticsEngine {
    if (this.mode === 'off') throw serviceUnavailable('analytics are turned off on this server');
    const engine = this.start();
    this.attach();
    return engine;
  }

  /** The engine with a complete copy of the current State and every change made so far; else 503. */
  private async complete(): Promise<AnalyticsEngine> {
    const engine = this.ensureAttached();
    await this.feed!.settled();
    // A second load when the first succeeded and the copy is incomplete all the same: a worker
    // was replaced while it ran (another query's time limit), and that one is empty again.
    for (let load = 1; load <= 2 && !engine.copy().complete && this.feed!.loading === 0; load++) {
      const loaded = await this.feed!.refill(this.mirror!.snapshot());
      await this.feed!.settled();
      if (!loaded) break;
    }
    if (!engine.copy().complete) throw this.unavailable(engine);
    return engine;
  }

  private unavailable(engine: AnalyticsEngine): Error {
    const why = engine.copy().failure ?? 'the copy of the data is incomplete';
    return serviceUnavailable(
      `analytics are unavailable: the analytics database holds no complete copy of this server's data (${why}). ` +
        'Each analytics request tries to load it again; if it keeps failing (data too large for the embedded database), ' +
        'start the server with --analytics-database-url postgres://... to use a PostgreSQL server',
    );
  }

  /** Mirror the current State (snapshot, then its events). */
  private attach(): void {
    const feed = this.feed!;
    if (this.mirror) return;
    const mirror = createStateMirror(this.state);
    this.mirror = mirror;
    feed.reset(mirror.snapshot());
    // An old State's listeners stay registered on its bus; once replaced, they feed nothing.
    mirror.listen((changes) => {
      if (this.mirror === mirror) feed.push(changes);
    });
  }
}
