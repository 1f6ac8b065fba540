/** report.html's view of a differential divergence: the shrunk sequence and the two answers side by side. */
import type { DivergenceView } from '../differential/divergence.js';
import { escapeHtml as e } from './escape.js';

export function renderDivergence(view: DivergenceView): string {
  const steps = view.steps.map((line, i) => `<li${i === view.at ? ' class="diverges"' : ''}><code>${e(line)}</code>${i === view.at ? ' <strong>← diverges</strong>' : ''}</li>`).join('');
  const rule =
    view.ruleIds.length > 0
      ? `rules ${view.ruleIds.map((id) => `<a href="#rule-${e(id)}"><code>${e(id)}</code></a>`).join(', ')}`
      : '<strong>no rule</strong>: the spec is silent here; a candidate for the spec-gaps register (docs/spec-gaps.md)';
  const cell = (status: number, body: unknown) => `<td><div><strong>${status}</strong></div><pre>${e(pretty(body))}</pre></td>`;
  return `<div class="divergence">
<p class="small">${rule} · first difference at <code>${e(view.difference.path)}</code>: target <code>${e(short(view.difference.target))}</code>, reference <code>${e(short(view.difference.reference))}</code></p>
<p class="small">Shrunk sequence (the same requests went to both):</p><ol class="small">${steps}</ol>
<table class="side-by-side"><tr><th>target</th><th>reference</th></tr>
<tr>${cell(view.target.status, view.target.body)}${cell(view.reference.status, view.reference.body)}</tr>
<tr><th colspan="2" class="small muted">after normalisation</th></tr>
<tr>${cell(view.targetNormalised.status, view.targetNormalised.body)}${cell(view.referenceNormalised.status, view.referenceNormalised.body)}</tr></table>
</div>`;
}

function pretty(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2) ?? '';
  return text.length > 6000 ? `${text.slice(0, 6000)}\n...` : text;
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}
