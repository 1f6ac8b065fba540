/** Small pieces every part of report.html uses: badges, anchors, rule links, filter attributes. */
import { escapeHtml as e } from './escape.js';

export function badge(status: string): string {
  return `<span class="badge ${e(status)}">${e(status)}</span>`;
}

export function testAnchor(id: string): string {
  return `test-${id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}

/** A rule id linking to its catalogue entry (its row in the rule matrix). */
export function ruleLink(id: string): string {
  return `<a href="#rule-${e(id)}"><code>${e(id)}</code></a>`;
}

/** The area of a rule: the first segment of its id. */
export function areaOfRule(id: string): string {
  return id.split('.')[0] ?? id;
}

/** What the filters read: the status, the areas (space-separated) and the text searched, lower-cased. */
export function filterAttributes(status: string, areas: readonly string[], text: string): string {
  return `data-status="${e(status)}" data-area="${e(areas.join(' '))}" data-text="${e(text.toLowerCase())}"`;
}

export function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0] ?? '';
}
