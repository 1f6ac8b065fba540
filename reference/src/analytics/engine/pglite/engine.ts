/**
 * The embedded engine: PGlite in a worker thread.
 *
 * - Start-up runs in the background (PGlite takes seconds to initialise); the
 *   first call waits for it, and ready() tells when it is done.
 * - The first worker installs the schema and dumps its data directory; later
 *   workers start from that dump (much faster than initdb + install) and are
 *   loaded with the engine's copy of the mirrored data (mirror/state.ts). The
 *   dump is also kept on disk for the next process (datadir-cache.ts).
 * - Calls run one at a time, in order (PGlite has one connection anyway), so a
 *   query waits behind a slow one; its time limit counts from when it starts.
 * - A query past its time limit is stopped by terminating the worker (PGlite
 *   ignores statement_timeout); a fresh worker is started at once and the
 *   caller gets 408.
 * - The clock is read when a query's turn comes, and the worker runs the
 *   query on that reading (worker-clock.ts).
 */
import { badRequest, timeout } from '../../../errors.js';
import { UserSqlError } from '../db/runner.js';
import { checkSql } from '../guard/sql-guard.js';
import type { MirrorChange, MirrorSnapshot } from '../mirror-types.js';
import { MirrorState } from '../mirror/state.js';
import { checkChanges, checkSnapshot } from '../mirror/validate.js';
import { MACHINE_CLOCK, readClock, type QueryClock } from '../query-clock.js';
import { timeLimitMessage } from '../query-errors.js';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { SerialQueue } from '../serial.js';
import { MAX_ROWS, type AnalyticsEngine, type QueryResult, type SchemaResult } from '../types.js';
import { dropCachedDataDir, readCachedDataDir, writeCachedDataDir } from './datadir-cache.js';
import type { WorkerRequest } from './protocol.js';
import { WorkerGone, WorkerHost, WorkerTimeout } from './worker-host.js';

export class PgliteAnalyticsEngine implements AnalyticsEngine {
  private host: WorkerHost | null = null;
  private booting: Promise<void>;
  private dataDir: ArrayBuffer | null = null;
  private readonly state = new MirrorState();
  private readonly queue = new SerialQueue();
  private closed = false;
  /** How long the last worker took to start (ms), for diagnostics. */
  lastStartMs: number | null = null;

  constructor(
    private timeoutMs: number,
    /** Keep the post-install data directory under node_modules/.cache (see datadir-cache.ts). */
    private readonly useCache = true,
    private readonly clock: QueryClock = MACHINE_CLOCK,
  ) {
    this.booting = this.boot();
  }

  ready(): Promise<void> {
    return this.booting;
  }

  async query(publicationId: string, sql: string): Promise<QueryResult> {
    this.assertOpen();
    const checked = await checkSql(sql, ANALYTICS_RELATIONS);
    return this.queue.run(async () => {
      const host = await this.worker();
      const clock = readClock(this.clock);
      const request: WorkerRequest = { type: 'query', blogId: publicationId, sql: checked, maxRows: MAX_ROWS, clock };
      const limit = this.timeoutMs;
      try {
        return await host.call<QueryResult>(request, limit);
      } catch (error) {
        if (error instanceof WorkerTimeout) {
          this.restart();
          throw timeout(timeLimitMessage(limit));
        }
        if (error instanceof UserSqlError) throw badRequest(error.message);
        if (error instanceof WorkerGone && !this.closed) {
          this.restart();
          throw new Error('the analytics database stopped while running the query; it is being restarted');
        }
        throw error;
      }
    });
  }

  setTimeLimit(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
  }

  schema(): Promise<SchemaResult> {
    this.assertOpen();
    return this.queue.run(async () => (await this.worker()).call<SchemaResult>({ type: 'schema' }));
  }

  async apply(changes: MirrorChange[]): Promise<void> {
    this.assertOpen();
    checkChanges(changes);
    const copy = structuredClone(changes);
    return this.queue.run(async () => {
      await (await this.worker()).call({ type: 'apply', changes: copy });
      this.state.apply(copy);
    });
  }

  async reset(snapshot: MirrorSnapshot): Promise<void> {
    this.assertOpen();
    checkSnapshot(snapshot);
    const copy = structuredClone(snapshot);
    return this.queue.run(async () => {
      await (await this.worker()).call({ type: 'reset', snapshot: copy });
      this.state.replace(copy);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.host?.terminate();
    this.host = null;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('analytics engine is closed');
  }

  private boot(): Promise<void> {
    const booting = (async () => {
      const started = performance.now();
      let fromCache = false;
      if (!this.dataDir && this.useCache) {
        this.dataDir = await readCachedDataDir();
        fromCache = this.dataDir !== null;
      }
      let host = this.spawn();
      try {
        await host.call({ type: 'start', dataDir: this.dataDir });
      } catch (error) {
        if (!fromCache) throw error;
        // A cached data directory that does not start: forget it, start fresh.
        await dropCachedDataDir();
        this.dataDir = null;
        void host.terminate();
        host = this.spawn();
        await host.call({ type: 'start', dataDir: null });
      }
      if (!this.dataDir) {
        this.dataDir = await host.call<ArrayBuffer>({ type: 'dump' });
        if (this.useCache) void writeCachedDataDir(this.dataDir);
      }
      if (!this.state.isEmpty()) await host.call({ type: 'reset', snapshot: this.state.snapshot() });
      this.lastStartMs = performance.now() - started;
    })();
    // Failures surface through ready() and the next call; never as unhandled.
    booting.catch(() => undefined);
    return booting;
  }

  private spawn(): WorkerHost {
    // close() may have run while the cached data directory was being read.
    this.assertOpen();
    this.host = new WorkerHost();
    return this.host;
  }

  /** Replaces the worker: terminate the old one (it may be mid-query) and boot a new one. */
  private restart(): void {
    void this.host?.terminate();
    this.booting = this.boot();
  }

  /** The started worker; a failed start is retried once per call. */
  private async worker(): Promise<WorkerHost> {
    this.assertOpen();
    try {
      await this.booting;
    } catch {
      this.restart();
      await this.booting;
    }
    return this.host!;
  }
}
