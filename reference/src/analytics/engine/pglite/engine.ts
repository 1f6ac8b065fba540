/**
 * The embedded engine: PGlite in worker threads.
 *
 * - Several workers (default 2), each a whole database with the whole copy of
 *   the data: PGlite has one connection and a query blocks its thread, so
 *   queries run side by side only on separate workers. Queries take turns
 *   fairly between publications (../fair-turns.ts), at most one running per
 *   publication: one publication's runaway query holds one worker, never the
 *   others' queries.
 * - Only the first worker starts with the engine: each holds a whole
 *   database (hundreds of MB) and takes every change, so an idle server or
 *   one publication's queries keep one. The others all start the first time
 *   a query's turn falls to one of them (the first worker is busy with
 *   another publication's query); they start empty, that query finds the
 *   copy incomplete, and the service loads the data into them alone
 *   (refill()), not waiting for the busy worker.
 * - Each worker does one thing at a time, in order (its own queue): changes
 *   and loads are queued on every started worker, a query on the one it runs
 *   on, so a query sees every change queued before it.
 * - Start-up runs in the background (PGlite takes seconds to initialise); the
 *   first call waits for it, and ready() tells when it is done. The first
 *   start of a schema installs it and dumps the data directory; workers start
 *   from that dump (much faster than initdb + install), which is also kept on
 *   disk for the next process (datadir-cache.ts). PGlite's WebAssembly is
 *   compiled once per process and shared by every worker (wasm-module.ts).
 * - A query past its time limit is stopped by terminating its worker (PGlite
 *   ignores statement_timeout); the caller gets 408 and a fresh worker starts
 *   at once, empty. copy() then says incomplete, and the service loads the
 *   data from the stores into the workers without it before the next query:
 *   there is one way to fill a database, whatever emptied it.
 * - The clock is read when a query's turn comes, and the worker runs the
 *   query, as written, on that reading: the database's own clock is the one
 *   mechanism here (worker-clock.ts; ../query-clock.ts ClockMechanism).
 */
import { badRequest, timeout } from '../../../errors.js';
import { replaceAll } from '../db/mirror-sql.js';
import { RESULT_TOO_LARGE, UserSqlError } from '../db/runner.js';
import { FairTurns } from '../fair-turns.js';
import { checkSql } from '../guard/sql-guard.js';
import type { MirrorChange, MirrorSnapshot } from '../mirror-types.js';
import { checkChanges, checkSnapshot } from '../rows/validate.js';
import { MACHINE_CLOCK, readClock, type QueryClock } from '../query-clock.js';
import { timeLimitMessage } from '../query-errors.js';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { SerialQueue } from '../serial.js';
import { CopyIncomplete, MAX_ROWS, type AnalyticsEngine, type DataCopy, type QueryResult, type SchemaResult } from '../types.js';
import type { WorkerRequest } from './protocol.js';
import { PGLITE_RUNTIME, type DatabaseWorker, type PgliteRuntime } from './runtime.js';
import { WorkerGone, WorkerTimeout } from './worker-host.js';

export const DEFAULT_WORKERS = 2;

interface Slot {
  host: DatabaseWorker | null;
  /** null until the slot's worker is first started. */
  booting: Promise<void> | null;
  /** Everything this worker does, in order. */
  queue: SerialQueue;
  /** Holds the last reset's rows and every change queued since. */
  loaded: boolean;
}

export class PgliteAnalyticsEngine implements AnalyticsEngine {
  private readonly slots: Slot[];
  private readonly turns: FairTurns;
  /** The post-install data directory every worker starts from (a gzipped tar, several times smaller). */
  private template: Promise<ArrayBuffer> | null = null;
  private failure: string | null = null;
  private closed = false;

  constructor(
    private timeoutMs: number,
    /** Keep the post-install data directory under node_modules/.cache (see datadir-cache.ts). */
    private readonly useCache = true,
    private readonly clock: QueryClock = MACHINE_CLOCK,
    workers = DEFAULT_WORKERS,
    /** Where workers, the WebAssembly and the cached data directory come from (runtime.ts). */
    private readonly runtime: PgliteRuntime = PGLITE_RUNTIME,
  ) {
    this.slots = Array.from({ length: Math.max(1, workers) }, () => ({ host: null, booting: null, queue: new SerialQueue(), loaded: false }));
    this.turns = new FairTurns(this.slots.length, 1);
    this.boot(this.slots[0]);
  }

  /** The started workers are up. */
  async ready(): Promise<void> {
    await Promise.all(this.started().map((slot) => slot.booting));
  }

  async query(publicationId: string, sql: string): Promise<QueryResult> {
    this.assertOpen();
    const checked = await checkSql(sql, ANALYTICS_RELATIONS, 'database');
    return this.turns.run(publicationId, (index) => {
      const slot = this.slots[index];
      if (!slot.booting) {
        // The turn fell to a worker never started: the first worker is busy with another publication's query.
        for (const dormant of this.slots) if (!dormant.booting) this.boot(dormant);
        return Promise.reject(new CopyIncomplete('more analytics database workers started; they need the data'));
      }
      return slot.queue.run(async () => {
        const host = await this.worker(slot);
        if (!slot.loaded) throw new CopyIncomplete('the analytics database lost its copy of the data');
        const request: WorkerRequest = { type: 'query', blogId: publicationId, sql: checked, maxRows: MAX_ROWS, clock: readClock(this.clock) };
        const limit = this.timeoutMs;
        try {
          return await host.call<QueryResult>(request, limit);
        } catch (error) {
          if (error instanceof WorkerTimeout) {
            this.restart(slot, `a query ran past the time limit and its database worker was replaced`);
            throw timeout(timeLimitMessage(limit));
          }
          if (error instanceof UserSqlError) {
            // The values read before the refusal grew the worker's memory, which WASM never gives back: replace it.
            if (error.code === RESULT_TOO_LARGE) this.restart(slot, 'a query result too large to return was refused and its database worker replaced, to return its memory');
            throw badRequest(error.message);
          }
          if (error instanceof WorkerGone && !this.closed) {
            this.restart(slot, error.message);
            throw new Error('the analytics database stopped while running the query; it is being restarted');
          }
          throw error;
        }
      });
    });
  }

  setTimeLimit(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
  }

  schema(): Promise<SchemaResult> {
    this.assertOpen();
    const slot = this.slots[0];
    return slot.queue.run(async () => (await this.worker(slot)).call<SchemaResult>({ type: 'schema' }));
  }

  /** Queued on every started worker before any later query; a worker that refuses it has lost its copy. */
  async apply(changes: MirrorChange[]): Promise<void> {
    this.assertOpen();
    checkChanges(changes);
    for (const slot of this.started()) {
      void slot.queue.run(async () => {
        if (!slot.loaded) return;
        try {
          await (await this.worker(slot)).call({ type: 'apply', changes });
        } catch (error) {
          slot.loaded = false;
          this.failure = `applying changes failed: ${(error as Error).message}`;
          if (error instanceof WorkerGone && !this.closed) this.restart(slot, this.failure);
        }
      });
    }
  }

  /** Every started worker; a worker started later is empty until refill(). */
  async reset(snapshot: MirrorSnapshot): Promise<void> {
    this.assertOpen();
    checkSnapshot(snapshot);
    await this.load(this.started(), snapshot);
  }

  /**
   * Only the workers without a complete copy (started late, replaced, or a
   * load or change failed): the others hold the same rows already, and may be
   * busy with a long query that the load must not wait for.
   */
  async refill(snapshot: MirrorSnapshot): Promise<void> {
    this.assertOpen();
    checkSnapshot(snapshot);
    await this.load(this.started().filter((slot) => !slot.loaded), snapshot);
  }

  private async load(slots: Slot[], snapshot: MirrorSnapshot): Promise<void> {
    const loads = slots.map((slot) =>
      slot.queue.run(async () => {
        slot.loaded = false;
        try {
          const host = await this.worker(slot);
          await replaceAll(snapshot, (step) => host.call({ type: 'replace', step }));
          slot.loaded = true;
        } catch (error) {
          if (error instanceof WorkerGone && !this.closed) this.restart(slot, (error as Error).message);
          throw error;
        }
      }),
    );
    const results = await Promise.allSettled(loads);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      this.failure = `loading the data failed: ${(failed.reason as Error).message}`;
      throw failed.reason;
    }
    // A worker replaced while these loaded (another query's time limit) is empty: its cause still holds.
    if (this.copy().complete) this.failure = null;
  }

  copy(): DataCopy {
    return { complete: this.started().every((slot) => slot.loaded), failure: this.failure };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.host?.terminate()));
  }

  private started(): Slot[] {
    return this.slots.filter((slot) => slot.booting !== null);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('analytics engine is closed');
  }

  /** Starts the slot's worker from the template data directory; failures surface through ready() and the next call. */
  private boot(slot: Slot): void {
    slot.booting = (async () => {
      let template = await this.templateDir();
      slot.host = this.spawn();
      try {
        await slot.host.call({ type: 'start', wasm: await this.runtime.wasm(), dataDir: template });
      } catch (error) {
        if (this.closed) throw error;
        // A cached data directory that does not start: forget it, make a fresh one.
        await this.runtime.cache.drop();
        template = await this.keepTemplate(this.freshTemplate());
        void slot.host.terminate();
        slot.host = this.spawn();
        await slot.host.call({ type: 'start', wasm: await this.runtime.wasm(), dataDir: template });
      }
    })();
    slot.booting.catch(() => undefined);
  }

  private templateDir(): Promise<ArrayBuffer> {
    return this.template ?? this.keepTemplate((async () => (this.useCache ? await this.runtime.cache.read() : null) ?? (await this.freshTemplate()))());
  }

  /** Every start shares the template being made; one that failed is forgotten, so the next start makes it again. */
  private keepTemplate(making: Promise<ArrayBuffer>): Promise<ArrayBuffer> {
    this.template = making;
    // No newer template can be set before this one settles: a start makes a fresh one only after this one gave it a directory.
    making.catch(() => {
      this.template = null;
    });
    return making;
  }

  /** initdb and the schema install in a worker of its own, then its data directory. */
  private async freshTemplate(): Promise<ArrayBuffer> {
    const host = this.spawn();
    try {
      await host.call({ type: 'start', wasm: await this.runtime.wasm(), dataDir: null });
      const dataDir = await host.call<ArrayBuffer>({ type: 'dump' });
      if (this.useCache) void this.runtime.cache.write(dataDir);
      return dataDir;
    } finally {
      void host.terminate();
    }
  }

  private spawn(): DatabaseWorker {
    // close() may have run while the cached data directory was being read.
    this.assertOpen();
    return this.runtime.spawn();
  }

  /** Replaces a slot's worker (it may be mid-query): the new one starts empty. */
  private restart(slot: Slot, why: string): void {
    slot.loaded = false;
    this.failure = why;
    void slot.host?.terminate();
    this.boot(slot);
  }

  /** The slot's started worker; a failed start is retried once per call. */
  private async worker(slot: Slot): Promise<DatabaseWorker> {
    this.assertOpen();
    try {
      await slot.booting!;
    } catch {
      this.boot(slot);
      await slot.booting;
    }
    return slot.host!;
  }
}
