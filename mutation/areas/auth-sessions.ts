/** CLI auth sessions, cut in two: the store and JSON routes, the pages. */
import { stateFileTests, type Area } from './area.js';

export const authSessionsAreas: readonly Area[] = [
  {
    // auth-sessions is cut in two: the pages' mutants need no state-file tests (a third of a judged run).
    name: 'auth-sessions-store',
    // The life cycle (store and table), the JSON routes and the control routes (sessions and API keys).
    mutate: [
      'reference/src/auth-sessions/store.ts',
      'reference/src/auth-sessions/transitions.ts',
      'reference/src/auth-sessions/snapshot-schema.ts',
      'reference/src/auth-sessions/routes.ts',
      'reference/src/auth-sessions/control-routes.ts',
    ],
    filter: ['auth-sessions.'],
    unitTests: {
      files: [...stateFileTests('auth session').files, 'reference/src/auth-sessions/store.test.ts', 'reference/src/control/guard.http.test.ts'],
      why:
        `${stateFileTests('auth session').why}; ` +
        "the table's why column (the rule each row implements) reaches no answer: its own test checks every row says why; " +
        "that the control routes do not read the control token as an API key shows only under --control-token, which the suite's in-process target does not set",
    },
  },
  {
    // The approval page a browser opens (verificationUrl): what it shows, the form, its redirects and headers.
    // Judged over plain HTTP; the Chromium test (browser.e2e.test.ts) is too slow per mutant.
    name: 'auth-sessions-pages',
    mutate: [
      'reference/src/auth-sessions/page-routes.ts',
      'reference/src/auth-sessions/pages.ts',
      'reference/src/auth-sessions/html.ts',
      'reference/src/auth-sessions/urls.ts',
    ],
    filter: ['auth-sessions.'],
    unitTests: {
      files: ['reference/src/auth-sessions/secure-cookie.http.test.ts'],
      why: "the cookie's Secure flag shows only behind an https public URL; the suite's in-process target is http",
    },
  },
];
