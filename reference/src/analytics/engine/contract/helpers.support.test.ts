/** Shared by the engine test files. */
import { ApiError } from '../../../errors.js';

/** Start-up can be slow on a loaded machine (PGlite initdb runs in WASM). */
export const STARTUP_TIMEOUT_MS = 180_000;

/** A query that never finishes in time: 10^16 rows to count. pg_sleep is refused, generate_series is not. */
export const RUNAWAY = 'SELECT count(*) FROM generate_series(1, 100000000) a, generate_series(1, 100000000) b';

export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}
