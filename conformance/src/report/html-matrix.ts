/**
 * The rule matrix of report.html: every catalogue rule by spec section, its
 * status, statement, profile and tests; each row is the rule's catalogue
 * entry that rule ids elsewhere link to. Then the skipped tests.
 */
import { rulesBySection } from '../../catalogue/index.js';
import { isBroken } from '../results/aggregate.js';
import type { RuleResult, RunResults } from '../results/types.js';
import { escapeHtml as e } from './escape.js';
import { areaOfRule, badge, filterAttributes, firstLine, testAnchor } from './html-parts.js';

export function renderMatrix(results: RunResults): string {
  const byId = new Map(results.rules.map((r) => [r.rule.id, r]));
  const sections = rulesBySection(results.rules.map((r) => r.rule)).map(({ section, rules }) => {
    const rows = rules.map((rule) => byId.get(rule.id)!);
    const notPassing = rows.filter((row) => row.status !== 'pass' && row.status !== 'excluded').length;
    const counts = notPassing > 0 ? `${rows.length} rules, ${notPassing} not passing` : `${rows.length} rules`;
    return `<div class="section-group"><h3>${e(section)} <span class="muted small">(${counts})</span></h3><div class="matrix">${rows.map(renderRuleRow).join('')}</div></div>`;
  });
  return `<section id="matrix"><h2>Rule matrix</h2><p class="small muted">Every rule of the catalogue, by spec section. A rule id anywhere in this report links here.</p>${sections.join('')}</section>`;
}

function renderRuleRow(result: RuleResult): string {
  const testLine = (t: RuleResult['tests'][number]) => {
    const label = `${badge(t.status)} ${e(t.name)}`;
    return isBroken(t.status) ? `<div><a href="#${e(testAnchor(t.id))}">${label}</a></div>` : `<div>${label}</div>`;
  };
  // Passing tests fold away when there are many: the eye goes to what did not pass.
  const passed = result.tests.filter((t) => t.status === 'pass');
  const others = result.tests.filter((t) => t.status !== 'pass');
  const passedHtml =
    passed.length > 3 ? `<details><summary>${passed.length} tests passed</summary>${passed.map(testLine).join('')}</details>` : passed.map(testLine).join('');
  const reasons = result.status === 'pass' ? '' : result.reasons.map((r) => `<div class="small muted">${e(firstLine(r))}</div>`).join('');
  const rule = result.rule;
  const text = `${rule.id} ${rule.statement} ${rule.section} ${result.tests.map((t) => t.name).join(' ')} ${result.reasons.map(firstLine).join(' ')}`;
  return `<div id="rule-${e(rule.id)}" class="rule f row-${e(result.status)}" ${filterAttributes(result.status, [areaOfRule(rule.id)], text)}>
<div class="r-status">${badge(result.status)}</div>
<div class="r-id"><code>${e(rule.id)}</code><div class="small muted">${e(rule.profile)} · ${e(rule.source)}</div></div>
<div class="r-statement">${e(rule.statement)}</div>
<div class="r-tests small">${others.map(testLine).join('')}${passedHtml}${reasons}</div>
</div>`;
}

export function renderSkips(results: RunResults): string {
  const skipped = results.tests.filter((t) => t.status === 'skip');
  if (skipped.length === 0) return '';
  const byReason = new Map<string, typeof skipped>();
  for (const test of skipped) byReason.set(test.reason ?? 'skipped', [...(byReason.get(test.reason ?? 'skipped') ?? []), test]);
  const groups = [...byReason.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(
      ([reason, tests]) =>
        `<details class="f" ${filterAttributes('skip', [...new Set(tests.map((t) => t.area))], `${reason} ${tests.map((t) => `${t.name} ${t.ruleIds.join(' ')}`).join(' ')}`)}><summary>${tests.length} × ${e(reason)}</summary><ul>${tests
          .map((t) => `<li>${e(t.fullName)} <span class="small muted">${e(t.ruleIds.join(', '))}</span></li>`)
          .join('')}</ul></details>`,
    );
  return `<section id="skipped"><h2>Skipped tests (${skipped.length}), by reason</h2>${groups.join('')}</section>`;
}
