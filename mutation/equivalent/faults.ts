/** Equivalent mutants of reference/src/faults/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

export const faults: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/faults/store.ts', code: 'enabled = false;', original: 'false', mutator: 'BooleanLiteral', replacement: 'true',
    why: "the constructor's reset clears the store, which sets enabled from the rules it has: the initial value is never read",
  },
  {
    file: 'reference/src/faults/store.ts', code: 'private rules: Rule[] = [];', original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "the constructor's reset clears the store, which replaces the rules: the initial array is never read",
  },
  {
    file: 'reference/src/faults/store.ts', code: 'if (view.probability !== null && !(rule.random.float() < view.probability)) continue;', original: 'rule.random.float() < view.probability',
    mutator: 'EqualityOperator', replacement: 'rule.random.float() <= view.probability',
    why: 'the two differ only when a draw equals the probability exactly; the draws of the seeded source for the rules a request can make never do',
  },
  {
    file: 'reference/src/faults/compact.ts', code: "match.header = colon < 0 ? { name: value } : { name: value.slice(0, colon), value: value.slice(colon + 1) };", original: 'colon < 0',
    mutator: 'EqualityOperator', replacement: 'colon <= 0',
    why: "the two differ only for a value starting with ':', whose name is then empty or starts with ':': the schema refuses both, with the same message",
  },
  {
    file: 'reference/src/faults/compact.ts', code: 'for (const word of text.trim().split(/\\s+/).filter(Boolean)) {', original: 'text.trim()', mutator: 'MethodExpression', replacement: 'text',
    why: 'untrimmed, white space at either end splits into empty words, which the filter drops: the words are the same',
  },
  {
    file: 'reference/src/faults/compact.ts', code: 'for (const word of text.trim().split(/\\s+/).filter(Boolean)) {', original: '/\\s+/', mutator: 'Regex', replacement: '/\\s/',
    why: 'split at each white space, a run of them gives empty words between, which the filter drops: the words are the same',
  },
];
