/** Emails, cut in two: sending, and the outbox. */
import { stateFileTests, type Area } from './area.js';

export const emailsAreas: readonly Area[] = [
  {
    // emails is cut in two, sending and the outbox, each a sitting's worth of mutants.
    name: 'emails-sending',
    // What is sent: newsletters on publish and the test newsletter, custom emails, owner notifications, the routes.
    mutate: [
      'reference/src/emails/newsletter.ts',
      'reference/src/emails/custom.ts',
      'reference/src/emails/notifications.ts',
      'reference/src/emails/store.ts',
      'reference/src/emails/routes.ts',
    ],
    // Every email rule, the events that send one (newsletter on publish, new subscriber) and the test newsletter;
    // a request without a key judges the routes' auth modes.
    filter: ['emails.', 'events.', 'test-newsletter.', 'auth.missing-key.401'],
    unitTests: stateFileTests('email'),
  },
  {
    name: 'emails-outbox',
    // Where it goes: the outbox and its delivery on the clock, the rendering, the control routes, the fault switches.
    mutate: [
      'reference/src/emails/outbox.ts',
      'reference/src/emails/render.ts',
      'reference/src/emails/control-routes.ts',
      'reference/src/emails/faults.ts',
      'reference/src/emails/snapshot-schema.ts',
    ],
    // The control routes also list and clear the outbox, and add or lift suppressions.
    filter: ['emails.', 'events.', 'test-newsletter.', 'control.outbox', 'subscribers.suppressed'],
    unitTests: {
      files: [...stateFileTests('email').files, 'reference/src/analytics/mirror/mirror.test.ts', 'reference/src/emails/faults.test.ts', 'reference/src/control/guard.http.test.ts', 'reference/src/emails/outbox.test.ts'],
      why:
        `${stateFileTests('email').why}; ` +
        "the outbox's queued and delivered events are read by the analytics mirror alone (a newsletter's rows in newsletter_metrics), which no rule of the suite reads; " +
        "the fault switches as a server starts them show only on a fresh server, and the suite's target had its switches set and lifted by earlier tests; " +
        "that the control routes do not read the control token as an API key shows only under --control-token, which the suite's in-process target does not set; " +
        "which deliveries wait on the clock (none for an empty list or slice, after a restore only those of emails still queued) and the outbox's size are shown by no API answer, only by the inspector's clock and mail pages",
    },
  },
];
