/** A divergence: the first step where the two sides answered differently, with everything a report shows. */
import type { Exchange } from '../shared/transcript-types.js';
import type { Difference } from './compare.js';
import type { Normalised, Observed } from './normalise.js';
import { describeStep, type Step } from './steps.js';

export interface DivergenceView {
  /** The sequence up to and including the diverging step, one line each. */
  steps: string[];
  /** Index of the diverging step in `steps`. */
  at: number;
  difference: Difference;
  target: Observed;
  reference: Observed;
  targetNormalised: Normalised;
  referenceNormalised: Normalised;
  /** Catalogue rules about the diverging request; empty: the spec names none. */
  ruleIds: string[];
  /** No rule applies: the spec is silent, a candidate for the spec-gaps register. */
  specGapCandidate: boolean;
}

export class Divergence extends Error {
  override name = 'Divergence';
  constructor(
    readonly view: DivergenceView,
    readonly transcript: Exchange[],
  ) {
    super(describeDivergence(view));
  }
}

export function divergenceView(steps: readonly Step[], at: number, parts: Omit<DivergenceView, 'steps' | 'at' | 'specGapCandidate'>): DivergenceView {
  return { ...parts, steps: steps.slice(0, at + 1).map(describeStep), at, specGapCandidate: parts.ruleIds.length === 0 };
}

/** The divergence as text: for the console, junit.xml and results.json. */
export function describeDivergence(view: DivergenceView): string {
  const { difference } = view;
  const rule = view.ruleIds.length > 0 ? `rules of these steps: ${view.ruleIds.join(', ')}` : 'no rule: the spec is silent here (a candidate for the spec-gaps register, docs/spec-gaps.md)';
  return [
    `the target and the reference answered step ${view.at + 1} differently at ${difference.path}: target ${show(difference.target)}, reference ${show(difference.reference)}`,
    rule,
    'sequence:',
    ...view.steps.map((line, i) => `  ${i + 1}. ${line}${i === view.at ? '   <- diverges' : ''}`),
    `target    ${view.target.status} ${show(view.target.body, 600)}`,
    `reference ${view.reference.status} ${show(view.reference.body, 600)}`,
  ].join('\n');
}

function show(value: unknown, max = 200): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
