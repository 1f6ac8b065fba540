/** Equivalent mutants of reference/src/publications/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';
import { NONE_IS_OPTIONAL_ON_V1 } from './reasons.js';

const REMOVED_SETTING_IS_UNKNOWN =
  'PublicationPatch is a strict object: without this check disableHighlights is refused as an unknown property, with the same 400 and error body and nothing changed; the check only words the message (msg wording is free)';

export const publications: readonly EquivalentMutant[] = [
  { file: 'reference/src/publications/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/publications/routes.ts', code: 'for (const removed of REMOVED_PUBLICATION_SETTINGS) {', original: '{ … } #5a156a69', mutator: 'BlockStatement', replacement: '{}', why: REMOVED_SETTING_IS_UNKNOWN },
  { file: 'reference/src/publications/routes.ts', code: 'if (removed in body) throw badRequest(`${removed} was removed and can no longer be set`);', original: 'removed in body', mutator: 'ConditionalExpression', replacement: 'false', why: REMOVED_SETTING_IS_UNKNOWN },
  {
    file: 'reference/src/publications/store.ts', code: 'private posts: PostLookup = { isPostOf: () => false },', original: '{ isPostOf: () => false }', mutator: 'ObjectLiteral', replacement: '{}',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'private posts: PostLookup = { isPostOf: () => false },', original: '() => false', mutator: 'ArrowFunction', replacement: '() => undefined',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'private posts: PostLookup = { isPostOf: () => false },', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'if (value !== undefined) (p as unknown as Record<string, unknown>)[key] = value;', original: 'value !== undefined', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'a parsed PATCH holds only the keys the JSON body had, and JSON has no undefined: no value is ever undefined here',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'return id === undefined ? undefined : this.byId.get(id);', original: 'id === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no publication is stored under an undefined id: byId.get(undefined) is undefined as well',
  },
  {
    file: 'reference/src/publications/store.ts', code: 'return this.byId.get(publicationId)?.communities.find((c) => c.id === communityId);', original: 'this.byId.get(publicationId)?.communities', mutator: 'OptionalChaining', replacement: 'this.byId.get(publicationId).communities',
    why: "segments are looked up only for the caller's own publication, which always exists",
  },
  {
    file: 'reference/src/publications/store.ts', code: 'for (const key of Object.keys(view) as (keyof PublicationT)[]) if (view[key] === undefined) delete view[key];', original: 'view[key] === undefined', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'every view is sent as JSON, which leaves out undefined fields anyway',
  },
  {
    file: 'reference/src/publications/fixtures.ts', code: 'pinnedPostIds: [...publication.pinnedPostIds],', original: '[...publication.pinnedPostIds]', mutator: 'ArrayDeclaration', replacement: '[]',
    why: 'no fixture publication has pinned posts (fixtures/index.ts): the copy of its empty list is an empty list',
  },
];
