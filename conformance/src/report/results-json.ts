/** results.json: the machine-readable record of a run (keys redacted). */
import { rootCauses } from '../results/root-causes.js';
import type { RunResults } from '../results/types.js';
import { showMarkers } from '../shared/redact.js';
import type { RunInfo } from './run-info.js';

export function renderResultsJson(results: RunResults, info: RunInfo): string {
  const document = {
    ...info,
    seed: info.config.seed,
    counts: { tests: results.testCounts, rules: results.ruleCounts, totalRules: results.rules.length },
    unknownRuleIds: results.unknownRuleIds,
    // Most-blocking first: a failed setup step's rule with the tests it blocked, then each other failure.
    rootCauses: rootCauses(results.tests).map((cause) => ({
      blockedBy: cause.ruleId,
      shownTest: cause.shown.id,
      ownTests: cause.own.map((t) => t.id),
      blockedTests: cause.blocked.map((t) => t.id),
    })),
    rules: results.rules.map((result) => ({
      id: result.rule.id,
      section: result.rule.section,
      statement: result.rule.statement,
      profile: result.rule.profile,
      source: result.rule.source,
      status: result.status,
      reasons: result.reasons,
      tests: result.tests,
    })),
    tests: results.tests,
  };
  // Markers (redacted keys) become $API_KEY in the file.
  return JSON.stringify(document, (_key, value: unknown) => (typeof value === 'string' ? showMarkers(value) : value), 2) + '\n';
}
