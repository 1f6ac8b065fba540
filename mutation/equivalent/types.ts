/** A mutant by its code, not its line number, so that it is still found when lines move. */
export interface MutantName {
  file: string;
  /** The line the mutant starts on, without its indentation. */
  code: string;
  /** The text the mutant replaces (mutantOriginal in results.ts). */
  original: string;
  mutator: string;
  replacement: string;
}

export interface EquivalentMutant extends MutantName {
  why: string;
}
