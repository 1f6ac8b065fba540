/** The in-process handle and fetch handler: the package's entry for tests in another project. */
import type { Area } from './area.js';

export const inProcessAreas: readonly Area[] = [
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
];
