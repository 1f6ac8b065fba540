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

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  { file: 'reference/src/publications/routes.ts', line: 39, column: 59, mutator: 'BlockStatement', replacement: '{}', why: REMOVED_SETTING_IS_UNKNOWN },
  { file: 'reference/src/publications/routes.ts', line: 40, column: 13, mutator: 'ConditionalExpression', replacement: 'false', why: REMOVED_SETTING_IS_UNKNOWN },
  {
    file: 'reference/src/publications/store.ts', line: 52, column: 33, mutator: 'ObjectLiteral', replacement: '{}',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', line: 52, column: 45, mutator: 'ArrowFunction', replacement: '() => undefined',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', line: 52, column: 51, mutator: 'BooleanLiteral', replacement: 'true',
    why: 'the default post lookup is replaced (usePosts) while the state is wired, before any request',
  },
  {
    file: 'reference/src/publications/store.ts', line: 139, column: 11, mutator: 'ConditionalExpression', replacement: 'true',
    why: 'a parsed PATCH holds only the keys the JSON body had, and JSON has no undefined: no value is ever undefined here',
  },
  {
    file: 'reference/src/publications/store.ts', line: 92, column: 12, mutator: 'ConditionalExpression', replacement: 'false',
    why: 'no publication is stored under an undefined id: byId.get(undefined) is undefined as well',
  },
  {
    file: 'reference/src/publications/store.ts', line: 163, column: 12, mutator: 'OptionalChaining', replacement: 'this.byId.get(publicationId).communities',
    why: "segments are looked up only for the caller's own publication, which always exists",
  },
  {
    file: 'reference/src/publications/store.ts', line: 195, column: 70, mutator: 'ConditionalExpression', replacement: 'false',
    why: 'every view is sent as JSON, which leaves out undefined fields anyway',
  },
];
