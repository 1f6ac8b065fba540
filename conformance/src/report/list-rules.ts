/** --list-rules: the catalogue grouped by spec section. */
import { LIMITS_TABLE, RULES, rulesBySection } from '../../catalogue/index.js';
import type { Rule } from '../../catalogue/types.js';
import { PROFILES } from '../shared/profiles.js';

export function renderRuleList(rules: readonly Rule[] = RULES): string {
  const out: string[] = [];
  const width = Math.max(...rules.map((r) => r.id.length)) + 2;
  for (const { section, rules: sectionRules } of rulesBySection(rules)) {
    out.push('', `## ${section} (${sectionRules.length})`);
    for (const rule of sectionRules) {
      const tag = rule.profile === 'core' ? '' : ` [${rule.profile}]`;
      out.push(`  ${rule.id.padEnd(width)}${rule.statement}${tag}`);
    }
  }
  out.push('', '## Limits (SPEC.md table; each limit is a rule of its area)');
  for (const row of LIMITS_TABLE) out.push(`  ${row.limit}: ${row.ruleIds.join(', ')}`);
  const byProfile = PROFILES.map((p) => `${p} ${rules.filter((r) => r.profile === p).length}`).join(', ');
  out.push('', `${rules.length} rules: ${byProfile}`, '');
  return out.join('\n');
}
