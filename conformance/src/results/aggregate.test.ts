import { describe, expect, it } from 'vitest';
import type { Rule } from '../../catalogue/types.js';
import { aggregate, exitCodeOf, ruleStatusOf } from './aggregate.js';
import { madeOutcome } from './outcome-fixture.js';
import type { TestOutcome, TestStatus } from './types.js';

const rule = (id: string, profile: Rule['profile'] = 'core'): Rule => ({ id, profile, section: 'S', statement: id, source: 'SPEC.md' });

const outcome = (ruleIds: string[], status: TestStatus, reason?: string): TestOutcome => madeOutcome(ruleIds, status, { reason });

const scope = { profiles: ['core', 'control'] as const, filter: [] as string[] };

describe('ruleStatusOf', () => {
  it.each<[TestStatus[], string]>([
    [[], 'not-covered'],
    [['pass'], 'pass'],
    [['pass', 'skip'], 'pass'],
    [['skip', 'skip'], 'skip'],
    [['pass', 'fail'], 'fail'],
    [['pass', 'error'], 'error'],
    [['error', 'fail'], 'fail'],
    [['skip', 'error'], 'error'],
    [['pass', 'blocked'], 'blocked'],
    [['blocked', 'skip'], 'blocked'],
    [['blocked', 'fail'], 'fail'],
    [['blocked', 'error'], 'error'],
  ])('%j gives %s', (statuses, expected) => {
    expect(ruleStatusOf(statuses)).toBe(expected);
  });
});

describe('aggregate', () => {
  const catalogue = [rule('a.b.pass'), rule('a.b.fail'), rule('a.b.skip'), rule('a.b.none'), rule('a.b.ours', 'reference-choices'), rule('a.b.error')];

  it('gives each rule its status from the tests that name it', () => {
    const results = aggregate(
      catalogue,
      [
        outcome(['a.b.pass', 'a.b.fail'], 'pass'),
        outcome(['a.b.fail'], 'fail', 'expected 401, got 200'),
        outcome(['a.b.skip'], 'skip', 'capability missing: control'),
        outcome(['a.b.skip'], 'skip', 'capability missing: secondKey'),
        outcome(['a.b.error'], 'error', 'TypeError: x is undefined'),
        outcome(['a.b.error'], 'pass'),
      ],
      { ...scope, profiles: [...scope.profiles] },
    );
    const byId = Object.fromEntries(results.rules.map((r) => [r.rule.id, r]));
    expect(byId['a.b.pass']!.status).toBe('pass');
    expect(byId['a.b.fail']).toMatchObject({ status: 'fail', reasons: ['expected 401, got 200'] });
    expect(byId['a.b.skip']).toMatchObject({ status: 'skip', reasons: ['capability missing: control', 'capability missing: secondKey'] });
    expect(byId['a.b.none']!.status).toBe('not-covered');
    expect(byId['a.b.ours']).toMatchObject({ status: 'excluded', reasons: ['profile reference-choices not selected'] });
    expect(byId['a.b.error']!.status).toBe('error');
    expect(results.ruleCounts).toEqual({ pass: 1, fail: 1, error: 1, blocked: 0, skip: 1, 'not-covered': 1, excluded: 1 });
    expect(results.testCounts).toEqual({ pass: 2, fail: 1, error: 1, blocked: 0, skip: 2 });
  });

  it('counts a test blocked by a failed setup step as blocked, not failed, and its rule as blocked', () => {
    const results = aggregate(
      [rule('posts.create.draft'), rule('a.b.blocked'), rule('a.b.both')],
      [
        outcome(['posts.create.draft'], 'fail', 'POST /v1/posts answered 500'),
        madeOutcome(['a.b.blocked'], 'blocked', { reason: 'POST /v1/posts answered 500', blockedBy: 'posts.create.draft' }),
        madeOutcome(['a.b.both'], 'blocked', { reason: 'POST /v1/posts answered 500', blockedBy: 'posts.create.draft' }),
        outcome(['a.b.both'], 'pass'),
      ],
      { profiles: ['core'], filter: [] },
    );
    expect(results.testCounts).toEqual({ pass: 1, fail: 1, error: 0, blocked: 2, skip: 0 });
    expect(results.rules.map((r) => [r.rule.id, r.status])).toEqual([
      ['posts.create.draft', 'fail'],
      ['a.b.blocked', 'blocked'],
      ['a.b.both', 'blocked'],
    ]);
    expect(results.ruleCounts).toMatchObject({ pass: 0, fail: 1, blocked: 2 });
  });

  it('never counts a skip as a pass', () => {
    const results = aggregate([rule('a.b.c')], [outcome(['a.b.c'], 'skip', 'no key')], { profiles: ['core'], filter: [] });
    expect(results.rules[0]!.status).toBe('skip');
    expect(results.ruleCounts.pass).toBe(0);
  });

  it('excludes rules the filter left out, but keeps those a selected test named', () => {
    const results = aggregate(
      [rule('posts.title.max'), rule('posts.slug.len'), rule('auth.key.x')],
      [outcome(['auth.key.x'], 'pass')],
      { profiles: ['core'], filter: ['posts.title', 'some test name'] },
    );
    const statuses = Object.fromEntries(results.rules.map((r) => [r.rule.id, r.status]));
    expect(statuses).toEqual({ 'posts.title.max': 'not-covered', 'posts.slug.len': 'excluded', 'auth.key.x': 'pass' });
  });

  it('excludes the rules no test reached when the run stopped early, saying why', () => {
    const results = aggregate([rule('a.b.ran'), rule('a.b.later')], [outcome(['a.b.ran'], 'fail', 'broken')], {
      profiles: ['core'],
      filter: [],
      stoppedEarly: 'not run: the run stopped after 1 failure (--max-failures 1)',
    });
    expect(results.rules.map((r) => [r.rule.id, r.status, r.reasons[0]])).toEqual([
      ['a.b.ran', 'fail', 'broken'],
      ['a.b.later', 'excluded', 'not run: the run stopped after 1 failure (--max-failures 1)'],
    ]);
  });

  it('reports rule ids that tests name but the catalogue lacks', () => {
    const results = aggregate([rule('a.b.c')], [outcome(['a.b.c', 'a.b.typo'], 'pass')], { profiles: ['core'], filter: [] });
    expect(results.unknownRuleIds).toEqual(['a.b.typo']);
    expect(exitCodeOf(results, 0)).toBe(1);
  });
});

describe('exitCodeOf', () => {
  const run = (statuses: TestStatus[]) => aggregate([rule('a.b.c')], statuses.map((s) => outcome(['a.b.c'], s)), { profiles: ['core'], filter: [] });
  it('is 0 when nothing failed, errored or was blocked, skips included', () => {
    expect(exitCodeOf(run(['pass', 'skip']), 0)).toBe(0);
    expect(exitCodeOf(run([]), 0)).toBe(0);
  });
  it('is 1 on any failure, error, blocked test or unhandled error', () => {
    expect(exitCodeOf(run(['pass', 'fail']), 0)).toBe(1);
    expect(exitCodeOf(run(['pass', 'blocked']), 0)).toBe(1);
    expect(exitCodeOf(run(['error']), 0)).toBe(1);
    expect(exitCodeOf(run(['pass']), 1)).toBe(1);
  });
});
