/** Equivalent mutants of reference/src/persistence/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

/** format.ts's kind of a value, compared with 'object' only. */
const KIND_OF = "const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);";
const KIND_NAME = "kindOf is only compared with 'object' and never shown: an array's or null's kind named \"\" is not 'object' either, and is refused alike";

export const persistence: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/persistence/state-file.ts', code: "text = readFileSync(path, 'utf8');", original: "'utf8'", mutator: 'StringLiteral', replacement: '""',
    why: 'with no encoding readFileSync answers a Buffer: JSON.parse reads it as its UTF-8 text and Buffer.byteLength counts the same bytes, for every file of valid UTF-8 (all the reference writes)',
  },
  {
    file: 'reference/src/persistence/state-file.ts', code: 'if (this.timer) clearInterval(this.timer);', original: 'this.timer', mutator: 'ConditionalExpression', replacement: 'true',
    why: 'clearInterval(null), for a state file never started, does nothing',
  },
  {
    file: 'reference/src/persistence/state-file.ts', code: 'if (this.changed() || this.last === null) await this.save();', original: 'this.last === null', mutator: 'ConditionalExpression', replacement: 'false',
    why:
      "until a save lands, changed() is already true: the saved activity starts at -1 and is set back to -1 when a write fails, and the reference's activity counts from 0; " +
      'an encode that throws leaves it at -1 too',
  },
  {
    file: 'reference/src/persistence/control-routes.ts', code: 'if (err instanceof StateFileError) throw conflict(err.message);', original: 'err instanceof StateFileError', mutator: 'ConditionalExpression', replacement: 'true',
    why: "a restore throws nothing else: a document that passes decodeState (its shape and the whole-state check) is taken by every store's restore, so no request reaches the other errors' 500",
  },
  { file: 'reference/src/persistence/format.ts', code: KIND_OF, original: "'array'", mutator: 'StringLiteral', replacement: '""', why: KIND_NAME },
  { file: 'reference/src/persistence/format.ts', code: KIND_OF, original: "'null'", mutator: 'StringLiteral', replacement: '""', why: KIND_NAME },
];
