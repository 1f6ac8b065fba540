/**
 * Triage: failures grouped by what caused them. A test blocked by a failed
 * setup step (authoring/setup-step.ts) is listed under that step's rule,
 * shown once, instead of as one more failure; every other failure or error
 * is its own cause. Causes come most-blocking first, so that the first thing
 * an implementer reads is the fix that clears the most failures.
 */
import { isBroken } from './aggregate.js';
import type { TestOutcome } from './types.js';

export interface RootCause {
  /** The rule of the failed setup step; undefined for a test that failed on its own. */
  ruleId?: string;
  /** The test whose failure is shown for the cause: the rule's own failing test if it has one, else the first blocked. */
  shown: TestOutcome;
  /** Failing tests that check the step's rule themselves (for a lone failure: the test itself). */
  own: TestOutcome[];
  /** Tests that could not judge their rules because the step failed (status blocked). */
  blocked: TestOutcome[];
}

export function rootCauses(tests: readonly TestOutcome[]): RootCause[] {
  const broken = tests.filter((t) => isBroken(t.status));
  const byStep = new Map<string, RootCause>();
  for (const test of broken) {
    if (!test.blockedBy) continue;
    const cause = byStep.get(test.blockedBy) ?? { ruleId: test.blockedBy, shown: test, own: [], blocked: [] };
    cause.blocked.push(test);
    byStep.set(test.blockedBy, cause);
  }
  const lone: RootCause[] = [];
  for (const test of broken) {
    if (test.blockedBy) continue;
    const step = test.ruleIds.map((id) => byStep.get(id)).find((cause) => cause !== undefined);
    if (step) {
      // The step's own test failing says most precisely what is wrong: show it first.
      if (step.own.length === 0 && test.status === 'fail') step.shown = test;
      step.own.push(test);
    } else lone.push({ shown: test, own: [test], blocked: [] });
  }
  const order = (cause: RootCause) => (cause.shown.status === 'fail' ? 0 : 1);
  const steps = [...byStep.values()].sort((a, b) => b.blocked.length - a.blocked.length || (a.ruleId ?? '').localeCompare(b.ruleId ?? ''));
  // Lone failures keep the run's order (file by file), failures before errors.
  return [...steps, ...lone.sort((a, b) => order(a) - order(b))];
}

/** "blocked by posts.create.draft: 89 tests" */
export function describeCause(cause: RootCause): string {
  if (!cause.ruleId) return cause.shown.fullName;
  const count = cause.blocked.length;
  return `blocked by ${cause.ruleId}: ${count} test${count === 1 ? '' : 's'}`;
}
