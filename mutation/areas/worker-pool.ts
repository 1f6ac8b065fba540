/** The worker pool: markdown, excerpts and email rendering run in workers, each call within a CPU budget. */
import type { Area } from './area.js';

export const workerPoolAreas: readonly Area[] = [
  {
    name: 'worker-pool',
    mutate: ['reference/src/worker-pool/*.ts'],
    filter: ['posts.create.markdown-converted', 'posts.update.markdown-replaces', 'posts.create.body-json-invalid-400', 'emails.send'],
    unitTests: {
      files: ['reference/src/worker-pool/pool.test.ts'],
      why:
        "a call's CPU budget, the worker replaced after an overrun, the extra worker beside a slow call and the refusals on close " +
        'show only with a body that runs for seconds, which the suite does not send',
    },
  },
];
