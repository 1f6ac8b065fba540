/**
 * The engine on an existing PostgreSQL server (node-postgres pool), with the
 * same schema, policies and privileges as the embedded one.
 *
 * The server must be 15+ and the URL must name a superuser and a database of
 * the engine's own: install re-creates the analytics schemas, creates the
 * cluster-wide role analytics_reader and revokes PUBLIC's default rights on
 * pg_catalog functions and tables in that database (schema/security.ts).
 *
 * Time limit: statement_timeout is set in each query's transaction; in case
 * the server does not stop the statement on its own, a client-side timer asks
 * it to (pg_cancel_backend from a separate connection) a little later. Both
 * end the statement with SQLSTATE 57014, answered as 408.
 *
 * The clock is read right before the query's transaction begins. The server
 * keeps its own clock: SQL's current time follows the reference's through
 * the guard's rewrite and the analytics_clock functions (schema/clock.ts),
 * except for the date/time input strings 'now', 'today', ... (said there).
 */
import pg from 'pg';
import { installAnalyticsSchema } from '../db/database.js';
import { applyChanges, replaceAll, replaceStep } from '../db/mirror-sql.js';
import { FairTurns } from '../fair-turns.js';
import { readSchema } from '../db/schema-query.js';
import { runScopedQuery } from '../db/scoped-query.js';
import { checkSql } from '../guard/sql-guard.js';
import type { MirrorChange, MirrorSnapshot } from '../mirror-types.js';
import { checkChanges, checkSnapshot } from '../rows/validate.js';
import { MACHINE_CLOCK, readClock, type QueryClock } from '../query-clock.js';
import { toApiError } from '../query-errors.js';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { SerialQueue } from '../serial.js';
import { CopyIncomplete, MAX_ROWS, type AnalyticsEngine, type DataCopy, type QueryResult, type SchemaResult } from '../types.js';
import { TYPE_CATALOG_SQL, buildTypeCatalog, type TypeCatalog } from '../values/to-json.js';
import { PgRunner } from './pg-runner.js';

/** Extra time the server gets to honour statement_timeout before the client cancels. */
const CANCEL_GRACE_MS = 1_000;
/** Connections; queries run side by side on all but the one kept for mirror writes. */
const POOL_SIZE = 8;
/** Queries one publication may run at once: a publication's runaway queries hold at most this many connections. */
const PER_PUBLICATION = 2;

export class PgAnalyticsEngine implements AnalyticsEngine {
  private readonly pool: pg.Pool;
  private readonly booting: Promise<TypeCatalog>;
  /** Mirror writes keep their order. Queries run concurrently, each on its own connection. */
  private readonly writes = new SerialQueue();
  private readonly turns = new FairTurns(POOL_SIZE - 1, PER_PUBLICATION);
  private loaded = false;
  private failure: string | null = null;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private timeoutMs: number,
    private readonly clock: QueryClock = MACHINE_CLOCK,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
    // An idle connection dropped by the server must not crash the process.
    this.pool.on('error', () => undefined);
    this.booting = this.withRunner(async (runner) => {
      await installAnalyticsSchema(runner, 'sql');
      return buildTypeCatalog((await runner.query(TYPE_CATALOG_SQL)).rows);
    });
    this.booting.catch(() => undefined);
  }

  async ready(): Promise<void> {
    await this.booting;
  }

  async query(publicationId: string, sql: string): Promise<QueryResult> {
    this.assertOpen();
    const checked = await checkSql(sql, ANALYTICS_RELATIONS, 'sql');
    const types = await this.booting;
    return this.turns.run(publicationId, () => this.run(types, publicationId, checked));
  }

  private async run(types: TypeCatalog, publicationId: string, checked: string): Promise<QueryResult> {
    if (!this.loaded) throw new CopyIncomplete('the analytics database holds no complete copy of the data');
    const limit = this.timeoutMs;
    const client = await this.pool.connect();
    const pid = (client as unknown as { processID: number }).processID;
    let cancelled = false;
    const canceller = setTimeout(() => {
      cancelled = true;
      void this.cancel(pid);
    }, limit + CANCEL_GRACE_MS);
    let broken = false;
    try {
      return await runScopedQuery(new PgRunner(client), types, publicationId, checked, {
        maxRows: MAX_ROWS,
        statementTimeoutMs: limit,
        clock: readClock(this.clock),
      });
    } catch (error) {
      // Errors without a SQLSTATE are connection failures: do not reuse the client.
      broken = !(error as { code?: string }).code;
      throw toApiError(error, limit);
    } finally {
      clearTimeout(canceller);
      // A cancel request still on its way must not hit the connection's next user.
      client.release(broken || cancelled || undefined);
    }
  }

  setTimeLimit(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
  }

  async schema(): Promise<SchemaResult> {
    this.assertOpen();
    await this.booting;
    return this.withRunner(readSchema);
  }

  async apply(changes: MirrorChange[]): Promise<void> {
    this.assertOpen();
    checkChanges(changes);
    await this.booting;
    return this.writes.run(() =>
      this.withRunner((runner) => applyChanges(runner, changes)).catch((error: unknown) => {
        this.loaded = false;
        this.failure = `applying changes failed: ${(error as Error).message}`;
        throw error;
      }),
    );
  }

  /** One transaction: queries running meanwhile see the old rows until it commits. */
  async reset(snapshot: MirrorSnapshot): Promise<void> {
    this.assertOpen();
    checkSnapshot(snapshot);
    await this.booting;
    return this.writes.run(async () => {
      try {
        await this.withRunner((runner) => replaceAll(snapshot, (step) => replaceStep(runner, step)));
      } catch (error) {
        this.loaded = false;
        this.failure = `loading the data failed: ${(error as Error).message}`;
        throw error;
      }
      this.loaded = true;
      this.failure = null;
    });
  }

  async refill(snapshot: MirrorSnapshot): Promise<void> {
    if (!this.loaded) await this.reset(snapshot);
  }

  copy(): DataCopy {
    return { complete: this.loaded, failure: this.failure };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.booting.catch(() => undefined);
    await this.writes.idle();
    await this.pool.end();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('analytics engine is closed');
  }

  private async withRunner<T>(work: (runner: PgRunner) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await work(new PgRunner(client));
    } finally {
      client.release();
    }
  }

  /** Asks the server to stop a statement, from a connection outside the pool (which may be full). */
  private async cancel(pid: number): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // Best effort: statement_timeout is the primary limit.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
