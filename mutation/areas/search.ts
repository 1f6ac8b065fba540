/** Search (discover). */
import type { Area } from './area.js';

export const searchAreas: readonly Area[] = [
  {
    name: 'search',
    mutate: ['reference/src/search/**/*.ts'],
    filter: ['discover.'],
    unitTests: {
      files: ['reference/src/search/search.http.test.ts'],
      why:
        'that an absent or empty query has no words is tested on the function: a request without q would see another default ' +
        'only if some post held the words of that default',
    },
  },
];
