/** Fault injection, cut in two: the rules and their matching, acting on a request. */
import type { Area } from './area.js';

export const faultsAreas: readonly Area[] = [
  {
    // faults is cut in two: its rules and their matching are pure and judged by fast unit tests; acting on a request is not.
    name: 'faults-rules',
    mutate: ['reference/src/faults/store.ts', 'reference/src/faults/compact.ts'],
    filter: ['control.faults'],
    unitTests: {
      files: ['reference/src/faults/store.test.ts', 'reference/src/faults/compact.test.ts'],
      why:
        "fault rules are the reference's own tool: the suite checks that one answers and one applies (control.faults), not the matching, " +
        "counters, seeded draws, listing and reset, nor the --fault syntax, which is read by the command line, not over HTTP",
    },
  },
  {
    // Acting on a matched request: latency, a status, a dropped, stalled or cut answer.
    name: 'faults-act',
    mutate: ['reference/src/faults/act.ts', 'reference/src/faults/control-routes.ts'],
    filter: ['control.faults'],
    unitTests: {
      files: [
        'reference/src/faults/faults.http.test.ts',
        'reference/src/in-process/faults.test.ts',
        'reference/src/journal/journal.http.test.ts',
        'reference/src/control/guard.http.test.ts',
      ],
      why:
        "fault rules are the reference's own tool: the suite checks that a rule answers its status and that mode after applies the request; " +
        "latency, a dropped connection, the CORS and message of an answer and the control routes' refusals are read by faults' own tests; " +
        "what a touched request's journal entry records (the rule, the outcome) by the journal's, which no rule of the suite reads; " +
        "the control routes' auth mode shows only under --control-token (guard.http.test.ts), which the suite's in-process target does not set",
    },
  },
];
