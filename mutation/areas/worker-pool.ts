/** The worker pool: markdown, excerpts and email rendering run in workers, each call within a CPU budget. */
import type { Area } from './area.js';

export const workerPoolAreas: readonly Area[] = [
  {
    name: 'worker-pool',
    mutate: ['reference/src/worker-pool/*.ts'],
    filter: ['posts.create.markdown-converted', 'posts.update.markdown-replaces', 'posts.create.body-json-invalid-400', 'emails.send'],
    unitTests: {
      files: [
        'reference/src/worker-pool/pool.test.ts',
        'reference/src/worker-pool/pool.fake-worker.test.ts',
        'reference/src/worker-pool/pool-cpu.fake-worker.test.ts',
        'reference/src/worker-pool/thread-cpu.test.ts',
        'reference/src/worker-pool/thread.test.ts',
      ],
      why:
        "a call's CPU budget, the worker replaced after an overrun, the extra worker beside a slow call and the refusals on close " +
        'show only with a body that runs for seconds, which the suite does not send; ' +
        'the exact points at which they happen (the budget, the slow mark, the interval of the checks), which worker is given which call, ' +
        'when a worker holds the process and what a dead worker does to its calls show only on workers whose answers and CPU time a test sets ' +
        "(pool.fake-worker.test.ts, pool-cpu.fake-worker.test.ts); a thread's CPU time is read from /proc, which no answer shows (thread-cpu.test.ts); " +
        "a worker's own steps (its warm-ups, the call it marks as under way, a failure's message, the calls it skips) " +
        "reach an answer only as speed or as a 500 no valid input causes, and show exactly when the worker runs on the test's thread (thread.test.ts)",
    },
  },
];
