/** Load the fixture publications into a fresh State, each record copied so a reset starts from the same data. */
import type { FixtureSet } from '../../../fixtures/index.js';
import type { State } from '../state.js';

export function loadPublicationFixtures(state: Pick<State, 'publications'>, fixtures: FixtureSet): void {
  for (const publication of fixtures.publications) {
    state.publications.add({
      ...publication,
      pinnedPostIds: [...publication.pinnedPostIds],
      emailNotifications: { ...publication.emailNotifications },
      team: publication.team.map((m) => ({ ...m })),
      communities: publication.communities.map((c) => ({ ...c })),
    });
  }
}
