/** Search (discover). */
import type { Area } from './area.js';

export const searchAreas: readonly Area[] = [
  {
    name: 'search',
    mutate: ['reference/src/search/**/*.ts'],
    filter: ['discover.'],
  },
];
