/** Rate limiting. */
import type { Area } from './area.js';

export const rateLimitAreas: readonly Area[] = [
  {
    name: 'rate-limit',
    mutate: ['reference/src/rate-limit/**/*.ts'],
    filter: ['errors.429'],
    unitTests: {
      files: ['reference/src/rate-limit/limiter.test.ts', 'reference/src/rate-limit/rate-limit.http.test.ts', 'reference/src/control/guard.http.test.ts'],
      why:
        'the window arithmetic (refill, bursts) is seen over HTTP only at the few limits the suite sets; ' +
        "a target that does not list the rate-limit capability has the suite skip its test, not fail it; " +
        "the control routes' auth mode shows only under --control-token, which the suite's in-process target does not set",
    },
  },
];
