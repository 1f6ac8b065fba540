/** A divergence in report.html and its replay command. */
import { describe, expect, it } from 'vitest';
import { divergenceView } from '../differential/divergence.js';
import type { TestOutcome } from '../results/types.js';
import { renderDivergence } from './divergence-html.js';
import { replayCommand } from './replay.js';

const EVIL = '<script>x</script>';
const view = divergenceView(
  [
    { kind: 'http', method: 'POST', path: ['/v1/posts'], body: { title: EVIL }, as: 'a', rules: [] },
    { kind: 'http', method: 'GET', path: ['/v1/posts/', { ref: 'post', index: 0 }], as: 'a', rules: [] },
  ],
  1,
  {
    difference: { path: 'body.title', target: EVIL, reference: 'fine' },
    target: { status: 200, body: { title: EVIL } },
    reference: { status: 200, body: { title: 'fine' } },
    targetNormalised: { status: 200, error: false, body: { title: EVIL } },
    referenceNormalised: { status: 200, error: false, body: { title: 'fine' } },
    ruleIds: [],
  },
);

describe('a divergence in the report', () => {
  it('shows the sequence, the diverging step, both answers side by side and "no rule", escaped', () => {
    const html = renderDivergence(view);
    expect(html).not.toContain(EVIL);
    expect(html).toContain('GET /v1/posts/{post#0}');
    expect(html).toContain('← diverges');
    expect(html).toContain('<table class="side-by-side"><tr><th>target</th><th>reference</th></tr>');
    expect(html).toContain('<strong>no rule</strong>');
    expect(view.specGapCandidate).toBe(true);
  });

  it('replays with --differential, the seed, the property name and the path', () => {
    const test: TestOutcome = {
      id: 'differential:differential.requests',
      name: 'differential.requests',
      fullName: 'differential › requests',
      file: 'differential',
      area: 'differential',
      ruleIds: [],
      status: 'fail',
      durationMs: 1,
      transcript: [],
      property: { seed: 5, path: '3:1' },
      divergence: view,
    };
    const [first, second] = replayCommand(test, { url: 'http://x', inProcess: true, seed: 9, profiles: ['core'] });
    expect(first).toBe("npm run conformance -- --seed 9 --profile core --differential --filter 'differential.requests'");
    expect(second).toContain("--differential --filter 'differential.requests' --replay-path '3:1'");
  });
});
