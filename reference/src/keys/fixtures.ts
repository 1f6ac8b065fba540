/** Load the fixture API keys (the demo keys of README.md) into a fresh State. */
import type { FixtureSet } from '../../../fixtures/index.js';
import type { State } from '../state.js';

export function loadKeyFixtures(state: Pick<State, 'keys'>, fixtures: FixtureSet): void {
  for (const key of fixtures.keys) state.keys.add({ ...key, createdAt: fixtures.now, source: 'fixture' });
}
