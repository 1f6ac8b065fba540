/** The results of a run, as the reports see them. */
import type { Rule } from '../../catalogue/types.js';
import type { DivergenceView } from '../differential/divergence.js';
import type { Exchange } from '../shared/transcript-types.js';

/**
 * blocked: a setup step the test needed failed (its rule is `blockedBy`), so
 * the test judged none of its own rules; it counts apart from fail, and like
 * fail and error it makes the run exit non-zero.
 */
export type TestStatus = 'pass' | 'fail' | 'blocked' | 'skip' | 'error';
export type RuleStatus = TestStatus | 'not-covered' | 'excluded';

export interface TestOutcome {
  /** vitest's stable id. */
  id: string;
  name: string;
  /** Full name with describe blocks, for the console and JUnit. */
  fullName: string;
  /** Path relative to conformance/suites, e.g. auth/missing-key.test.ts. */
  file: string;
  /** The first directory under suites/. */
  area: string;
  ruleIds: string[];
  status: TestStatus;
  /** Skip reason, or the failure/error messages. */
  reason?: string;
  /** The run ended before this test ran or finished (a stopped or interrupted run). */
  unfinished?: boolean;
  /** Set with status blocked: the rule of the failed setup step (the root cause), not this test's own. */
  blockedBy?: string;
  durationMs: number;
  transcript: Exchange[];
  droppedExchanges?: number;
  property?: { seed: number; path?: string; counterexample?: string; numRuns?: number };
  /** A differential test's divergence: the shrunk sequence and both answers side by side. */
  divergence?: DivergenceView;
}

export interface RuleResult {
  rule: Rule;
  status: RuleStatus;
  /** Skip or exclusion reasons, failure messages (deduplicated). */
  reasons: string[];
  tests: Array<{ id: string; name: string; file: string; status: TestStatus }>;
}

export type Counts<K extends string> = Record<K, number>;

export interface RunResults {
  tests: TestOutcome[];
  rules: RuleResult[];
  /** Rule ids named by tests that the catalogue does not know. */
  unknownRuleIds: string[];
  testCounts: Counts<TestStatus>;
  ruleCounts: Counts<RuleStatus>;
}
