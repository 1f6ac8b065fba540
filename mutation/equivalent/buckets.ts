/** Equivalent mutants of reference/src/buckets/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const PIECES_STAY = 'content pieces are never deleted (archived ones stay): every member of a group has its piece';

const JOIN_CHECK = 'if (bucket.members.some((m) => m.contentId === contentId)) return;';

const JOINS_ONCE =
  'the content store never adds a piece to a group it is in: the same bucketId is a no-op before it gets here, another one is 409';

export const buckets: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/buckets/routes.ts', code: 'publicationSlug: (id) => state.publications.get(id)?.slug,', original: 'state.publications.get(id)?.slug',
    mutator: 'OptionalChaining', replacement: 'state.publications.get(id).slug',
    why: "a group's post always belongs to an existing publication (publications are never deleted)",
  },
  {
    file: 'reference/src/buckets/store.ts', code: 'return id === undefined ? null : this.byId.get(id)!;', original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no group is stored under an undefined id: byId.get(undefined) is undefined, which every caller reads as no group (null)',
  },
  {
    file: 'reference/src/buckets/store.ts', code: 'if (!bucket) throw notFound(`content group ${bucketId} not found`);', original: '!bucket', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'unreachable: the content store checks the group with requireOwn before it adds a member',
  },
  { file: 'reference/src/buckets/store.ts', code: JOIN_CHECK, original: 'bucket.members.some((m) => m.contentId === contentId)', mutator: 'ConditionalExpression', replacement: 'false', why: JOINS_ONCE },
  { file: 'reference/src/buckets/store.ts', code: JOIN_CHECK, original: '(m) => m.contentId === contentId', mutator: 'ArrowFunction', replacement: '() => undefined', why: JOINS_ONCE },
  { file: 'reference/src/buckets/store.ts', code: JOIN_CHECK, original: 'm.contentId === contentId', mutator: 'ConditionalExpression', replacement: 'false', why: JOINS_ONCE },
  {
    file: 'reference/src/buckets/view.ts', code: 'for (const m of bucket.members) latest = Math.max(latest, sources.piece(m.contentId)?.updatedAt ?? 0);',
    original: 'sources.piece(m.contentId)?.updatedAt', mutator: 'OptionalChaining', replacement: 'sources.piece(m.contentId).updatedAt', why: PIECES_STAY,
  },
  { file: 'reference/src/buckets/view.ts', code: 'if (piece) members.push(pieceMember(piece, i + 1));', original: 'piece', mutator: 'ConditionalExpression', replacement: 'true', why: PIECES_STAY },
  {
    file: 'reference/src/buckets/draft-rows.ts', code: 'if (postId === undefined) {', original: 'postId === undefined', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'learning the draft ids again on every lookup finds the same ids: the map only saves the work',
  },
  {
    file: 'reference/src/buckets/draft-rows.ts', code: 'if (this.seen.has(post.id)) continue;', original: 'this.seen.has(post.id)', mutator: 'ConditionalExpression', replacement: 'false',
    why: "a post's draft id is derived from its id alone: computing it again sets the same entry",
  },
  {
    file: 'reference/src/buckets/draft-rows.ts', code: 'return postId === undefined ? undefined : this.posts.get(postId);', original: 'postId === undefined',
    mutator: 'ConditionalExpression', replacement: 'false', why: 'no post is stored under an undefined id: posts.get(undefined) is undefined as well',
  },
];
