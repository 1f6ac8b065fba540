/**
 * Surviving mutants that no request can tell from the original, each with
 * the reason. They stay in the results as survivors, are not re-tested, and
 * count apart in the score (mutation/results.ts). A mutant is named by its
 * file, its 1-based line and column in mutation/incremental.json, its
 * mutator and its replacement; when the code around it changes, the entry no
 * longer matches and the mutant is tested again.
 */
export interface EquivalentMutant {
  file: string;
  line: number;
  column: number;
  mutator: string;
  replacement: string;
  why: string;
}

const REMOVED_SETTING_IS_UNKNOWN =
  'PublicationPatch is a strict object: without this check disableHighlights is refused as an unknown property, with the same 400 and error body and nothing changed; the check only words the message (msg wording is free)';

const NONE_IS_OPTIONAL_ON_V1 =
  "on /v1 the app checks a sent key even where a route needs none ('none' is read as 'optional': a wrong key answers 401, docs/spec-gaps.md); an unknown mode (\"\") is read as 'optional' too, so every request is answered the same";

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  { file: 'reference/src/publications/routes.ts', line: 14, column: 11, mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/publications/routes.ts', line: 20, column: 11, mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/publications/routes.ts', line: 26, column: 11, mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/users/routes.ts', line: 19, column: 11, mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/users/routes.ts', line: 25, column: 11, mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/publications/routes.ts', line: 39, column: 59, mutator: 'BlockStatement', replacement: '{}', why: REMOVED_SETTING_IS_UNKNOWN },
  { file: 'reference/src/publications/routes.ts', line: 40, column: 13, mutator: 'ConditionalExpression', replacement: 'false', why: REMOVED_SETTING_IS_UNKNOWN },
  {
    file: 'reference/src/publications/store.ts', line: 29, column: 33, mutator: 'ObjectLiteral', replacement: '{}',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', line: 29, column: 45, mutator: 'ArrowFunction', replacement: '() => undefined',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', line: 29, column: 51, mutator: 'BooleanLiteral', replacement: 'true',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', line: 116, column: 11, mutator: 'ConditionalExpression', replacement: 'true',
    why: 'a parsed PATCH holds only the keys the JSON body had, and JSON has no undefined: no value is ever undefined here',
  },
  {
    file: 'reference/src/publications/store.ts', line: 69, column: 12, mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no publication is stored under an undefined id: byId.get(undefined) is undefined as well',
  },
  {
    file: 'reference/src/publications/store.ts', line: 140, column: 12, mutator: 'OptionalChaining', replacement: 'this.byId.get(publicationId).communities',
    why: "segments are looked up only for the caller's own publication, which always exists",
  },
  {
    file: 'reference/src/publications/store.ts', line: 172, column: 70, mutator: 'ConditionalExpression', replacement: 'false',
    why: 'every view is sent as JSON, which leaves out undefined fields anyway',
  },
  {
    file: 'reference/src/posts/lifecycle.ts', line: 66, column: 37, mutator: 'ObjectLiteral', replacement: '{}',
    why: 'an effect left undefined reads as false, and changed is always assigned before the effects are returned',
  },
  {
    file: 'reference/src/posts/lifecycle.ts', line: 66, column: 48, mutator: 'BooleanLiteral', replacement: 'true',
    why: 'changed is always assigned (before vs after) before the effects are returned',
  },
  {
    file: 'reference/src/posts/transitions.ts', line: 76, column: 77, mutator: 'StringLiteral', replacement: '""',
    why: 'without its condition the row also matches drafts published once, but the refusal row before it (not neverPublished) takes every one of those',
  },
  {
    file: 'reference/src/posts/transitions.ts', line: 83, column: 73, mutator: 'StringLiteral', replacement: '""',
    why: 'without its condition the row also matches edits that change the post, but the row before it (changesPost) takes every one of those',
  },
  {
    file: 'reference/src/posts/transitions.ts', line: 110, column: 7, mutator: 'ConditionalExpression', replacement: 'false',
    why: 'unreachable: every request the schemas let through has a row (transitions.test.ts walks them all); without the check a missing row would be a TypeError, the same 500',
  },
  {
    file: 'reference/src/posts/transitions.ts', line: 110, column: 29, mutator: 'StringLiteral', replacement: '``',
    why: 'unreachable: every request the schemas let through has a row (transitions.test.ts walks them all)',
  },
  {
    file: 'reference/src/posts/lifecycle.ts', line: 66, column: 83, mutator: 'BooleanLiteral', replacement: 'true',
    why: "queueing a publish on every write: for a post that is not scheduled the task is due at once (scheduledAt null), runs within the write and finds nothing to publish; a scheduled post's task is queued again for its same time",
  },
  {
    file: 'reference/src/rate-limit/limiter.ts', line: 38, column: 31, mutator: 'ObjectLiteral', replacement: '{}',
    why: 'the first window of requests without a key is never read: set() opens a fresh one before limiting can be on',
  },
  {
    file: 'reference/src/rate-limit/limiter.ts', line: 48, column: 21, mutator: 'ConditionalExpression', replacement: 'false',
    why: 'while limiting is off windowMs is never read: view() answers null for both and no request is admitted through the limiter',
  },
  {
    file: 'reference/src/users/routes.ts', line: 10, column: 18, mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no user is stored under an undefined id: author(undefined) is undefined as well',
  },
  {
    file: 'reference/src/users/routes.ts', line: 20, column: 88, mutator: 'StringLiteral', replacement: '``',
    why: 'the 404 still answers the error body with "no user" in msg; the rest is wording (msg wording is free)',
  },
  {
    file: 'reference/src/users/routes.ts', line: 29, column: 81, mutator: 'StringLiteral', replacement: '``',
    why: 'the 404 still answers the error body with "no user" in msg; the rest is wording (msg wording is free)',
  },
];
