import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { QUERY_CANCELED, UserSqlError } from './db/runner.js';
import { timeLimitMessage, toApiError } from './query-errors.js';

describe('timeLimitMessage', () => {
  it('says whole seconds in seconds, one of them in the singular, and anything else in milliseconds', () => {
    expect(timeLimitMessage(30_000)).toBe('analytics query exceeded the time limit of 30 seconds');
    expect(timeLimitMessage(1_000)).toBe('analytics query exceeded the time limit of 1 second');
    expect(timeLimitMessage(1_500)).toBe('analytics query exceeded the time limit of 1500 ms');
    expect(timeLimitMessage(999)).toBe('analytics query exceeded the time limit of 999 ms');
  });
});

// The external-PostgreSQL engine's errors (the embedded one words its own time-out with timeLimitMessage):
// its tests need a server, so the mapping is checked here on errors made by hand.
describe('toApiError', () => {
  it('answers a cancelled statement 408 with the time limit it ran past', () => {
    const error = toApiError(new UserSqlError('canceling statement due to statement timeout', QUERY_CANCELED), 2_000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, message: 'analytics query exceeded the time limit of 2 seconds' });
  });

  it("answers any other SQL error 400 with PostgreSQL's message", () => {
    const error = toApiError(new UserSqlError('column "nope" does not exist', '42703'), 2_000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'column "nope" does not exist' });
    expect(toApiError(new UserSqlError('no code', undefined), 2_000)).toMatchObject({ status: 400, message: 'no code' });
  });

  it('passes an API error and any other error on unchanged', () => {
    const api = new ApiError(503, 'unavailable');
    expect(toApiError(api, 2_000)).toBe(api);
    const other = new Error('connection refused');
    expect(toApiError(other, 2_000)).toBe(other);
    expect(toApiError('a string', 2_000)).toBe('a string');
  });
});
