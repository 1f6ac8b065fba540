/** The request journal. */
import type { Area } from './area.js';

export const journalAreas: readonly Area[] = [
  {
    name: 'journal',
    mutate: ['reference/src/journal/**/*.ts'],
    // GET /_control/requests is the reference's own tool, not DESIGN.md's control protocol: no rule of the suite reads it.
    filter: [],
    unitTests: {
      files: ['reference/src/journal/store.test.ts', 'reference/src/journal/journal.http.test.ts', 'reference/src/inspector/inspector.http.test.ts', 'reference/src/control/guard.http.test.ts'],
      why:
        "the request journal is no rule of the suite (a target need not keep one): its own tests and the inspector's Requests page, which shows it, judge it; " +
        "its routes' auth mode shows only under --control-token (guard.http.test.ts), which the suite's in-process target does not set",
    },
  },
];
