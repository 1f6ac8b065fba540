/** The public site: the reference's own, beside the API (DESIGN.md and the register state it), so judged mostly by its own tests. */
import type { Area } from './area.js';

export const siteAreas: readonly Area[] = [
  {
    name: 'site',
    mutate: ['reference/src/site/*.ts'],
    filter: [],
    unitTests: {
      files: ['reference/src/site/site.http.test.ts', 'reference/src/site/pages.http.test.ts'],
      why:
        "the public site is the reference's own (docs/spec-gaps.md, the site's rows): no rule of the suite reads its pages; " +
        'the Chromium test (browser.e2e.test.ts) is too slow to run per mutant',
    },
  },
];
