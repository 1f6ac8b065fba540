/**
 * One vitest test case -> one TestOutcome. Takes the small slice of vitest's
 * TestCase it needs, so the unit tests can hand it plain objects.
 */
import { relative, sep } from 'node:path';
import type { ConformanceTestMeta } from '../shared/transcript-types.js';
import type { TestOutcome, TestStatus } from './types.js';

export interface ErrorLike {
  name?: string;
  message: string;
  diff?: string;
  stack?: string;
}

export interface TestCaseLike {
  id: string;
  name: string;
  fullName: string;
  module: { moduleId: string };
  meta(): { conformance?: ConformanceTestMeta };
  result(): { state: 'passed' | 'failed' | 'skipped' | 'pending'; errors?: readonly ErrorLike[]; note?: string };
  diagnostic(): { duration: number } | undefined;
}

const FAILURE_NAMES = new Set(['AssertionError', 'ConformanceFailure', 'JestAssertionError']);

/** undefined: the test is left out of the results (not selected by --filter). */
export function outcomeOf(testCase: TestCaseLike, suitesDir: string): TestOutcome | undefined {
  const meta = testCase.meta().conformance;
  if (meta?.filteredOut) return undefined;
  const result = testCase.result();
  const file = suiteRelative(testCase.module.moduleId, suitesDir);
  let status: TestStatus;
  let reason: string | undefined;
  let unfinished = false;
  switch (result.state) {
    case 'passed':
      status = 'pass';
      break;
    case 'skipped':
      status = 'skip';
      reason = result.note ?? meta?.excludedReason ?? 'skipped';
      // Only vitest skips without a reason (every skip of rule() has one): a test a stopped run did not reach.
      if (!result.note && !meta?.excludedReason) unfinished = true;
      break;
    case 'pending':
      status = 'error';
      reason = 'the test did not finish (the run was interrupted)';
      unfinished = true;
      break;
    case 'failed': {
      const errors = result.errors ?? [];
      status = meta?.outcome ?? (errors.length > 0 && errors.every((e) => FAILURE_NAMES.has(e.name ?? '')) ? 'fail' : 'error');
      reason = errors.map(describeError).join('\n') || 'failed without an error message';
      break;
    }
  }
  if (!meta) {
    // A plain vitest test() in a suite: it checks no catalogue rule, so it cannot count.
    status = status === 'skip' ? 'skip' : 'error';
    reason = `registered with vitest's test() instead of rule(): name the catalogue rules it checks${reason ? `; ${reason}` : ''}`;
  }
  // A failure of a setup step is not this test's: it is blocked, and the step's rule is the cause.
  const blockedBy = status === 'fail' ? meta?.blockedBy : undefined;
  if (blockedBy) status = 'blocked';
  return {
    id: testCase.id,
    name: testCase.name,
    fullName: testCase.fullName,
    file,
    area: file.split('/')[0] ?? file,
    ruleIds: meta?.ruleIds ?? [],
    status,
    reason,
    blockedBy,
    durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
    transcript: meta?.transcript ?? [],
    droppedExchanges: meta?.droppedExchanges,
    ...(unfinished ? { unfinished } : {}),
    property: meta?.property,
  };
}

/** A test file that could not be loaded: one error outcome standing for all its tests. */
export function moduleErrorOutcome(moduleId: string, errors: readonly ErrorLike[], suitesDir: string): TestOutcome {
  const file = suiteRelative(moduleId, suitesDir);
  return {
    id: `module:${file}`,
    name: `${file} could not be loaded`,
    fullName: `${file} could not be loaded`,
    file,
    area: file.split('/')[0] ?? file,
    ruleIds: [],
    status: 'error',
    reason: errors.map(describeError).join('\n'),
    durationMs: 0,
    transcript: [],
  };
}

export function describeError(error: ErrorLike): string {
  const head = !error.name || FAILURE_NAMES.has(error.name) ? error.message : `${error.name}: ${error.message}`;
  // Suite errors get their stack's first frames: the place in the suite that broke.
  const frames =
    error.name && !FAILURE_NAMES.has(error.name) && error.stack
      ? error.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line) && !line.includes('node_modules'))
          .slice(0, 3)
          .join('\n')
      : '';
  return [head, error.diff ?? '', frames].filter((part) => part.length > 0).join('\n');
}

function suiteRelative(moduleId: string, suitesDir: string): string {
  const rel = relative(suitesDir, moduleId);
  return (rel.startsWith('..') ? moduleId : rel).split(sep).join('/');
}
