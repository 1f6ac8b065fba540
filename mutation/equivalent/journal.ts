/** Equivalent mutants of reference/src/journal/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

export const journal: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/journal/store.ts', code: 'this.ring = new Array(capacity);', original: 'new Array(capacity)', mutator: 'ArrayDeclaration', replacement: 'new Array()',
    why: "an array grows as entries are written: a slot past the last one written reads undefined whether the array was made with the capacity's length or empty, and the ring never writes past its capacity",
  },
  {
    file: 'reference/src/journal/store.ts', code: 'msg: status !== null && status >= 400 ? errorMessage(request.json) : null,', original: 'status !== null', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'the status is null only for a dropped request, and null >= 400 is false: the message is left out either way',
  },
  {
    file: 'reference/src/journal/store.ts', code: "const msg = json && typeof json === 'object' ? (json as { msg?: unknown }).msg : undefined;", original: "typeof json === 'object'", mutator: 'ConditionalExpression', replacement: 'true',
    why: 'a truthy JSON value that is not an object (a string, a number, true) has no msg property: reading it gives undefined, as not reading it does',
  },
];
