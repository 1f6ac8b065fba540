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

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [];
