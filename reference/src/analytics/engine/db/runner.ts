/**
 * The little the engine needs from a PostgreSQL connection, so that the same
 * code runs on PGlite (inside the worker) and on node-postgres.
 */
export interface RawResult {
  fields: { name: string; dataTypeID: number }[];
  /** Values as PostgreSQL's text output (null for NULL), in column order. */
  rows: (string | null)[][];
}

export interface SqlRunner {
  /** One or more statements, no parameters. */
  exec(sql: string): Promise<void>;
  /** Exactly one statement (extended protocol, so a second one is refused), raw text values. */
  query(sql: string, params?: unknown[]): Promise<RawResult>;
}

/** An error PostgreSQL raised while running the user's SQL: a 400 with its message, or a 408 when cancelled. */
export class UserSqlError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'UserSqlError';
  }
}

/** The result passed the size the engine returns (scoped-query.ts); not a SQLSTATE. */
export const RESULT_TOO_LARGE = 'result_too_large';

/** SQLSTATE 57014: statement_timeout or a cancel request stopped the query. */
export const QUERY_CANCELED = '57014';
