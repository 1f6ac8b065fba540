/** Load the fixture users into a fresh State, each record copied so a reset starts from the same data. */
import type { FixtureSet } from '../../../fixtures/index.js';
import type { State } from '../state.js';

export function loadUserFixtures(state: Pick<State, 'users'>, fixtures: FixtureSet): void {
  for (const user of fixtures.users) state.users.add({ ...user });
}
