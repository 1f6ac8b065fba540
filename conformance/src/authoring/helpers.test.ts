import { describe, expect, it } from 'vitest';
import { redactSecrets, secretMarker, showMarkers, splitMarkers } from '../shared/redact.js';
import { ruleIdMatches } from '../shared/filter.js';
import type { ApiResponse } from './api-client.js';
import { buildUrl } from './api-client.js';
import { expectError, expectStatus, statusMatches } from './assertions.js';
import { ConformanceFailure, isAssertionFailure, isSkipSignal, SuiteError } from './failures.js';
import { createNames } from './names.js';
import { sideEffectOf } from './safety.js';
import { createThrottle } from './throttle.js';
import { Transcript, MAX_EXCHANGES } from './transcript.js';

const response = (status: number, body: unknown, text = JSON.stringify(body)): ApiResponse => ({
  status,
  headers: {},
  text,
  body,
  isJson: body !== undefined,
  label: 'GET /v1/x',
});

describe('assertions', () => {
  it('matches statuses, lists, ranges and classes', () => {
    expect(statusMatches(404, 404)).toBe(true);
    expect(statusMatches(404, [400, 404])).toBe(true);
    expect(statusMatches(403, { min: 400, max: 403 })).toBe(true);
    expect(statusMatches(500, '4xx')).toBe(false);
  });

  it('expectError accepts a 4xx with the error body', () => {
    expect(expectError(response(401, { success: false, msg: 'missing API key' }), 401).msg).toBe('missing API key');
  });

  it.each([
    [response(200, { success: true }), /answered 200, expected the error 401/],
    [response(401, { error: 'nope' }), /without the error shape.*success/],
    [response(401, undefined, '<html>'), /not JSON/],
    [response(401, { success: false, msg: '   ' }), /empty msg/],
    [response(500, { success: false, msg: 'x' }), /answered 500/],
  ])('expectError fails on %#', (res, message) => {
    expect(() => expectError(res, 401)).toThrow(message);
    expect(() => expectError(res, 401)).toThrow(ConformanceFailure);
  });

  it('expectStatus says what came back', () => {
    expect(() => expectStatus(response(500, { x: 1 }), 200)).toThrow('GET /v1/x answered 500, expected 200: {"x":1}');
  });
});

describe('failure classification', () => {
  it('knows assertion failures, suite errors and skips apart', () => {
    expect(isAssertionFailure(new ConformanceFailure('x'))).toBe(true);
    expect(isAssertionFailure(Object.assign(new Error('x'), { name: 'AssertionError' }))).toBe(true);
    expect(isAssertionFailure(new SuiteError('x'))).toBe(false);
    expect(isAssertionFailure(new TypeError('x'))).toBe(false);
    expect(isSkipSignal(Object.assign(new Error('skipped'), { code: 'VITEST_PENDING' }))).toBe(true);
  });
});

describe('redaction', () => {
  const secrets = [
    { value: 'key-abc', name: 'API_KEY' },
    { value: 'key-abc-long', name: 'SECOND_API_KEY' },
  ];
  it('replaces every occurrence, longest key first', () => {
    const text = redactSecrets('a key-abc-long b key-abc', secrets);
    expect(showMarkers(text)).toBe('a $SECOND_API_KEY b $API_KEY');
    expect(splitMarkers(text)).toEqual([{ literal: 'a ' }, { variable: 'SECOND_API_KEY' }, { literal: ' b ' }, { variable: 'API_KEY' }]);
  });
  it('never replaces values too short to be keys', () => {
    expect(redactSecrets('a b c', [{ value: 'a', name: 'API_KEY' }])).toBe('a b c');
  });
  it('marks are not plain text', () => {
    expect(secretMarker('API_KEY')).not.toBe('$API_KEY');
  });
});

describe('filter patterns', () => {
  it('match rule ids by prefix or glob', () => {
    expect(ruleIdMatches('posts.schedule.max-30-days', 'posts.schedule')).toBe(true);
    expect(ruleIdMatches('posts.schedule.max-30-days', 'posts.*.max-*')).toBe(true);
    expect(ruleIdMatches('posts.schedule.max-30-days', 'posts.title')).toBe(false);
    expect(ruleIdMatches('posts.schedule.max-30-days', 'posts.?chedule.*')).toBe(true);
  });
});

describe('throttle', () => {
  it('spaces request starts by 1/rate seconds', async () => {
    let clock = 0;
    const waits: number[] = [];
    const throttle = createThrottle(4, () => clock);
    const original = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: () => void, ms: number) => {
      waits.push(ms);
      clock += ms;
      fn();
      return 0;
    }) as unknown as typeof setTimeout;
    try {
      await throttle();
      await throttle();
      await throttle();
    } finally {
      globalThis.setTimeout = original;
    }
    expect(waits).toEqual([250, 250]);
  });

  it('does nothing without a rate', async () => {
    await expect(createThrottle(undefined)()).resolves.toBeUndefined();
  });
});

describe('safety guards', () => {
  it('refuse what would email people outside the side-effects profile', () => {
    for (const value of [true, 'true', '1', 1]) expect(sideEffectOf('POST', '/v1/posts', { sendNewsletter: value })).toBeDefined();
    for (const value of [false, 'false', '0', undefined]) expect(sideEffectOf('PUT', '/v1/posts/x', { sendNewsletter: value })).toBeUndefined();
    expect(sideEffectOf('POST', '/v1/emails/send', { subject: 's', body: 'b', emails: ['a@example.com'] })).toBeDefined();
    expect(sideEffectOf('POST', '/v1/emails/send', { dryRun: true })).toBeUndefined();
  });
});

describe('names', () => {
  it('put the run id in titles (within the length limit) and use example.com', () => {
    const names = createNames('cf-1-abc', 99);
    const title = names.title('x'.repeat(300));
    expect(title.length).toBe(200);
    expect(title.endsWith('[cf-1-abc]')).toBe(true);
    expect(names.email('Reader One')).toMatch(/^cf-1-abc-reader-one-[a-z0-9]+@example\.com$/);
    expect(names.email()).not.toBe(names.email());
    expect(names.wallet()).toMatch(/^0x[a-f0-9]{40}$/);
  });
});

describe('buildUrl and transcript', () => {
  it('joins base and path and leaves out undefined query values', () => {
    expect(buildUrl('http://h:1/', '/v1/posts', { limit: 5, cursor: undefined, includeContent: false })).toBe(
      'http://h:1/v1/posts?limit=5&includeContent=false',
    );
  });
  it('keeps only the last exchanges', () => {
    const transcript = new Transcript();
    for (let i = 0; i < MAX_EXCHANGES + 3; i++) transcript.record({ method: 'GET', url: `u${i}`, requestHeaders: {}, durationMs: 0 });
    const snapshot = transcript.snapshot();
    expect(snapshot.dropped).toBe(3);
    expect(snapshot.exchanges[0]!.url).toBe('u3');
  });
});
