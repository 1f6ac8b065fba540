/**
 * Telling a failure of the target (the rule is broken) from an error of the
 * suite (the test itself broke, or the target could not be reached).
 */

/** Thrown by the assertion helpers: the target did not do what a rule says. */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
}

/** Thrown when the suite cannot judge: misuse of the authoring API, a safety guard, a broken test. */
export class SuiteError extends Error {
  override readonly name = 'SuiteError';
}

const ASSERTION_NAMES = new Set(['AssertionError', 'ConformanceFailure', 'JestAssertionError']);

export function isAssertionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (ASSERTION_NAMES.has(error.name)) return true;
  // vitest's expect throws chai's AssertionError; some builds tag it with a matcherResult instead of the name.
  return 'matcherResult' in error;
}

/** vitest's ctx.skip() throws this; it must pass through every catch untouched. */
export function isSkipSignal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'VITEST_PENDING';
}
