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
];
