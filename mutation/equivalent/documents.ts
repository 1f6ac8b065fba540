/** Equivalent mutants of reference/src/documents/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

export const documents: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/documents/packed-links.ts', code: 'const DESTINATION_END = /[ \\t\\n\\x00-\\x1f]+/;',
    original: '/[ \\t\\n\\x00-\\x1f]+/', mutator: 'Regex', replacement: '/[ \\t\\n\\x00-\\x1f]/',
    why: 'split at each separator alone, a row of them leaves empty runs between them, and an empty run is shorter than 1,000 characters and skipped: the runs counted are the same',
  },
  {
    file: 'reference/src/documents/markdown.ts', code: 'if (deepest > limit) break;', original: 'deepest > limit', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'the break only spares measuring the rest of the children once one is past the limit: without it the deepest is measured in full, still past the limit, and the refusal is the same',
  },
  {
    file: 'reference/src/documents/markdown.ts', code: 'while (stack.length > 0 && count <= limit) {', original: 'count <= limit', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'counting stops past the limit only to save time: counted to the end, a tree past the limit is still past it, and one within it is counted alike',
  },
  {
    file: 'reference/src/documents/quote-depth.ts', code: 'const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/s;',
    original: '/^ {0,3}(`{3,}|~{3,})(.*)$/s', mutator: 'Regex', replacement: '/^ {0,3}(`{3,}|~{3,})(.*)/s',
    why: 'with the s flag the greedy (.*) takes the rest of the line, whatever it holds, so the end anchor always matches where it ends',
  },
  {
    file: 'reference/src/documents/markdown.ts', code: "warmUp: '# Ready\\n\\nA *first* body with a [link](https://example.com).',",
    original: "'# Ready\\n\\nA *first* body with a [link](https://example.com).'", mutator: 'StringLiteral', replacement: '""',
    why: "a worker converts its warm-up body once when it starts and drops the result: an empty body warms it up less, which shows only in a first call's time",
  },
];
