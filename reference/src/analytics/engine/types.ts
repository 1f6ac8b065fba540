/**
 * The analytics engine's public interface. The HTTP routes (wired elsewhere)
 * call these; errors for bad input are ApiError (400, 408) from errors.ts.
 */
import type { MirrorChange, MirrorSnapshot } from './mirror-types.js';
import type { QueryClock } from './query-clock.js';

export interface QueryResult {
  /** Column name -> JSON-safe value (see values/to-json.ts for the mapping). */
  rows: Record<string, unknown>[];
  /** Number of rows returned, after truncation. */
  rowCount: number;
  /** In column order; repeated names are listed each time. */
  fields: { name: string }[];
  /** True when the query had more than the row cap and rows were cut. */
  truncated: boolean;
}

export interface SchemaColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

export interface SchemaResult {
  tables: SchemaColumn[];
}

export interface AnalyticsEngine {
  /** Resolves when the database is up; start-up happens in the background. */
  ready(): Promise<void>;
  /**
   * Runs read-only SQL scoped to one publication (blog). SQL's current time
   * (now(), CURRENT_DATE, ...) is the engine's clock when the query starts.
   */
  query(publicationId: string, sql: string): Promise<QueryResult>;
  /**
   * Changes the per-query time limit for queries that start from now on
   * (the test-control API shortens it to test the 408 without waiting 30 s).
   */
  setTimeLimit(timeoutMs: number): void;
  /** One row per column of every table and view of the analytics schema. */
  schema(): Promise<SchemaResult>;
  /**
   * Upserts / deletes mirrored rows, in order, atomically. Queries that start
   * after it resolves see them. A failure leaves copy() incomplete.
   * Rows are read, never changed, and must not be changed by the caller.
   */
  apply(changes: MirrorChange[]): Promise<void>;
  /** Replaces all mirrored data, in batches; rejects (and leaves copy() incomplete) if any part fails. */
  reset(snapshot: MirrorSnapshot): Promise<void>;
  /**
   * The recovery load: `snapshot` is the current data, and only a database
   * without a complete copy loads it (as reset() would); one that holds every
   * change keeps its copy and is not waited for.
   */
  refill(snapshot: MirrorSnapshot): Promise<void>;
  /** Whether queries can be answered from complete data. */
  copy(): DataCopy;
  close(): Promise<void>;
}

export interface DataCopy {
  /** The database (each started worker of the embedded one) holds the last reset's rows and every change since. */
  complete: boolean;
  /** Why the last load or change failed, or why a copy was lost; null once a reset succeeds. */
  failure: string | null;
}

/**
 * A query found no complete copy where it was to run (a reset failed, or a
 * worker was replaced after a time limit): it never runs on partial data.
 */
export class CopyIncomplete extends Error {}

export interface AnalyticsEngineOptions {
  /** Per-query time limit; default 30000 (SPEC: 30-second statement timeout). */
  timeoutMs?: number;
  /**
   * An existing PostgreSQL server (superuser, a database of its own) instead
   * of the embedded PGlite.
   */
  databaseUrl?: string;
  /**
   * Embedded engine only: reuse the post-install PGlite data directory kept
   * under node_modules/.cache by an earlier process (default true).
   */
  dataDirCache?: boolean;
  /**
   * Embedded engine only: database workers that run queries side by side,
   * each holding the whole copy (default 2; see pglite/engine.ts).
   */
  workers?: number;
  /**
   * The clock SQL's current time follows (the reference's controllable
   * clock); read when each query starts. Default: the machine's time.
   */
  clock?: QueryClock;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** SPEC: rows past 10,000 are cut. */
export const MAX_ROWS = 10_000;
