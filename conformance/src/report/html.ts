/**
 * report.html: one self-contained file (inline CSS and one small inline
 * script, no external assets) that reads top-down without the script: the
 * summary with the root causes, the failures (collapsed, root causes
 * first), the rule matrix by spec section, the skipped tests, the run's
 * details. With the script, a filter bar narrows everything by status, area
 * and text. Every value from a test or the target goes through escapeHtml.
 */
import { RULE_STATUSES, TEST_STATUSES } from '../results/aggregate.js';
import { describeCause, rootCauses } from '../results/root-causes.js';
import type { RunResults } from '../results/types.js';
import { areaTable } from './areas.js';
import { escapeHtml as e } from './escape.js';
import { renderFailures } from './html-failures.js';
import { renderMatrix, renderSkips } from './html-matrix.js';
import { badge, firstLine, testAnchor } from './html-parts.js';
import { REPORT_SCRIPT } from './html-script.js';
import { REPORT_CSS } from './html-style.js';
import type { RunInfo } from './run-info.js';

/** Root causes listed in the summary; the failures section has them all. */
const SUMMARY_CAUSES = 10;

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
<nav class="toc"><a href="#summary">Summary</a><a href="#failures">Failures</a><a href="#matrix">Rule matrix</a><a href="#skipped">Skipped</a><a href="#run">Run</a></nav>
${renderSummary(results, info)}
${renderFilters(results)}
${renderFailures(results, info)}
${renderMatrix(results)}
${renderSkips(results)}
${renderRunTable(info)}
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}

function renderSummary(results: RunResults, info: RunInfo): string {
  const tests = TEST_STATUSES.map((s) => `<span>${badge(s)} ${results.testCounts[s]}</span>`).join('');
  const rules = RULE_STATUSES.map((s) => `<span>${badge(s)} ${results.ruleCounts[s]}</span>`).join('');
  const causes = rootCauses(results.tests);
  const causeList =
    causes.length === 0
      ? '<p><strong>Nothing failed, errored or was blocked.</strong></p>'
      : `<h3>Root causes (${causes.length}), most-blocking first</h3><ol class="causes-top">${causes
          .slice(0, SUMMARY_CAUSES)
          .map((cause) => `<li><a href="#${e(testAnchor(cause.shown.id))}">${badge(cause.shown.status)} ${e(describeCause(cause))}</a> <span class="small muted">${e(firstLine(cause.shown.reason))}</span></li>`)
          .join('')}</ol>${causes.length > SUMMARY_CAUSES ? `<p class="small muted">... and ${causes.length - SUMMARY_CAUSES} more under <a href="#failures">Failures</a>.</p>` : ''}`;
  const unknown =
    results.unknownRuleIds.length > 0
      ? `<p class="small"><strong>Tests name rule ids that are not in the catalogue:</strong> <code>${e(results.unknownRuleIds.join(', '))}</code></p>`
      : '';
  const stopped = info.stoppedEarly
    ? `<p><strong>Stopped early</strong>, ${e(info.stoppedEarly.reason.replace(/^not run: /, ''))}: ${info.stoppedEarly.testsNotRun} tests of the files started were not run, nor the files after them.</p>`
    : '';
  const unhandled = info.unhandledErrors.map((err) => `<p class="small">Unhandled error outside any test: <code>${e(err)}</code></p>`).join('');
  const where = `${e(info.target.url)}${info.target.inProcess ? ' (reference, in-process)' : ''} · seed ${info.config.seed} · ${(info.durationMs / 1000).toFixed(1)} s · profiles ${e(info.config.profiles.join(', '))}`;
  return `<section id="summary"><p class="small muted">${where}</p>
<p class="counts"><strong>Tests</strong> ${tests}</p>
<p class="counts"><strong>Rules</strong> ${rules} <span class="muted">(of ${results.rules.length})</span></p>
${stopped}${unknown}${unhandled}${causeList}
<details><summary>Rules by area</summary>${renderAreas(results)}</details></section>`;
}

function renderAreas(results: RunResults): string {
  const head = `<tr><th>area</th>${RULE_STATUSES.map((s) => `<th>${e(s)}</th>`).join('')}</tr>`;
  const rows = areaTable(results.rules)
    .map((row) => `<tr><td><code>${e(row.area)}</code></td>${RULE_STATUSES.map((s) => `<td>${row.counts[s] || ''}</td>`).join('')}</tr>`)
    .join('');
  return `<div class="scroll"><table>${head}${rows}</table></div>`;
}

/** The filter bar: hidden in the file, shown by the script (without it there is nothing to filter with). */
function renderFilters(results: RunResults): string {
  const statuses = RULE_STATUSES.map((s) => `<label><input type="checkbox" name="status" value="${e(s)}" checked> ${e(s)}</label>`).join('');
  const areas = [...new Set([...results.rules.map((r) => r.rule.id.split('.')[0]!), ...results.tests.map((t) => t.area)])].sort();
  const options = areas.map((a) => `<option value="${e(a)}">${e(a)}</option>`).join('');
  return `<form id="filters" hidden onsubmit="return false">
<input type="search" name="q" placeholder="Search rule ids, statements, tests, reasons" aria-label="Search">
<span>${statuses}</span>
<label>area <select name="area"><option value="">all</option>${options}</select></label>
<button type="reset">Clear</button> <button type="button" id="expand-all">Expand failures</button> <button type="button" id="collapse-all">Collapse</button>
<span id="shown-count" class="small muted"></span>
</form>`;
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
    ['time limit per test', `${info.config.timeoutMs} ms`],
    ['max failures', info.config.maxFailures ? String(info.config.maxFailures) : 'no limit'],
    ['workers', String(info.config.workers ?? 1)],
    ['started', info.startedAt],
    ['duration', `${(info.durationMs / 1000).toFixed(1)} s`],
    ['suite', `${info.suite.name} ${info.suite.version}, node ${info.node}`],
  ];
  const notes = info.notes.length > 0 ? `<ul class="small muted">${info.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>` : '';
  return `<section id="run"><h2>Run</h2><table class="meta">${rows.map(([k, v]) => `<tr><td>${e(k)}</td><td>${e(v)}</td></tr>`).join('')}</table>${notes}</section>`;
}
