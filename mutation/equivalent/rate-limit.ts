/** Equivalent mutants of reference/src/rate-limit/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

export const rateLimit: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/rate-limit/limiter.ts', code: 'private anonymous: Window = { start: 0, count: 0 };', original: '{ start: 0, count: 0 }', mutator: 'ObjectLiteral', replacement: '{}',
    why: 'the first window of requests without a key is never read: set() opens a fresh one before limiting can be on',
  },
  {
    file: 'reference/src/rate-limit/limiter.ts', code: 'this.windowMs = limit === null ? 0 : windowMs;', original: 'limit === null', mutator: 'ConditionalExpression', replacement: 'false',
    why: 'while limiting is off windowMs is never read: view() answers null for both and no request is admitted through the limiter',
  },
];
