/** Equivalent mutants of reference/src/documents/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

export const documents: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/documents/packed-links.ts', code: 'const DESTINATION_END = /[ \\t\\n\\x00-\\x1f]+/;',
    original: '/[ \\t\\n\\x00-\\x1f]+/', mutator: 'Regex', replacement: '/[ \\t\\n\\x00-\\x1f]/',
    why: 'split at each separator alone, a row of them leaves empty runs between them, and an empty run is shorter than 1,000 characters and skipped: the runs counted are the same',
  },
];
