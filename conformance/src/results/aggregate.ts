/**
 * From test outcomes to rule statuses. A rule fails if any of its tests
 * failed, errors if any errored, is blocked if any was blocked by a failed
 * setup step, passes if at least one passed (and none failed, errored or was
 * blocked), is skipped when all its tests were skipped, and is not covered
 * when no test names it. Rules outside the selected profiles or the
 * filter are "excluded": they were never asked about.
 */
import type { Rule } from '../../catalogue/types.js';
import { ruleMatchesFilter } from '../shared/filter.js';
import type { Profile } from '../shared/profiles.js';
import type { RuleResult, RuleStatus, RunResults, TestOutcome, TestStatus } from './types.js';

export const TEST_STATUSES: readonly TestStatus[] = ['pass', 'fail', 'error', 'blocked', 'skip'];
export const RULE_STATUSES: readonly RuleStatus[] = ['pass', 'fail', 'error', 'blocked', 'skip', 'not-covered', 'excluded'];

/** Tests that make the run exit non-zero: the target broke a rule, the suite could not judge, or a setup step failed. */
export function isBroken(status: TestStatus): boolean {
  return status === 'fail' || status === 'error' || status === 'blocked';
}

export interface Scope {
  profiles: readonly Profile[];
  filter: readonly string[];
  /** Why the run ended before every test ran (--max-failures): rules no test reached are excluded for it. */
  stoppedEarly?: string;
}

export function aggregate(catalogue: readonly Rule[], tests: readonly TestOutcome[], scope: Scope): RunResults {
  const testsByRule = new Map<string, TestOutcome[]>();
  for (const test of tests) {
    for (const id of test.ruleIds) testsByRule.set(id, [...(testsByRule.get(id) ?? []), test]);
  }
  const known = new Set(catalogue.map((r) => r.id));
  const unknownRuleIds = [...testsByRule.keys()].filter((id) => !known.has(id)).sort();

  const rules = catalogue.map((rule) => ruleResult(rule, testsByRule.get(rule.id) ?? [], scope));
  return {
    tests: [...tests],
    rules,
    unknownRuleIds,
    testCounts: countBy(TEST_STATUSES, tests.map((t) => t.status)),
    ruleCounts: countBy(RULE_STATUSES, rules.map((r) => r.status)),
  };
}

export function ruleResult(rule: Rule, tests: readonly TestOutcome[], scope: Scope): RuleResult {
  const summary = tests.map((t) => ({ id: t.id, name: t.name, file: t.file, status: t.status }));
  const inProfile = scope.profiles.includes(rule.profile);
  // A filter selects a rule by its id, or by the name of a test that checks it (that test then ran).
  const inFilter = ruleMatchesFilter(scope.filter, rule.id) || tests.length > 0;
  if (!inProfile) return { rule, status: 'excluded', reasons: [`profile ${rule.profile} not selected`], tests: summary };
  if (!inFilter) return { rule, status: 'excluded', reasons: ['not selected by --filter'], tests: summary };
  if (tests.length === 0 && scope.stoppedEarly) return { rule, status: 'excluded', reasons: [scope.stoppedEarly], tests: summary };
  if (tests.length === 0) return { rule, status: 'not-covered', reasons: [], tests: summary };

  const status = ruleStatusOf(tests.map((t) => t.status));
  const relevant = tests.filter((t) => (status === 'skip' ? t.status === 'skip' : t.status === status));
  const reasons = status === 'pass' ? [] : unique(relevant.map((t) => t.reason ?? '').filter((r) => r.length > 0));
  return { rule, status, reasons, tests: summary };
}

export function ruleStatusOf(statuses: readonly TestStatus[]): RuleStatus {
  if (statuses.length === 0) return 'not-covered';
  if (statuses.includes('fail')) return 'fail';
  if (statuses.includes('error')) return 'error';
  // A rule one of whose tests could not judge it is not shown as passing.
  if (statuses.includes('blocked')) return 'blocked';
  if (statuses.includes('pass')) return 'pass';
  return 'skip';
}

/** Exit code 0 only when nothing failed, errored or was blocked (a skip is not a pass, but not a failure either). */
export function exitCodeOf(results: RunResults, unhandledErrors: number): number {
  const t = results.testCounts;
  const broken = t.fail + t.error + t.blocked + unhandledErrors + results.unknownRuleIds.length;
  return broken === 0 ? 0 : 1;
}

function countBy<K extends string>(keys: readonly K[], values: readonly K[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const value of values) counts[value]++;
  return counts;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
