/**
 * report.html: self-contained (inline CSS, no scripts, no external assets),
 * the rule matrix grouped by spec section and every failure with its
 * transcript. Every value from a test or the target goes through escapeHtml.
 */
import { rulesBySection } from '../../catalogue/index.js';
import { RULE_STATUSES, TEST_STATUSES } from '../results/aggregate.js';
import type { RuleResult, RunResults, TestOutcome } from '../results/types.js';
import { areaTable } from './areas.js';
import { renderTranscript } from './curl.js';
import { escapeHtml as e } from './escape.js';
import { REPORT_CSS } from './html-style.js';
import { replayCommand } from './replay.js';
import type { RunInfo } from './run-info.js';

export function renderHtmlReport(results: RunResults, info: RunInfo): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance report: ${e(info.target.url)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<h1>Conformance report</h1>
${renderRunTable(info)}
${renderCounts(results)}
${renderAreas(results)}
${renderBroken(results, info)}
${renderMatrix(results)}
${renderSkips(results)}
</body>
</html>
`;
}

function renderRunTable(info: RunInfo): string {
  const implementation = [info.target.implementation, info.target.version].filter(Boolean).join(' ') || 'unknown';
  const rows: Array<[string, string]> = [
    ['target', `${info.target.url}${info.target.inProcess ? ' (reference, in-process)' : ''}`],
    ['implementation', implementation],
    ['control API', info.target.control.available ? `yes: ${info.target.control.capabilities.join(', ')}` : `no (${info.target.control.missingReason ?? ''})`],
    ['profiles', info.config.profiles.join(', ')],
    ['seed', String(info.config.seed)],
    ['run id', info.config.runId],
    ['runs per property', String(info.config.runs)],
    ['filter', info.config.filter.join(', ') || '(none)'],
    ['rate limit', info.config.rateLimit ? `${info.config.rateLimit} requests/s` : 'unlimited'],
    ['started', info.startedAt],
    ['duration', `${(info.durationMs / 1000).toFixed(1)} s`],
    ['suite', `${info.suite.name} ${info.suite.version}, node ${info.node}`],
  ];
  const notes = info.notes.length > 0 ? `<ul class="small muted">${info.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>` : '';
  const unhandled = info.unhandledErrors.map((err) => `<p class="failure error-kind">Unhandled error outside any test: <code>${e(err)}</code></p>`).join('');
  return `<table class="meta">${rows.map(([k, v]) => `<tr><td>${e(k)}</td><td>${e(v)}</td></tr>`).join('')}</table>${notes}${unhandled}`;
}

function renderCounts(results: RunResults): string {
  const tests = TEST_STATUSES.map((s) => `<span>${badge(s)} ${results.testCounts[s]}</span>`).join('');
  const rules = RULE_STATUSES.map((s) => `<span>${badge(s)} ${results.ruleCounts[s]}</span>`).join('');
  const unknown =
    results.unknownRuleIds.length > 0
      ? `<p class="failure error-kind">Tests name rule ids that are not in the catalogue: <code>${e(results.unknownRuleIds.join(', '))}</code></p>`
      : '';
  return `<h2>Counts</h2><p class="counts"><strong>Tests</strong> ${tests}</p><p class="counts"><strong>Rules</strong> ${rules} <span class="muted">(of ${results.rules.length})</span></p>${unknown}`;
}

function renderAreas(results: RunResults): string {
  const head = `<tr><th>area</th>${RULE_STATUSES.map((s) => `<th>${e(s)}</th>`).join('')}</tr>`;
  const rows = areaTable(results.rules)
    .map((row) => `<tr><td><code>${e(row.area)}</code></td>${RULE_STATUSES.map((s) => `<td>${row.counts[s] || ''}</td>`).join('')}</tr>`)
    .join('');
  return `<h2>Rules by area</h2><table>${head}${rows}</table>`;
}

function renderBroken(results: RunResults, info: RunInfo): string {
  const broken = results.tests.filter((t) => t.status === 'fail' || t.status === 'error');
  if (broken.length === 0) return '<h2>Failures and errors</h2><p>None.</p>';
  return `<h2>Failures and errors (${broken.length})</h2>${broken.map((t) => renderFailure(t, info)).join('')}`;
}

function renderFailure(test: TestOutcome, info: RunInfo): string {
  const basis = { url: info.target.url, inProcess: info.target.inProcess, seed: info.config.seed, profiles: info.config.profiles };
  const property = test.property
    ? `<p class="small">counterexample <code>${e(test.property.counterexample ?? '')}</code> · fast-check seed <code>${test.property.seed}</code> · path <code>${e(test.property.path ?? '')}</code></p>`
    : '';
  const transcript =
    test.transcript.length > 0
      ? `<details open><summary>Transcript (${test.transcript.length} request(s); set API_KEY and SECOND_API_KEY before pasting)</summary><pre>${e(renderTranscript(test.transcript, test.droppedExchanges))}</pre></details>`
      : '<p class="small muted">No requests were made.</p>';
  return `<div class="failure${test.status === 'error' ? ' error-kind' : ''}" id="${e(anchor(test.id))}">
<h3>${badge(test.status)} ${e(test.fullName)}</h3>
<p class="small muted">rules ${test.ruleIds.map((id) => `<a href="#rule-${e(id)}"><code>${e(id)}</code></a>`).join(', ') || '(none)'} · ${e(test.file)} · ${test.durationMs} ms</p>
<pre>${e(test.reason ?? '')}</pre>
${property}
<p class="small">Replay:</p><pre>${e(replayCommand(test, basis).join('\n'))}</pre>
${transcript}
</div>`;
}

function renderMatrix(results: RunResults): string {
  const byId = new Map(results.rules.map((r) => [r.rule.id, r]));
  const sections = rulesBySection(results.rules.map((r) => r.rule)).map(({ section, rules }) => {
    const rows = rules.map((rule) => renderRuleRow(byId.get(rule.id)!)).join('');
    return `<h3>${e(section)}</h3><table class="matrix"><colgroup><col class="c-status"><col class="c-rule"><col><col class="c-profile"><col class="c-tests"></colgroup><tr><th>status</th><th>rule</th><th>statement</th><th>profile</th><th>tests / reasons</th></tr>${rows}</table>`;
  });
  return `<h2>Rule matrix</h2>${sections.join('')}`;
}

function renderRuleRow(result: RuleResult): string {
  const testLine = (t: RuleResult['tests'][number]) => {
    const label = `${badge(t.status)} ${e(t.name)}`;
    return t.status === 'fail' || t.status === 'error' ? `<div><a href="#${e(anchor(t.id))}">${label}</a></div>` : `<div>${label}</div>`;
  };
  // Passing tests fold away when there are many: the eye goes to what did not pass.
  const passed = result.tests.filter((t) => t.status === 'pass');
  const others = result.tests.filter((t) => t.status !== 'pass');
  const passedHtml =
    passed.length > 3
      ? `<details><summary>${passed.length} tests passed</summary>${passed.map(testLine).join('')}</details>`
      : passed.map(testLine).join('');
  const tests = others.map(testLine).join('') + passedHtml;
  const reasons = result.status === 'pass' ? '' : result.reasons.map((r) => `<div class="small muted">${e(firstLine(r))}</div>`).join('');
  return `<tr id="rule-${e(result.rule.id)}" class="row-${e(result.status)}"><td>${badge(result.status)}</td><td><code>${e(result.rule.id)}</code></td><td>${e(result.rule.statement)}<div class="small muted">${e(result.rule.source)}</div></td><td>${e(result.rule.profile)}</td><td class="small">${tests}${reasons}</td></tr>`;
}

function renderSkips(results: RunResults): string {
  const skipped = results.tests.filter((t) => t.status === 'skip');
  if (skipped.length === 0) return '';
  const rows = skipped.map((t) => `<tr><td>${e(t.fullName)}</td><td><code>${e(t.ruleIds.join(', '))}</code></td><td>${e(t.reason ?? '')}</td></tr>`).join('');
  return `<h2>Skipped tests (${skipped.length})</h2><details><summary>Show</summary><table><tr><th>test</th><th>rules</th><th>reason</th></tr>${rows}</table></details>`;
}

function badge(status: string): string {
  return `<span class="badge ${e(status)}">${e(status)}</span>`;
}

function anchor(id: string): string {
  return `test-${id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
