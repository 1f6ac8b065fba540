/**
 * Load the fixture subscribers and suppressions into a fresh State (no events:
 * the fixtures describe the past, they do not happen again).
 */
import type { FixtureSet } from '../../../fixtures/index.js';
import type { State } from '../state.js';

export function loadSubscriberFixtures(state: Pick<State, 'subscribers'>, fixtures: Pick<FixtureSet, 'subscribers' | 'suppressions'>): void {
  for (const s of fixtures.subscribers) state.subscribers.load({ ...s, source: 'fixture' });
  for (const s of fixtures.suppressions) state.subscribers.suppressions.suppress(s.publicationId, s.email, s.suppressedAt);
}
