/** Turns database-side failures of a user query into the API's errors. */
import { ApiError, badRequest, timeout } from '../../errors.js';
import { QUERY_CANCELED, UserSqlError } from './db/runner.js';

export function timeLimitMessage(timeoutMs: number): string {
  const seconds = timeoutMs / 1000;
  const limit = timeoutMs % 1000 !== 0 ? `${timeoutMs} ms` : seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `analytics query exceeded the time limit of ${limit}`;
}

/** 408 for a cancelled statement, 400 with PostgreSQL's message for other SQL errors; the rest unchanged. */
export function toApiError(error: unknown, timeoutMs: number): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof UserSqlError) {
    return error.code === QUERY_CANCELED ? timeout(timeLimitMessage(timeoutMs)) : badRequest(error.message);
  }
  return error;
}
