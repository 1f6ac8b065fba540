/**
 * The reference's own tools, beside the API: the public site, the inspector, the state file and
 * snapshots, faults acting on a request, the in-process handle, the worker pool. No rule of the
 * suite states most of what they do (DESIGN.md and the register do), so their own tests judge them.
 */
import type { Area } from './area.js';

export const toolAreas: readonly Area[] = [
  {
    name: 'site',
    mutate: ['reference/src/site/*.ts'],
    filter: [],
    unitTests: {
      files: ['reference/src/site/site.http.test.ts'],
      why:
        "the public site is the reference's own (docs/spec-gaps.md, the site's rows): no rule of the suite reads its pages; " +
        'the Chromium test (browser.e2e.test.ts) is too slow to run per mutant',
    },
  },
  {
    name: 'inspector',
    mutate: ['reference/src/inspector/*.ts'],
    filter: [],
    unitTests: {
      files: ['reference/src/inspector/inspector.http.test.ts'],
      why:
        "the inspector is the reference's own tool, served with the control API: no rule of the suite reads it; " +
        'the Chromium test (browser.e2e.test.ts, the script) is too slow to run per mutant',
    },
  },
  {
    name: 'persistence',
    mutate: ['reference/src/persistence/*.ts'],
    // A reset goes back to the fixtures; everything else here is the reference's own (docs/state-file.md).
    filter: ['control.reset'],
    unitTests: {
      files: [
        'reference/src/persistence/round-trip.test.ts',
        'reference/src/persistence/broken-records.test.ts',
        'reference/src/persistence/state-file.test.ts',
      ],
      why:
        "the state file and named snapshots are the reference's own (docs/state-file.md); " +
        'the save on SIGTERM (process.test.ts) starts the command line as a child process, too slow to run per mutant',
    },
  },
  {
    // faults-rules holds the rules and their matching (store.ts, compact.ts); this is acting on a matched request.
    name: 'faults-act',
    mutate: ['reference/src/faults/act.ts', 'reference/src/faults/control-routes.ts'],
    filter: ['control.faults'],
    unitTests: {
      files: ['reference/src/faults/faults.http.test.ts', 'reference/src/in-process/faults.test.ts'],
      why:
        "fault rules are the reference's own tool: the suite checks that a rule answers its status and that mode after applies the request; " +
        "latency, a dropped connection and the control routes' refusals are read by faults' own tests",
    },
  },
  {
    name: 'in-process',
    mutate: ['reference/src/in-process/*.ts'],
    filter: [],
    unitTests: {
      files: [
        'reference/src/in-process/start.test.ts',
        'reference/src/in-process/fetch-handler.test.ts',
        'reference/src/in-process/faults.test.ts',
        'reference/src/http/read-cache.http.test.ts',
      ],
      why: "the in-process handle and its fetch handler are the package's API for tests in another project (README), not HTTP: the suite starts the reference on a port",
    },
  },
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
