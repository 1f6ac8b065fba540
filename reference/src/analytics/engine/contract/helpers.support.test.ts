/** Shared by the engine test files. */
import { ApiError } from '../../../errors.js';

/** Start-up can be slow on a loaded machine (PGlite initdb runs in WASM). */
export const STARTUP_TIMEOUT_MS = 180_000;

export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}
