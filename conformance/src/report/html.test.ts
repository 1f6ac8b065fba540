import { describe, expect, it } from 'vitest';
import { RULES } from '../../catalogue/index.js';
import { aggregate } from '../results/aggregate.js';
import type { TestOutcome } from '../results/types.js';
import { secretMarker } from '../shared/redact.js';
import { escapeHtml, escapeXml } from './escape.js';
import { renderHtmlReport } from './html.js';
import { REPORT_SCRIPT } from './html-script.js';
import { renderJunit } from './junit.js';
import { madeOutcome } from '../results/outcome-fixture.js';
import { renderResultsJson } from './results-json.js';
import type { RunInfo } from './run-info.js';

const EVIL = `<script>alert("x")</script>&'`;

const info: RunInfo = {
  suite: { name: 'conformance', version: '0.1.0' },
  node: 'v20',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1000,
  target: {
    url: `http://example.com/${EVIL}`,
    inProcess: false,
    isReference: false,
    implementation: EVIL,
    control: { available: false, missingReason: 'GET /_control answered 404', capabilities: [] },
    publications: {},
  },
  config: { profiles: ['core'], seed: 7, runs: 5, filter: [], timeoutMs: 1000, runId: 'cf-7-x', reportDir: 'r', apiKey: '$API_KEY' },
  notes: [EVIL],
  unhandledErrors: [EVIL],
};

const failing: TestOutcome = {
  id: 'abc_1',
  name: `a title over 200 characters is rejected ${EVIL}`,
  fullName: `a title over 200 characters is rejected ${EVIL}`,
  file: 'posts/limits.test.ts',
  area: 'posts',
  ruleIds: ['posts.create.title-max-200'],
  status: 'fail',
  reason: `POST /v1/posts answered 200, expected 400: ${EVIL} key ${secretMarker('API_KEY')}`,
  durationMs: 5,
  transcript: [
    {
      method: 'POST',
      url: 'http://example.com/v1/posts',
      requestHeaders: { authorization: `Bearer ${secretMarker('API_KEY')}` },
      requestBody: JSON.stringify({ title: EVIL }),
      status: 200,
      responseBody: `{"echo":"${EVIL}"}\u0000`,
      durationMs: 1,
    },
  ],
  property: { seed: 1, path: '0:1', counterexample: `"${EVIL}"` },
};

const results = aggregate(RULES, [failing], { profiles: ['core'], filter: [] });

describe('escaping', () => {
  it('escapes markup and quotes, and drops characters XML cannot carry', () => {
    expect(escapeHtml(EVIL)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(escapeXml('a\u0000b\u0007c')).toBe('a\uFFFDb\uFFFDc');
  });
  it('shows redacted keys as $NAME', () => {
    expect(escapeHtml(`Bearer ${secretMarker('API_KEY')}`)).toBe('Bearer $API_KEY');
  });
});

describe('report.html', () => {
  const html = renderHtmlReport(results, info);

  it('contains no unescaped text from tests or the target', () => {
    // The one script is the report's own filter script.
    expect(html.split('<script>')).toHaveLength(2);
    expect(html).toContain(`<script>${REPORT_SCRIPT}</script>`);
    expect(html).not.toContain('\u0000');
    expect(html).not.toContain('\u0001');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('is self-contained: no external stylesheet, script or image', () => {
    // What would load something: rule sentences may well speak of "https://" as text.
    expect(html).not.toMatch(/<link\b|src=|@import|url\(|(?:href|action)=["']?https?:\/\/(?!example\.com)/i);
  });

  it('shows the failure with its rule, replay command and transcript, keys as $API_KEY', () => {
    expect(html).toContain('posts.create.title-max-200');
    expect(html).toContain('--seed 7');
    expect(html).toContain('--filter &#39;posts.create.title-max-200&#39;');
    expect(html).toContain('curl -sS -i');
    expect(html).toContain('&quot;$API_KEY&quot;');
  });

  it("shows the rule's spec sentence inline with the failure, and links the rule to its catalogue entry", () => {
    const failure = html.slice(html.indexOf('<details class="failure'), html.indexOf('</details>\n</div>'));
    expect(failure).toContain('A post title over 200 characters is rejected on create.');
    expect(failure).toContain('<a href="#rule-posts.create.title-max-200">');
  });

  it('lists every catalogue rule in the matrix', () => {
    for (const rule of RULES) expect(html).toContain(`id="rule-${rule.id}"`);
  });
});

describe('junit.xml and results.json', () => {
  it('junit escapes names and messages and has no raw control characters', () => {
    const xml = renderJunit(results, 1000);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml).toContain('<failure message="POST /v1/posts answered 200, expected 400: &lt;script&gt;');
    expect(xml).toContain('<property name="rule" value="posts.create.title-max-200"/>');
  });

  it('junit and results.json name the setup step that blocked a test', () => {
    const blocked = madeOutcome(['buckets.list.page'], 'blocked', { reason: 'POST /v1/posts answered 500', blockedBy: 'posts.create.draft' });
    const withBlocked = aggregate(RULES, [failing, blocked], { profiles: ['core'], filter: [] });
    const xml = renderJunit(withBlocked, 1);
    expect(xml).toContain('<failure message="blocked by posts.create.draft (a failed setup step): POST /v1/posts answered 500" type="blocked">');
    expect(xml).toMatch(/<testsuites name="conformance" tests="2" failures="2" errors="0" skipped="0"/);
    const parsed = JSON.parse(renderResultsJson(withBlocked, info)) as {
      rootCauses: unknown[];
      counts: { tests: Record<string, number>; rules: Record<string, number> };
      rules: Array<{ id: string; status: string }>;
    };
    expect(parsed.counts.tests).toMatchObject({ fail: 1, blocked: 1 });
    expect(parsed.counts.rules).toMatchObject({ fail: 1, blocked: 1 });
    expect(parsed.rules.find((r) => r.id === 'buckets.list.page')!.status).toBe('blocked');
    const html = renderHtmlReport(withBlocked, info);
    expect(html).toContain('<strong>Tests</strong> <span><span class="badge pass">pass</span> 0</span><span><span class="badge fail">fail</span> 1</span><span><span class="badge error">error</span> 0</span><span><span class="badge blocked">blocked</span> 1</span>');
    expect(html).toContain('Failures and errors: 1 failed, 0 errored, 1 blocked; 2 root causes');
    expect(html).toMatch(/<tr><td><code>buckets<\/code><\/td>(<td>\d*<\/td>){3}<td>1<\/td>/);
    expect(parsed.rootCauses).toEqual([
      { blockedBy: 'posts.create.draft', shownTest: blocked.id, ownTests: [], blockedTests: [blocked.id] },
      { shownTest: failing.id, ownTests: [failing.id], blockedTests: [] },
    ]);
  });

  it('results.json shows keys as $API_KEY and carries per-rule statuses', () => {
    const json = renderResultsJson(results, info);
    expect(json).not.toContain('\\u0001');
    const parsed = JSON.parse(json) as { seed: number; rules: Array<{ id: string; status: string }> };
    expect(parsed.seed).toBe(7);
    expect(parsed.rules.find((r) => r.id === 'posts.create.title-max-200')!.status).toBe('fail');
    expect(json).toContain('Bearer $API_KEY');
  });
});
