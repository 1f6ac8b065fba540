/** Load the fixture posts into a fresh State: each body converted from its markdown as a create would. */
import type { FixtureSet } from '../../../fixtures/index.js';
import { markdownToDoc, previewOf } from '../documents/index.js';
import type { State } from '../state.js';

export function loadPostFixtures(state: Pick<State, 'posts'>, fixtures: FixtureSet): void {
  for (const { markdown, ...post } of fixtures.posts) {
    const doc = markdownToDoc(markdown);
    state.posts.add({ ...post, categories: [...post.categories], authorIds: [...post.authorIds], doc, postPreview: previewOf(doc) });
  }
}
