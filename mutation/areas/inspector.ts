/** The inspector: the reference's own, beside the API (DESIGN.md and the register state it), so judged mostly by its own tests. */
import type { Area } from './area.js';

export const inspectorAreas: readonly Area[] = [
  {
    name: 'inspector',
    mutate: ['reference/src/inspector/*.ts'],
    filter: [],
    unitTests: {
      files: [
        'reference/src/inspector/inspector.http.test.ts',
        'reference/src/inspector/pages.http.test.ts',
        'reference/src/inspector/actions.http.test.ts',
        'reference/src/inspector/access.test.ts',
        'reference/src/inspector/routes.test.ts',
        'reference/src/inspector/parts.test.ts',
        'reference/src/inspector/requests-page.http.test.ts',
        'reference/src/inspector/clock-page.http.test.ts',
        'reference/src/inspector/mail-page.http.test.ts',
        'reference/src/inspector/state-page.http.test.ts',
        'reference/src/inspector/saved-state-pages.http.test.ts',
      ],
      why:
        "the inspector is the reference's own tool, served with the control API: no rule of the suite reads it; " +
        'the Chromium test (browser.e2e.test.ts, the script) is too slow to run per mutant',
    },
  },
];
