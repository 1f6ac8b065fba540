/** Unsubscribe links and pages. */
import type { Area } from './area.js';

export const unsubscribeAreas: readonly Area[] = [
  {
    name: 'unsubscribe',
    mutate: ['reference/src/unsubscribe/**/*.ts'],
    // The pages behind an email's link, and /_control/unsubscribe (a link's token or an address),
    // seen through later sends, the subscriber list and the publication's notification setting.
    filter: ['emails.unsubscribe', 'emails.skip.suppressed', 'subscribers.suppressed'],
    unitTests: {
      files: ['reference/src/persistence/round-trip.test.ts', 'reference/src/persistence/broken-records.test.ts'],
      why: "no request reaches the tokens' part of the state file (snapshot-schema.ts, snapshot, restoreSnapshot): saving and restoring a state does",
    },
  },
];
