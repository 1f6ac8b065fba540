/**
 * The subscribers and emails suites fail a server that breaks one of their
 * rules, and only that rule (describe-breakages.ts says how).
 */
import { newslettersSentTwice, suppressedAddressesAccepted } from './breakages/emails.js';
import { repeatedSubscribersListedTwice } from './breakages/subscribers.js';
import { describeBreakages } from './describe-breakages.js';

describeBreakages('the subscribers and emails suites fail a server that breaks one rule, and only that rule', [
  {
    what: 'lists a subscriber added twice as two subscribers',
    breakage: repeatedSubscribersListedTwice,
    reason: /expected 2 subscribers .*the list has 4/,
    filter: ['adding an existing subscriber again, by email or by wallet, does not duplicate it'],
    include: ['conformance/suites/subscribers/add-delete.test.ts'],
    expectedFailures: ['subscribers.add.no-duplicate', 'subscribers.list.page'],
  },
  {
    what: 'sends a newsletter twice to each subscriber',
    breakage: newslettersSentTwice,
    reason: /got the newsletter more than once/,
    filter: ['publishing with sendNewsletter emails each active subscriber with an address exactly once'],
    include: ['conformance/suites/emails/newsletter.test.ts'],
    expectedFailures: ['emails.newsletter.eligible-once', 'events.newsletter.on-publish'],
  },
  {
    what: 'accepts a suppressed address for a custom email',
    breakage: suppressedAddressesAccepted,
    reason: /accepted 2, expected 1/,
    filter: ['an address that unsubscribed is skipped as suppressed'],
    include: ['conformance/suites/emails/filtering.test.ts'],
    expectedFailures: ['emails.skip.suppressed'],
  },
]);
