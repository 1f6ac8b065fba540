/** The state file and named snapshots: the reference's own, beside the API (DESIGN.md and the register state it), so judged mostly by its own tests. */
import type { Area } from './area.js';

export const persistenceAreas: readonly Area[] = [
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
        'reference/src/persistence/state-references.test.ts',
        'reference/src/persistence/state-schema.test.ts',
        'reference/src/persistence/persistence.test.ts',
        'reference/src/persistence/named.test.ts',
        'reference/src/persistence/atomic-write.test.ts',
      ],
      why:
        "the state file and named snapshots are the reference's own (docs/state-file.md); " +
        'the save on SIGTERM (process.test.ts) starts the command line as a child process, too slow to run per mutant',
    },
  },
];
