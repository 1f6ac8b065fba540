/**
 * The differential properties: each generates step sequences, the same for
 * both sides. Their names are what --filter selects and reports show.
 */
import fc from 'fast-check';
import type { Step } from '../steps.js';
import { contentLifeCycleStep } from './content.js';
import { postLifeCycleStep } from './posts.js';
import { requestStep } from './requests.js';
import type { SequenceScope } from './scope.js';

export interface DifferentialProperty {
  /** Also the test name: `--filter differential.posts` selects it. */
  name: string;
  what: string;
  sequences(scope: SequenceScope, runTitle: string): fc.Arbitrary<Step[]>;
}

/** Fixture reads need the same fixtures on both sides; everything else compares on what the run made. */
function allowed(scope: SequenceScope) {
  return (step: Step) => scope.sameFixtures || step.kind !== 'http' || !step.fixtures;
}

export const DIFFERENTIAL_PROPERTIES: readonly DifferentialProperty[] = [
  {
    name: 'differential.posts-life-cycle',
    what: 'post life cycles (creates, status changes, schedules, archives, clock moves, reads and lists)',
    sequences: (scope, title) => fc.array(postLifeCycleStep(scope, title).filter(allowed(scope)), { minLength: 1, maxLength: 15 }),
  },
  {
    name: 'differential.content-life-cycle',
    what: 'content life cycles (creates, renames, body edits, archives, restores, sends)',
    sequences: (scope, title) => fc.array(contentLifeCycleStep(scope, title).filter(allowed(scope)), { minLength: 1, maxLength: 20 }),
  },
  {
    name: 'differential.requests',
    what: 'valid and near-valid requests over every /v1 endpoint, among post and content creates',
    sequences: (scope, title) =>
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: requestStep(scope, title) },
          { weight: 1, arbitrary: postLifeCycleStep(scope, title) },
          { weight: 1, arbitrary: contentLifeCycleStep(scope, title) },
        ).filter(allowed(scope)),
        { minLength: 1, maxLength: 20 },
      ),
  },
];
