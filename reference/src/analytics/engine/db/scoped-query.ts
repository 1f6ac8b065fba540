/**
 * Runs one user query inside its publication, as the query role, in a
 * read-only transaction that is always rolled back (see schema/security.ts
 * for why this keeps the query in scope).
 *
 * Rows are read through a cursor, at most maxRows + 1 (the extra row only
 * tells that there were more: truncated) and at most MAX_RESULT_BYTES, so an
 * unbounded result is never materialised. A cursor, unlike wrapping the SQL in
 * SELECT * FROM (...) LIMIT n, keeps the query exactly as written: column
 * names (duplicates included), their order and ORDER BY are untouched. The
 * SQL is placed last in DECLARE, so a trailing "-- comment" cannot swallow
 * anything the engine adds.
 */
import { MACHINE_CLOCK, readClock, type ClockReading } from '../query-clock.js';
import { CLOCK_SCHEMA } from '../schema/clock.js';
import { READER_ROLE } from '../schema/security.js';
import type { QueryResult } from '../types.js';
import { toJsonValue, type TypeCatalog } from '../values/to-json.js';
import { RESULT_TOO_LARGE, UserSqlError, type RawResult, type SqlRunner } from './runner.js';

export interface ScopedQueryOptions {
  maxRows: number;
  /** Sets statement_timeout (external server); PGlite does not enforce it, its worker is stopped instead. */
  statementTimeoutMs?: number;
  /**
   * The reference clock's reading SQL's current time answers from (taken by
   * the engine right before the query starts; default: the machine's time now).
   */
  clock?: ClockReading;
}

/**
 * Session settings for one query. search_path lists pg_catalog explicitly
 * after analytics: otherwise PostgreSQL searches pg_catalog *first*, and an
 * analytics name would lose to a catalog relation of the same name. The
 * clock schema comes before pg_catalog too, so its now(), age(t), ... win
 * over pg_catalog's even where the guard's rewrite did not reach
 * (schema/clock.ts).
 */
function settingsSql(options: ScopedQueryOptions): string {
  const lines = [
    'SET LOCAL transaction_read_only = on',
    `SET LOCAL search_path = analytics, ${CLOCK_SCHEMA}, pg_catalog`,
    "SET LOCAL TimeZone = 'UTC'",
    "SET LOCAL DateStyle = 'ISO, YMD'",
    "SET LOCAL IntervalStyle = 'postgres'",
    'SET LOCAL extra_float_digits = 1',
    // A cursor is planned for fast start by default; this one is read in full.
    'SET LOCAL cursor_tuple_fraction = 1',
  ];
  if (options.statementTimeoutMs !== undefined) {
    lines.push(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(options.statementTimeoutMs))}`);
  }
  // Last: from here on the transaction runs as the query role.
  lines.push(`SET LOCAL ROLE ${READER_ROLE}`);
  return lines.join(';\n');
}

export async function runScopedQuery(
  runner: SqlRunner,
  types: TypeCatalog,
  blogId: string,
  sql: string,
  options: ScopedQueryOptions,
): Promise<QueryResult> {
  const clock = options.clock ?? readClock(MACHINE_CLOCK);
  await runner.exec('BEGIN');
  try {
    // Written while still privileged; the transaction turns read-only right after.
    // The reading in whole milliseconds since the epoch (any year PostgreSQL has, unlike an ISO string).
    await runner.query(
      "INSERT INTO analytics_private.query_scope (blog_id, clock_at, clock_frozen) VALUES ($1, timestamptz 'epoch' + $2 * interval '1 millisecond', $3)",
      [blogId, String(Math.round(clock.at)), clock.frozen],
    );
    await runner.exec(settingsSql(options));
    await userStep(() => runner.query(`DECLARE analytics_result NO SCROLL CURSOR FOR\n${sql}`));
    const result = await fetchWithin(runner, options.maxRows + 1);
    const truncated = result.rows.length > options.maxRows;
    const kept = truncated ? result.rows.slice(0, options.maxRows) : result.rows;
    const fields = result.fields.map((f) => ({ name: f.name }));
    const rows = kept.map((values) => {
      // Repeated column names: the later column wins, as in node-postgres.
      const row: Record<string, unknown> = {};
      result.fields.forEach((f, i) => {
        Object.defineProperty(row, f.name, {
          value: toJsonValue(values[i], f.dataTypeID, types),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      });
      return row;
    });
    return { rows, rowCount: rows.length, fields, truncated };
  } finally {
    await runner.exec('ROLLBACK').catch(() => undefined);
  }
}

/** SPEC's row cap aside, the most a result's values may hold, as PostgreSQL's text (a response is bigger). */
export const MAX_RESULT_BYTES = 32 * 1024 * 1024;

/**
 * Up to `limit` rows from the cursor, refused once their values pass
 * MAX_RESULT_BYTES. Rows come in growing batches (1, 4, 16, ... 1024), so a
 * result of a few huge values stops after the first and is never held whole
 * (a single value can still be up to PostgreSQL's own 1 GB).
 */
async function fetchWithin(runner: SqlRunner, limit: number): Promise<RawResult> {
  const rows: RawResult['rows'] = [];
  let fields: RawResult['fields'] = [];
  let bytes = 0;
  for (let batch = 1; rows.length < limit; batch = Math.min(batch * 4, 1024)) {
    const want = Math.min(batch, limit - rows.length);
    const chunk = await userStep(() => runner.query(`FETCH FORWARD ${want} FROM analytics_result`));
    fields = chunk.fields;
    for (const row of chunk.rows) {
      for (const value of row) bytes += value === null ? 0 : value.length;
      rows.push(row);
    }
    if (bytes > MAX_RESULT_BYTES) {
      throw new UserSqlError(
        `the query's result is larger than ${MAX_RESULT_BYTES / 1024 / 1024} MB, the most analytics return: select fewer or smaller columns, fewer rows, or aggregate`,
        RESULT_TOO_LARGE,
      );
    }
    if (chunk.rows.length < want) break;
  }
  return { fields, rows };
}

/**
 * Errors PostgreSQL raised on the user's own statements (they carry a
 * SQLSTATE) become UserSqlError (400/408). Anything else, such as a lost
 * connection, is the engine's problem and stays as it is (500).
 */
async function userStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const e = error as { message?: string; code?: unknown };
    if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) throw error;
    throw new UserSqlError(publicMessage(e.message ?? 'query failed'), e.code);
  }
}

/** PostgreSQL's message, unless it names the scoping machinery. */
function publicMessage(message: string): string {
  return /analytics_private|query_scope|current_blog_id|analytics_result/.test(message) ? 'query failed' : message;
}
