/** Per-area counts of rule statuses (area = the first segment of a rule id). */
import { RULE_STATUSES } from '../results/aggregate.js';
import type { RuleResult, RuleStatus } from '../results/types.js';

export function areaTable(rules: readonly RuleResult[]): Array<{ area: string; counts: Record<RuleStatus, number> }> {
  const areas = new Map<string, Record<RuleStatus, number>>();
  for (const result of rules) {
    const area = result.rule.id.split('.')[0]!;
    const counts = areas.get(area) ?? (Object.fromEntries(RULE_STATUSES.map((s) => [s, 0])) as Record<RuleStatus, number>);
    counts[result.status]++;
    areas.set(area, counts);
  }
  return [...areas.entries()].map(([area, counts]) => ({ area, counts }));
}
