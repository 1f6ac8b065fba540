/** Subscribers, cut in three: identity, the store, the CSV import. */
import { stateFileTests, type Area } from './area.js';

export const subscribersAreas: readonly Area[] = [
  {
    name: 'subscribers-identity',
    // The identity rules (what an add or a delete means, when two addresses are one) and the routes that apply them.
    mutate: ['reference/src/subscribers/identity.ts', 'reference/src/subscribers/routes.ts', 'reference/src/subscribers/address.ts'],
    // A subscriber added through the API notifies the owner (source api); routes.ts also holds
    // the import's route (its answer and summary header) and the routes' auth modes.
    filter: [
      'subscribers.add',
      'subscribers.delete',
      'subscribers.list',
      'subscribers.count',
      'pagination.limit.subscribers',
      'events.new-subscriber',
      // A custom email skips invalid and disposable addresses, and sends once to two spellings of one address.
      'emails.skip',
      'subscribers.import.response',
      'subscribers.import.summary-header',
      'auth.missing-key.401',
    ],
  },
  {
    name: 'subscribers-store',
    mutate: ['reference/src/subscribers/store.ts', 'reference/src/subscribers/suppressions.ts', 'reference/src/subscribers/snapshot-schema.ts', 'reference/src/subscribers/fixtures.ts'],
    // Who is active decides who gets a newsletter and the owner's new-subscriber email;
    // a suppression is also what custom emails skip.
    filter: [
      'subscribers.add',
      'subscribers.delete',
      'subscribers.list',
      'subscribers.count',
      'subscribers.suppressed',
      'pagination.limit.subscribers',
      'events.new-subscriber',
      'events.newsletter.on-publish',
      'emails.skip.suppressed',
      // The import adds without strict (a conflict skips the row) and counts each outcome in its summary header.
      'subscribers.import.summary-header',
      // The store's events (added, changed, removed) are read by analytics alone; its records are copied into analytics.
      'analytics.data.fresh',
      'analytics.data.agrees-with-api',
    ],
    unitTests: {
      files: [...stateFileTests('subscriber').files, 'reference/src/subscribers/empty-publication.test.ts', 'reference/src/subscribers/store-lookups.test.ts'],
      why:
        `${stateFileTests('subscriber').why}; ` +
        "every publication of the suite's target has fixture subscribers, so no request of the suite reads one that never had any (a reference started without fixtures); " +
        "the wallet lookup serves only the fixture history (which reader rows name a wallet-only subscriber, which no rule states); " +
        'the ids of subscribers added at one instant order them only once the ids gain a digit, a count no test can arrange (the API shows no subscriber ids)',
    },
  },
  {
    name: 'subscribers-import',
    // The CSV import: the multipart upload and its limits, the CSV reading, columns and dates, applying the rows.
    mutate: ['reference/src/subscribers/import.ts', 'reference/src/subscribers/multipart.ts', 'reference/src/subscribers/csv/**/*.ts'],
    // An imported subscriber's source is shown by analytics alone.
    filter: ['subscribers.import', 'analytics.data.fresh'],
  },
];
