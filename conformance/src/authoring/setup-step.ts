/**
 * Setup steps: what a test does before it reaches the rule it checks
 * (create a draft, read the whole subscriber list). When a step fails, the
 * test did not judge its own rules: it was blocked by the step's rule, and
 * the reports list it under that root cause instead of as one more failure.
 */
import { isAssertionFailure } from './failures.js';

const BLOCKED_BY = Symbol.for('conformance.blockedBy');

type Tagged = { [BLOCKED_BY]?: string };

/**
 * Runs `step`; a failure of the target inside it is tagged with `ruleId`, the
 * rule the step relies on (the innermost step wins: it is the most precise).
 */
export async function setupStep<T>(ruleId: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    tagBlockedBy(error, ruleId);
    throw error;
  }
}

/** Marks a failure of the target as a failed setup step of `ruleId`, unless a more precise step did. */
export function tagBlockedBy(error: unknown, ruleId: string): void {
  if (isAssertionFailure(error) && (error as Tagged)[BLOCKED_BY] === undefined) (error as Tagged)[BLOCKED_BY] = ruleId;
}

/** The setup step's rule behind a failure (looking through wrapped causes, e.g. a property's), if any. */
export function blockedByOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const tag = (current as Tagged)[BLOCKED_BY];
    if (tag !== undefined) return tag;
  }
  return undefined;
}
