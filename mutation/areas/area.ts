/** An area of `npm run mutation`, and what its definitions share. */
export interface Area {
  name: string;
  /** Files to mutate, globs from the repository root; tests and test helpers are always left out. */
  mutate: string[];
  /** The conformance suite's --filter: rule id prefixes whose tests judge these files (none: unit tests alone judge). */
  filter: string[];
  /** Unit tests that judge too, with the reason the suite alone cannot. */
  unitTests?: { files: string[]; why: string };
}

/** The state-file tests (save a state, restore it, refuse a broken one) judge a store's part of the state file. */
export function stateFileTests(store: string): NonNullable<Area['unitTests']> {
  return {
    files: ['reference/src/persistence/round-trip.test.ts', 'reference/src/persistence/broken-records.test.ts'],
    why: `no request reaches the ${store} store's part of the state file (snapshot-schema.ts, snapshot, restoreSnapshot): saving and restoring a state does`,
  };
}
