/** Equivalent mutants of reference/src/in-process/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

export const inProcess: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/in-process/start.ts', code: 'reference.clock.enableTimers(true);', original: 'true', mutator: 'BooleanLiteral', replacement: 'false',
    why:
      'every request runs the work that fell due before it is handled (app.ts), so whatever a request answers is the same whether the timer ran a ' +
      'scheduled publish or a delivery first or the request does; the timer only moves when it happens between requests',
  },
];
