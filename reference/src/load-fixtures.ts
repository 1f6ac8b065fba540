/**
 * Fill a fresh State from a fixture set. Each area loads its own part.
 */
import type { FixtureSet } from '../../fixtures/index.js';
import { markdownToDoc, previewOf } from './documents/index.js';
import type { State } from './state.js';
import { loadContentFixtures } from './content/load.js';
import { loadSubscriberFixtures } from './subscribers/fixtures.js';

export function loadFixtures(state: Pick<State, 'users' | 'publications' | 'keys' | 'posts' | 'subscribers' | 'content' | 'buckets' | 'suggestions'>, fixtures: FixtureSet): void {
  for (const user of fixtures.users) state.users.add({ ...user });
  for (const publication of fixtures.publications) {
    state.publications.add({
      ...publication,
      pinnedPostIds: [...publication.pinnedPostIds],
      emailNotifications: { ...publication.emailNotifications },
      team: publication.team.map((m) => ({ ...m })),
      communities: publication.communities.map((c) => ({ ...c })),
    });
  }
  for (const key of fixtures.keys) state.keys.add({ ...key, createdAt: fixtures.now, source: 'fixture' });
  for (const { markdown, ...post } of fixtures.posts) {
    const doc = markdownToDoc(markdown);
    state.posts.add({ ...post, categories: [...post.categories], authorIds: [...post.authorIds], doc, postPreview: previewOf(doc) });
  }
  loadSubscriberFixtures(state, fixtures);
  loadContentFixtures(state, fixtures.content);
}
