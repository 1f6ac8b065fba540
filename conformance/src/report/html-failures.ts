/**
 * The failures of report.html: the root causes first (a failed setup step
 * with the tests it blocked), most-blocking first, then the other failures
 * by area. Each is a <details>, collapsed, whose summary says enough to
 * choose which to open; opened, it shows the rule's spec sentence, the
 * reason, the counterexample, the replay command and the curl transcript.
 */
import { findRule } from '../../catalogue/index.js';
import { describeCause, rootCauses, type RootCause } from '../results/root-causes.js';
import type { RunResults, TestOutcome } from '../results/types.js';
import { renderTranscript } from './curl.js';
import { renderDivergence } from './divergence-html.js';
import { escapeHtml as e } from './escape.js';
import { replayCommand } from './replay.js';
import type { RunInfo } from './run-info.js';
import { areaOfRule, badge, filterAttributes, firstLine, ruleLink, testAnchor } from './html-parts.js';

export function renderFailures(results: RunResults, info: RunInfo): string {
  const causes = rootCauses(results.tests);
  if (causes.length === 0) return '<section id="failures"><h2>Failures and errors</h2><p>None.</p></section>';
  const steps = causes.filter((cause) => cause.ruleId !== undefined);
  const lone = causes.filter((cause) => cause.ruleId === undefined);
  const stepsHtml =
    steps.length === 0
      ? ''
      : `<h3>Failed setup steps, most-blocking first</h3><p class="small muted">Each blocked the tests listed under it: they could not judge their own rules. Fix these first.</p>${steps.map((cause) => renderCause(cause, info)).join('')}`;
  const byArea = new Map<string, RootCause[]>();
  for (const cause of lone) byArea.set(cause.shown.area, [...(byArea.get(cause.shown.area) ?? []), cause]);
  const areasHtml = [...byArea.entries()]
    .map(([area, group]) => `<div class="area-group" data-area="${e(area)}"><h3>${e(area)} <span class="muted small">(${group.length})</span></h3>${group.map((cause) => renderCause(cause, info)).join('')}</div>`)
    .join('');
  const { fail, error, blocked } = results.testCounts;
  const counts = [`${fail} failed`, `${error} errored`, `${blocked} blocked`].join(', ');
  return `<section id="failures"><h2>Failures and errors: ${counts}; ${causes.length} root cause${causes.length === 1 ? '' : 's'}</h2>${stepsHtml}${
    areasHtml ? `<h3 class="sub">${steps.length > 0 ? 'Other failures' : 'Failures'}, by area</h3>${areasHtml}` : ''
  }</section>`;
}

function renderCause(cause: RootCause, info: RunInfo): string {
  const test = cause.shown;
  const all = [...cause.own, ...cause.blocked];
  const ruleIds = unique([...(cause.ruleId ? [cause.ruleId] : []), ...all.flatMap((t) => t.ruleIds)]);
  const text = [describeCause(cause), ...all.map((t) => `${t.fullName} ${t.file}`), ...ruleIds, test.reason ?? ''].join(' ');
  const areas = unique([test.area, ...ruleIds.map(areaOfRule)]);
  const title = cause.ruleId ? `<strong>${e(describeCause(cause))}</strong>` : e(test.fullName);
  const blocked =
    cause.blocked.length > 0
      ? `<details class="blocked"><summary>${cause.blocked.length} blocked test${cause.blocked.length === 1 ? '' : 's'}</summary><ul>${cause.blocked
          .map((t) => `<li${t === test ? '' : ` id="${e(testAnchor(t.id))}"`}>${e(t.name)} <span class="muted small">${e(t.file)} · ${t.ruleIds.map(ruleLink).join(', ')}</span></li>`)
          .join('')}</ul></details>`
      : '';
  const others = cause.own.filter((t) => t !== test);
  const alsoOwn = others.length > 0 ? `<p class="small">Also failing on the step's rule itself: ${others.map((t) => e(t.name)).join('; ')}</p>` : '';
  return `<details class="failure f${test.status === 'fail' ? '' : ` ${test.status}-kind`}" id="${e(testAnchor(test.id))}" ${filterAttributes(test.status, areas, text)}>
<summary>${badge(test.status)} ${title}<span class="why">${e(firstLine(test.reason))}</span></summary>
<div class="body">${cause.ruleId ? `<p class="small">Shown: <strong>${e(test.fullName)}</strong></p>` : ''}
${renderStatements(cause.ruleId ? [cause.ruleId, ...test.ruleIds] : test.ruleIds)}
<p class="small muted">${e(test.file)} · ${test.durationMs} ms</p>
<pre>${e(test.reason ?? '')}</pre>
${test.divergence ? renderDivergence(test.divergence) : ''}
${renderProperty(test)}
<p class="small">Replay:</p><pre>${e(replayCommand(test, replayBasis(info)).join('\n'))}</pre>
${renderTranscriptBlock(test)}
${alsoOwn}${blocked}</div>
</details>`;
}

/** The spec sentence of each rule, inline: the reader needs no other file to know what was checked. */
function renderStatements(ruleIds: readonly string[]): string {
  const items = unique(ruleIds).map((id) => {
    const rule = findRule(id);
    return `<li>${ruleLink(id)}: ${rule ? `${e(rule.statement)} <span class="muted small">(${e(rule.source)}, ${e(rule.section)})</span>` : '<em>not in the catalogue</em>'}</li>`;
  });
  return `<ul class="statements">${items.join('')}</ul>`;
}

function renderProperty(test: TestOutcome): string {
  if (!test.property) return '';
  return `<p class="small">Counterexample <code>${e(test.property.counterexample ?? '')}</code> · fast-check seed <code>${test.property.seed}</code> · path <code>${e(test.property.path ?? '')}</code></p>`;
}

function renderTranscriptBlock(test: TestOutcome): string {
  if (test.transcript.length === 0) return '<p class="small muted">No requests were made.</p>';
  return `<details><summary>Requests as curl (${test.transcript.length}; set API_KEY and SECOND_API_KEY before pasting)</summary><pre>${e(renderTranscript(test.transcript, test.droppedExchanges))}</pre></details>`;
}

function replayBasis(info: RunInfo) {
  return { url: info.target.url, inProcess: info.target.inProcess, seed: info.config.seed, profiles: info.config.profiles };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
