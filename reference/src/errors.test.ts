import { describe, expect, it } from 'vitest';
import { alsoAsMessage, ApiError, badRequest, conflict, forbidden, notFound, payloadTooLarge, serviceUnavailable, timeout, tooManyRequests, unauthorized, unsupportedMediaType } from './errors.js';

describe('the API errors', () => {
  it('carry their status and message, and no extra header unless told', () => {
    const made = [badRequest('a'), forbidden('b'), notFound('c'), conflict('d'), payloadTooLarge('e'), unsupportedMediaType('f'), timeout('g'), serviceUnavailable('h')];
    expect(made.map((e) => [e.status, e.message, e.headers])).toEqual([
      [400, 'a', {}], [403, 'b', {}], [404, 'c', {}], [409, 'd', {}], [413, 'e', {}], [415, 'f', {}], [408, 'g', {}], [503, 'h', {}],
    ]);
    expect(made.every((e) => e instanceof ApiError && e instanceof Error && e.name === 'ApiError' && !e.messageField)).toBe(true);
  });

  it('say how to send a key on a 401 unless told otherwise', () => {
    expect(unauthorized().message).toBe('A valid API key is required: send Authorization: Bearer <API_KEY>');
    expect(unauthorized('expired')).toMatchObject({ status: 401, message: 'expired' });
  });

  it('give a 429 its Retry-After in seconds, readable by a browser on another origin', () => {
    expect(tooManyRequests('slow down', 12)).toMatchObject({ status: 429, message: 'slow down', headers: { 'Retry-After': '12', 'Access-Control-Expose-Headers': 'Retry-After' } });
  });

  it('give the message as message too only when asked, and leave anything else as it is', () => {
    const error = notFound('gone');
    expect(alsoAsMessage(error)).toBe(error);
    expect(error.messageField).toBe(true);
    const other = new Error('x');
    expect(alsoAsMessage(other)).toBe(other);
    expect(other).not.toHaveProperty('messageField');
  });
});
