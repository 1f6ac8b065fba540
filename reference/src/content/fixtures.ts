/**
 * Load the content fixtures (pieces, groups, suggestions) into a fresh State,
 * copying every record so a reset starts from the same data.
 */
import type { FixtureSet } from '../../../fixtures/index.js';
import type { State } from '../state.js';

export function loadContentFixtures(state: Pick<State, 'buckets' | 'content' | 'suggestions'>, fixtures: FixtureSet): void {
  const set = fixtures.content;
  for (const bucket of set.buckets) state.buckets.add({ ...bucket, members: bucket.members.map((m) => ({ ...m })) });
  for (const piece of set.pieces)
    state.content.add({
      ...piece,
      body: structuredClone(piece.body),
      media: piece.media.map((m) => ({ ...m })),
      send: piece.send ? { ...piece.send } : null,
    });
  for (const suggestion of set.suggestions) state.suggestions.add({ ...suggestion });
}
