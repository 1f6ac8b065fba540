/** Test outcomes made up for the unit tests of aggregation, triage and the reports. */
import type { TestOutcome, TestStatus } from './types.js';

let counter = 0;

/** An outcome of a test of `ruleIds` in the area of the first rule, numbered so names and ids stay unique. */
export function madeOutcome(ruleIds: string[], status: TestStatus, extra: Partial<TestOutcome> = {}): TestOutcome {
  counter++;
  const area = ruleIds[0]?.split('.')[0] ?? 'area';
  return {
    id: `t${counter}`,
    name: `test ${counter} of ${ruleIds[0] ?? 'nothing'}`,
    fullName: `test ${counter} of ${ruleIds[0] ?? 'nothing'}`,
    file: `${area}/x.test.ts`,
    area,
    ruleIds,
    status,
    durationMs: 1,
    transcript: [],
    ...extra,
  };
}
