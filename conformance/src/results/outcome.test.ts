import { describe, expect, it } from 'vitest';
import type { ConformanceTestMeta } from '../shared/transcript-types.js';
import { describeError, moduleErrorOutcome, outcomeOf, type TestCaseLike } from './outcome.js';

const SUITES = '/repo/conformance/suites';

function testCase(result: ReturnType<TestCaseLike['result']>, meta?: Partial<ConformanceTestMeta>): TestCaseLike {
  return {
    id: 'id1',
    name: 'a rule holds',
    fullName: 'group > a rule holds',
    module: { moduleId: `${SUITES}/posts/create.test.ts` },
    meta: () => (meta ? { conformance: { ruleIds: ['posts.create.title-required'], profiles: ['core'], ...meta } } : {}),
    result: () => result,
    diagnostic: () => ({ duration: 12.4 }),
  };
}

describe('outcomeOf', () => {
  it('maps a passed test, with its file, area and rules', () => {
    expect(outcomeOf(testCase({ state: 'passed' }, {}), SUITES)).toMatchObject({
      status: 'pass',
      file: 'posts/create.test.ts',
      area: 'posts',
      ruleIds: ['posts.create.title-required'],
      durationMs: 12,
    });
  });

  it('keeps the skip reason', () => {
    expect(outcomeOf(testCase({ state: 'skipped', note: 'capability missing: control' }, {}), SUITES)).toMatchObject({
      status: 'skip',
      reason: 'capability missing: control',
    });
  });

  it('leaves out tests the filter did not select', () => {
    expect(outcomeOf(testCase({ state: 'skipped' }, { filteredOut: true }), SUITES)).toBeUndefined();
  });

  it('uses the outcome the rule wrapper recorded', () => {
    const errors = [{ name: 'TypeError', message: 'x is undefined' }];
    expect(outcomeOf(testCase({ state: 'failed', errors }, { outcome: 'fail' }), SUITES)!.status).toBe('fail');
    expect(outcomeOf(testCase({ state: 'failed', errors }, { outcome: 'error' }), SUITES)!.status).toBe('error');
  });

  it('makes a failure of a setup step blocked, naming the step', () => {
    const errors = [{ name: 'ConformanceFailure', message: 'POST /v1/posts answered 500' }];
    expect(outcomeOf(testCase({ state: 'failed', errors }, { outcome: 'fail', blockedBy: 'posts.create.draft' }), SUITES)).toMatchObject({
      status: 'blocked',
      blockedBy: 'posts.create.draft',
    });
    // An error is the suite's own: never blocked.
    expect(outcomeOf(testCase({ state: 'failed', errors }, { outcome: 'error', blockedBy: 'posts.create.draft' }), SUITES)).toMatchObject({
      status: 'error',
      blockedBy: undefined,
    });
  });

  it('without a recorded outcome, tells assertion failures from suite errors (e.g. a timeout)', () => {
    expect(outcomeOf(testCase({ state: 'failed', errors: [{ name: 'AssertionError', message: 'expected 1 to be 2' }] }, {}), SUITES)!.status).toBe('fail');
    expect(outcomeOf(testCase({ state: 'failed', errors: [{ name: 'Error', message: 'Test timed out in 5000ms.' }] }, {}), SUITES)!.status).toBe('error');
  });

  it('turns a plain vitest test (no rule ids) into an error', () => {
    expect(outcomeOf(testCase({ state: 'passed' }), SUITES)).toMatchObject({ status: 'error', ruleIds: [] });
  });

  it('reports a test that never finished as an error', () => {
    expect(outcomeOf(testCase({ state: 'pending' }, {}), SUITES)!.status).toBe('error');
  });
});

describe('describeError', () => {
  it('shows assertion messages bare, suite errors with their name and first suite frames', () => {
    expect(describeError({ name: 'ConformanceFailure', message: 'GET /v1/x answered 500' })).toBe('GET /v1/x answered 500');
    const text = describeError({
      name: 'TypeError',
      message: 'boom',
      stack: 'TypeError: boom\n    at f (/repo/conformance/suites/a.test.ts:3:1)\n    at g (/repo/node_modules/vitest/x.js:1:1)',
    });
    expect(text).toBe('TypeError: boom\n    at f (/repo/conformance/suites/a.test.ts:3:1)');
  });

  it('makes a module that failed to load one error outcome', () => {
    expect(moduleErrorOutcome(`${SUITES}/auth/x.test.ts`, [{ name: 'SyntaxError', message: 'bad' }], SUITES)).toMatchObject({
      status: 'error',
      file: 'auth/x.test.ts',
      reason: 'SyntaxError: bad',
    });
  });
});
